import './multiway.css';

import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';

import { useAtomValue } from '@/lib/store';
import type { WorkspaceVillain } from '@contract/categories';

import { categoryIdAtom, villainIssuesAtom } from '../atoms';
import { useTextDraft } from '../use-text-draft';
import { useChartButtons, type VillainChart } from '../use-villain-charts';
import { useVillainText } from '../use-villain-text';

const TEXT_SOURCE = 'text';
const ISSUE_KEYS = {
  chartMissing: 'multiway:issue.chartMissing',
  textInvalid: 'multiway:issue.textInvalid',
  empty: 'multiway:issue.empty',
} as const;

/** A text villain's range: typed freely, kept once the engine reads it (Enter or leaving the field). */
function VillainText({
  text,
  player,
  onChange,
}: {
  text: string;
  player: string;
  onChange: (text: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { error, check } = useVillainText();
  const field = useTextDraft(text, async (typed) => {
    const kept = await check(typed);
    if (kept === null) return false;
    onChange(kept);
    return true;
  });
  return (
    <>
      <label className="visually-hidden" htmlFor={id}>
        {t('multiway:textLabel', { player })}
      </label>
      <input
        id={id}
        className="player__text"
        {...field}
        placeholder={t('multiway:textPlaceholder')}
        spellCheck={false}
        autoComplete="off"
      />
      {error && (
        <p className="range-error player__error" role="alert">
          {error.kind === 'tooLong'
            ? t('multiway:textTooLong', { max: error.max })
            : t('multiway:textError', { message: error.message })}
        </p>
      )}
    </>
  );
}

/** A chart villain's colours: the chart's buttons as toggles; the last chosen colour stays on. */
function VillainColors({
  villain,
  player,
  onChange,
}: {
  villain: WorkspaceVillain;
  player: string;
  onChange: (colors: string[]) => void;
}) {
  const { t } = useTranslation();
  const buttons = useChartButtons(villain.category_id) ?? [];
  const colors = villain.colors ?? [];
  const first = buttons[0]?.color;
  // A chart just picked has no colours yet: its first action is the villain until the player chooses.
  useEffect(() => {
    if (!colors.length && first) onChange([first.toUpperCase()]);
  }, [colors.length, first, onChange]);
  const has = (color: string) => colors.some((value) => value.toLowerCase() === color.toLowerCase());
  return (
    <span className="player__colors" role="group" aria-label={t('multiway:colors', { player })}>
      {buttons.map((button) => {
        const active = has(button.color);
        return (
          <button
            key={button.color}
            type="button"
            className={`chip-toggle${active ? ' is-active' : ''}`}
            aria-pressed={active}
            disabled={active && colors.length === 1}
            onClick={() =>
              onChange(
                active
                  ? colors.filter((value) => value.toLowerCase() !== button.color.toLowerCase())
                  : [...colors, button.color.toUpperCase()],
              )
            }
          >
            <span className="range-button__swatch" style={{ background: button.color }} aria-hidden="true" />
            {button.label || button.color}
          </button>
        );
      })}
    </span>
  );
}

/**
 * One villain after the first: a chart of the player's library (this range included) with its colours, or a text
 * range. Its row says why it takes no part when its chart is gone or its range is empty.
 */
export function ExtraVillain({
  villain,
  index,
  charts,
  onChange,
  onRemove,
}: {
  villain: WorkspaceVillain;
  index: number;
  charts: VillainChart[];
  onChange: (villain: WorkspaceVillain) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const sourceId = useId();
  const openId = useAtomValue(categoryIdAtom);
  const issue = useAtomValue(villainIssuesAtom)[index] ?? null;
  const name = t('ranges:players.villain', { number: index + 2 });
  const isText = villain.text !== undefined;
  const chartId = villain.category_id;
  const known = chartId === undefined || charts.some((chart) => chart.id === chartId);

  const pickSource = (value: string) => {
    if (value === TEXT_SOURCE) onChange({ text: '' });
    else onChange({ category_id: Number(value), colors: [] });
  };

  return (
    <div className="player player--extra" data-player={`villain-${index + 2}`}>
      <span className="player__name">{name}</span>
      <label className="visually-hidden" htmlFor={sourceId}>
        {t('multiway:source', { player: name })}
      </label>
      <select
        id={sourceId}
        className="player__source"
        value={isText ? TEXT_SOURCE : String(chartId)}
        onChange={(event) => pickSource(event.target.value)}
      >
        <option value={TEXT_SOURCE}>{t('multiway:text')}</option>
        <optgroup label={t('multiway:charts')}>
          {!known && chartId !== undefined && <option value={String(chartId)}>#{chartId}</option>}
          {charts.map((chart) => (
            <option key={chart.id} value={String(chart.id)}>
              {chart.id === openId ? t('multiway:thisChart', { name: chart.name }) : chart.name}
            </option>
          ))}
        </optgroup>
      </select>
      <button
        type="button"
        className="tool-button player__remove"
        aria-label={t('ranges:players.remove', { player: name })}
        title={t('ranges:players.remove', { player: name })}
        onClick={onRemove}
      >
        ×
      </button>
      {isText ? (
        <VillainText text={villain.text ?? ''} player={name} onChange={(text) => onChange({ text })} />
      ) : (
        <VillainColors
          villain={villain}
          player={name}
          onChange={(colors) => onChange({ category_id: chartId, colors })}
        />
      )}
      {issue && (
        <p className="player__issue" data-issue={issue}>
          {t(ISSUE_KEYS[issue])}
        </p>
      )}
    </div>
  );
}
