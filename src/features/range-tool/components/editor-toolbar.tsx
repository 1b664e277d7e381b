import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useAtom, useAtomValue } from '@/lib/store';

import { buttonsAtom, displayModeAtom, heatVisibleAtom, suitModeAtom, weightAtom } from '../atoms';
import { DISPLAY_MODES } from '../range-rules';
import { useRangeCommands, useRangeText } from '../use-range-editor';

/** Weight, display mode, undo/redo, clear, heat map and PokerStove import/export above the grid. */
export function EditorToolbar() {
  const { t } = useTranslation();
  const ids = { weight: useId(), mode: useId(), text: useId() };
  const [weight, setWeight] = useAtom(weightAtom);
  const [mode, setMode] = useAtom(displayModeAtom);
  const [heat, setHeat] = useAtom(heatVisibleAtom);
  const [suitMode, setSuitMode] = useAtom(suitModeAtom);
  const buttons = useAtomValue(buttonsAtom);
  const { canUndo, canRedo, undo, redo, clear } = useRangeCommands();
  const { importText, exportText } = useRangeText();
  const [textOpen, setTextOpen] = useState(false);
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<string | null>(null);

  const onImport = async () => {
    try {
      await importText(text);
      setTextError(null);
    } catch (error) {
      setTextError((error as Error).message);
    }
  };
  const onExport = async () => {
    try {
      setText(await exportText(buttons.map((button) => button.color)));
      setTextError(null);
    } catch (error) {
      setTextError((error as Error).message);
    }
  };

  return (
    <div className="range-toolbar">
      <div className="range-toolbar__row">
        <label className="range-toolbar__field" htmlFor={ids.weight}>
          <span>{t('ranges:toolbar.weight')}</span>
          <input
            id={ids.weight}
            inputMode="decimal"
            value={weight}
            size={4}
            onChange={(event) => setWeight(event.target.value)}
          />
        </label>
        <label className="range-toolbar__field" htmlFor={ids.mode}>
          <span>{t('ranges:toolbar.mode')}</span>
          <select id={ids.mode} value={mode} onChange={(event) => setMode(Number(event.target.value))}>
            {DISPLAY_MODES.map((value) => (
              <option key={value} value={value}>
                {value === 1 ? t('ranges:toolbar.modeSingle') : t('ranges:toolbar.modeWeighted')}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button button--ghost"
          onClick={undo}
          disabled={!canUndo}
          title={t('ranges:toolbar.undoHint')}
        >
          {t('ranges:toolbar.undo')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={redo}
          disabled={!canRedo}
          title={t('ranges:toolbar.redoHint')}
        >
          {t('ranges:toolbar.redo')}
        </button>
        <button type="button" className="button button--ghost" onClick={clear}>
          {t('ranges:toolbar.clear')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          aria-pressed={heat}
          onClick={() => setHeat(!heat)}
        >
          {t('ranges:toolbar.heat')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          aria-pressed={suitMode}
          onClick={() => setSuitMode(!suitMode)}
        >
          {t('ranges:toolbar.suits')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          aria-expanded={textOpen}
          onClick={() => setTextOpen(!textOpen)}
        >
          {t('ranges:toolbar.text')}
        </button>
      </div>
      {textOpen && (
        <div className="range-toolbar__text">
          <label htmlFor={ids.text}>{t('ranges:toolbar.textLabel')}</label>
          <textarea
            id={ids.text}
            rows={3}
            value={text}
            spellCheck={false}
            onChange={(event) => setText(event.target.value)}
            placeholder="QQ+, AKs, AQs:0.5"
          />
          <div className="range-toolbar__row">
            <button type="button" className="button" onClick={onImport} disabled={!text.trim()}>
              {t('ranges:toolbar.import')}
            </button>
            <button type="button" className="button button--ghost" onClick={onExport}>
              {t('ranges:toolbar.export')}
            </button>
          </div>
          {textError && (
            <p className="range-error" role="alert">
              {textError}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
