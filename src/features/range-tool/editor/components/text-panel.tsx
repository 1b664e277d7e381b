import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { CopyButton } from '@/components/copy-button';
import { RangeTextError } from '@/engine/range-text-error';
import { useAtomValue } from '@/lib/store';

import { chartReadOnlyAtom } from '../../shared/atoms';
import { RANGE_STYLES, type RangeStyle } from '../../shared/chart-text';
import { type ExportScope, useChartText } from '../use-chart-text';

const STYLE_KEYS = {
  pokerstove: 'ranges:text.stylePokerStove',
  bracketed: 'ranges:text.styleBracketed',
  weighted_list: 'ranges:text.styleWeightedList',
} as const satisfies Record<RangeStyle, string>;

const SCOPES: readonly ExportScope[] = ['color', 'chart', 'actions'];
const SCOPE_KEYS = {
  color: 'ranges:text.scopeColor',
  chart: 'ranges:text.scopeChart',
  actions: 'ranges:text.scopeActions',
} as const satisfies Record<ExportScope, string>;

/**
 * The chart's text: any single-range format into the current colour, a paste of one line per action as the whole
 * chart, and the current colour, the whole chart or one line per colour written for another tool.
 */
export function TextPanel() {
  const { t } = useTranslation();
  const ids = { text: useId(), hint: useId(), style: useId(), scope: useId() };
  const readOnly = useAtomValue(chartReadOnlyAtom);
  const { importIntoColor, importActions, exportText } = useChartText();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [style, setStyle] = useState<RangeStyle>('pokerstove');
  const [scope, setScope] = useState<ExportScope>('chart');
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
      setError(null);
    } catch (failure) {
      setError(t('ranges:toolbar.textError', { message: (failure as Error).message }));
      // The token the engine could not read is selected, so the player sees which one to correct.
      if (failure instanceof RangeTextError && field.current) {
        field.current.focus();
        field.current.setSelectionRange(failure.index, failure.index + failure.length);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="range-toolbar__text">
      <label htmlFor={ids.text}>{t('ranges:toolbar.textLabel')}</label>
      <textarea
        ref={field}
        id={ids.text}
        rows={4}
        value={text}
        spellCheck={false}
        aria-describedby={ids.hint}
        onChange={(event) => setText(event.target.value)}
        placeholder={'QQ+, AKs, AQs:0.5\n[50]KQs, KJs[/50]\nRaise: AA:1,AKs:0.75'}
      />
      <p id={ids.hint} className="muted range-toolbar__hint">
        {t('ranges:text.formats')}
      </p>
      <div className="range-toolbar__row">
        <button
          type="button"
          className="button"
          onClick={() => void run(() => importIntoColor(text))}
          disabled={readOnly || busy || !text.trim()}
        >
          {t('ranges:toolbar.import')}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => void run(() => importActions(text))}
          disabled={readOnly || busy || !text.trim()}
          title={t('ranges:text.importActionsHint')}
        >
          {t('ranges:text.importActions')}
        </button>
      </div>
      <div className="range-toolbar__row range-toolbar__export">
        <label className="range-toolbar__field" htmlFor={ids.scope}>
          <span>{t('ranges:text.scope')}</span>
          <select
            id={ids.scope}
            value={scope}
            onChange={(event) => setScope(event.target.value as ExportScope)}
          >
            {SCOPES.map((value) => (
              <option key={value} value={value}>
                {t(SCOPE_KEYS[value])}
              </option>
            ))}
          </select>
        </label>
        <label className="range-toolbar__field" htmlFor={ids.style}>
          <span>{t('ranges:text.style')}</span>
          <select
            id={ids.style}
            value={style}
            onChange={(event) => setStyle(event.target.value as RangeStyle)}
          >
            {RANGE_STYLES.map((value) => (
              <option key={value} value={value}>
                {t(STYLE_KEYS[value])}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button button--ghost"
          disabled={busy}
          onClick={() => void run(async () => setText(await exportText(scope, style)))}
        >
          {t('ranges:toolbar.export')}
        </button>
        {text.trim() && <CopyButton text={text} label={t('ranges:text.copy')} />}
      </div>
      {error && (
        <p className="range-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
