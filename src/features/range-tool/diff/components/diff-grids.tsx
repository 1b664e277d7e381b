import { type FocusEvent, type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useFormat } from '@/lib/format';
import { classKind, gridStep } from '@/lib/hand-grid';
import { useAtom, useAtomValue } from '@/lib/store';
import type { ColorEntry } from '@contract/categories';
import { HAND_CLASSES } from '@contract/hands';

import { ActionBars } from '../../editor/components/range-grid';
import { diffCellAtom } from '../atoms';
import type { DiffSide } from '../diff-sides';
import { KIND_LABELS, KIND_MARKS } from '../labels';
import { type ClassDiff, DIFF_KINDS, type StrategyDiff } from '../strategy-diff';

/** "Raise 60%, Call 40%" for a tooltip; the weights in the interface language. */
export function useDescribeActions(labelOf: (color: string) => string) {
  const { t } = useTranslation();
  const { percent } = useFormat();
  return (entries: readonly ColorEntry[]) =>
    entries.length === 0
      ? t('diff:detail.none')
      : entries.map((entry) => `${labelOf(entry.color)} ${percent(entry.weight / 100, 0)}`).join(', ');
}

/**
 * One side's chart, read-only, drawn as the range tool draws it (the same cells and action bars), so the two sides
 * read like the charts the player painted. The selected class of the diff is outlined here too.
 */
export function SideChart({ side, label }: { side: DiffSide; label: string }) {
  const { t } = useTranslation();
  const selected = useAtomValue(diffCellAtom);
  return (
    <div
      className="diff-chart"
      role="img"
      aria-label={t('diff:charts.label', { name: side.name, side: label })}
    >
      {HAND_CLASSES.map((hand) => {
        const entries = side.chart.pairs[hand];
        const weight = entries?.reduce((sum, entry) => sum + entry.weight, 0) ?? 0;
        return (
          <span
            key={hand}
            className={`range-cell range-cell--${classKind(hand)} diff-chart__cell${
              selected === hand ? ' is-selected' : ''
            }${side.chart.exclusions[hand]?.length ? ' range-cell--trimmed' : ''}`}
            data-hand={hand}
            data-weight={weight}
            data-colors={entries?.map((entry) => `${entry.color}:${entry.weight}`).join(' ')}
            data-on={weight > 0}
          >
            {entries && entries.length > 0 && <ActionBars entries={entries} />}
            <span className="range-cell__hand">{hand}</span>
          </span>
        );
      })}
    </div>
  );
}

/**
 * The diff grid: every class marked by its kind of change with a colour, a pattern and a sign, so it reads without
 * colour vision. One tab stop (roving tabindex) like the range tool's chart: arrows, Home and End move, and the
 * focused or clicked class shows its before and after in the detail panel.
 */
export function DiffGrid({
  diff,
  describe,
}: {
  diff: StrategyDiff;
  describe: (entries: readonly ColorEntry[]) => string;
}) {
  const { t } = useTranslation();
  const [selected, setSelected] = useAtom(diffCellAtom);
  const [tabStop, setTabStop] = useState(0);
  const title = (entry: ClassDiff) =>
    t('diff:grid.cellTitle', {
      hand: entry.hand,
      kind: t(KIND_LABELS[entry.kind]),
      before: describe(entry.before),
      after: describe(entry.after),
    });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = Number((event.target as HTMLElement).dataset.index);
    if (!Number.isInteger(index)) return;
    const next = gridStep(index, event.key, event.ctrlKey || event.metaKey);
    if (next === null) return;
    event.preventDefault();
    setTabStop(next);
    (event.currentTarget.querySelector(`[data-index="${next}"]`) as HTMLElement | null)?.focus();
  };
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const index = Number((event.target as HTMLElement).dataset.index);
    if (!Number.isInteger(index)) return;
    setTabStop(index);
    setSelected(HAND_CLASSES[index]!);
  };

  return (
    <div
      className="diff-grid"
      role="group"
      aria-label={t('diff:grid.label')}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      data-testid="diff-grid"
    >
      {diff.classes.map((entry, index) => (
        <button
          key={entry.hand}
          type="button"
          className={`diff-cell diff-cell--${entry.kind}${selected === entry.hand ? ' is-selected' : ''}`}
          data-hand={entry.hand}
          data-kind={entry.kind}
          data-index={index}
          tabIndex={index === tabStop ? 0 : -1}
          aria-pressed={selected === entry.hand}
          title={title(entry)}
          aria-label={title(entry)}
          onClick={() => setSelected(entry.hand)}
        >
          <span className="diff-cell__hand">{entry.hand}</span>
          {entry.kind !== 'unchanged' && (
            <span className="diff-cell__mark" aria-hidden="true">
              {KIND_MARKS[entry.kind]}
            </span>
          )}
        </button>
      ))}
    </div>
  );
}

/** What each mark means, with how many classes have it. */
export function DiffLegend({ diff }: { diff: StrategyDiff }) {
  const { t } = useTranslation();
  return (
    <ul className="diff-legend" aria-label={t('diff:legend.label')}>
      {DIFF_KINDS.map((kind) => (
        <li key={kind} className="diff-legend__item" data-kind={kind}>
          <span className={`diff-cell diff-cell--${kind} diff-legend__swatch`} aria-hidden="true">
            <span className="diff-cell__mark">{KIND_MARKS[kind]}</span>
          </span>
          <span>{t(KIND_LABELS[kind])}</span>
          <span className="muted" data-testid={`diff-count-${kind}`} data-count={diff.counts[kind]}>
            {t('diff:legend.classes', { count: diff.counts[kind] })}
          </span>
        </li>
      ))}
    </ul>
  );
}
