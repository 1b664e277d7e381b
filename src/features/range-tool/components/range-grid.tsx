import { type KeyboardEvent, memo, type PointerEvent, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { useAtomValue, useSetAtom } from '@/lib/store';
import type { ColorEntry } from '@contract/categories';
import { HAND_CLASSES } from '@contract/hands';

import {
  comboExclusionsAtom,
  equityResultAtom,
  gridPanAtom,
  heatVisibleAtom,
  rangePairsAtom,
  suitCellAtom,
  suitModeAtom,
} from '../atoms';
import { useRangeEditor } from '../use-range-editor';

/** Pair, suited or offsuit: each kind has its own background tint, so the three read apart at a glance. */
const handKind = (hand: string) => (hand.length === 2 ? 'pair' : hand.endsWith('s') ? 'suited' : 'offsuit');

/**
 * The cell's action bars: one full-height segment per colour entry, as wide as its weight, oldest first; the rest of
 * the cell keeps its kind's tint, so a 40% raise reads as 40% of the cell.
 */
function ActionBars({ entries }: { entries: readonly ColorEntry[] }) {
  return (
    <span className="range-cell__bars" aria-hidden="true">
      {entries.map((entry, index) => (
        <span
          key={`${entry.color}-${index}`}
          className="range-cell__bar"
          style={{ width: `${entry.weight}%`, background: entry.color }}
        />
      ))}
    </span>
  );
}

const cellFromPoint = (x: number, y: number) =>
  (document.elementFromPoint(x, y) as HTMLElement | null)?.closest<HTMLElement>('[data-hand]')?.dataset.hand;

interface CellProps {
  hand: string;
  index: number;
  entries: readonly ColorEntry[] | undefined;
  heat: string | undefined;
  equity: number | undefined;
  /** Some single combos are left out in the suit editor. */
  trimmed: boolean;
}

const Cell = memo(function Cell({ hand, index, entries, heat, equity, trimmed }: CellProps) {
  const weight = entries?.reduce((sum, entry) => sum + entry.weight, 0) ?? 0;
  const showHeat = heat !== undefined;
  return (
    <button
      type="button"
      className={`range-cell range-cell--${handKind(hand)}${showHeat ? ' range-cell--heat' : ''}${trimmed ? ' range-cell--trimmed' : ''}`}
      data-hand={hand}
      data-kind={handKind(hand)}
      data-index={index}
      data-weight={weight}
      data-colors={entries?.map((entry) => `${entry.color}:${entry.weight}`).join(' ')}
      aria-pressed={weight > 0}
      title={
        showHeat && equity !== undefined ? `${hand} ${(equity * 100).toFixed(1)}%` : `${hand} ${weight}%`
      }
      style={showHeat ? { background: heat || undefined } : undefined}
    >
      {!showHeat && entries && entries.length > 0 && <ActionBars entries={entries} />}
      <span className="range-cell__hand">{hand}</span>
      {showHeat && equity !== undefined && Number.isFinite(equity) && (
        <span className="range-cell__value">{Math.round(equity * 100)}</span>
      )}
    </button>
  );
});

/** The 13x13 chart: press and drag to paint, arrows move focus, Enter or Space chooses the focused hand. */
export function RangeGrid() {
  const { t } = useTranslation();
  const pairs = useAtomValue(rangePairsAtom);
  const result = useAtomValue(equityResultAtom);
  const heatVisible = useAtomValue(heatVisibleAtom) && result.heat.length === HAND_CLASSES.length;
  const exclusions = useAtomValue(comboExclusionsAtom);
  const suitMode = useAtomValue(suitModeAtom);
  const pan = useAtomValue(gridPanAtom);
  const setSuitCell = useSetAtom(suitCellAtom);
  const editor = useRangeEditor();
  const { enterCell, endStroke, isStroking } = editor;
  // In suit mode a press opens the cell's suit editor instead of painting it.
  const startStroke = suitMode ? setSuitCell : editor.startStroke;
  const chooseCell = suitMode ? setSuitCell : editor.chooseCell;

  useEffect(() => {
    window.addEventListener('pointerup', endStroke);
    window.addEventListener('pointercancel', endStroke);
    return () => {
      window.removeEventListener('pointerup', endStroke);
      window.removeEventListener('pointercancel', endStroke);
    };
  }, [endStroke]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    // Pan mode (phones): the finger scrolls the wide grid; a mouse still paints.
    if (pan && event.pointerType !== 'mouse') return;
    const hand = cellFromPoint(event.clientX, event.clientY);
    if (!hand) return;
    // Touch pointers are captured by the first element; release so moves report the cell under the finger.
    (event.target as HTMLElement).releasePointerCapture?.(event.pointerId);
    event.preventDefault();
    startStroke(hand);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!isStroking()) return;
    const hand = cellFromPoint(event.clientX, event.clientY);
    if (hand) enterCell(hand);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const index = Number(target.dataset.index);
    if (!Number.isInteger(index)) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      chooseCell(HAND_CLASSES[index]!);
      return;
    }
    const moves: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -13, ArrowDown: 13 };
    const move = moves[event.key];
    if (move === undefined) return;
    const next = index + move;
    if (next < 0 || next >= 169) return;
    event.preventDefault();
    target.parentElement?.querySelector<HTMLElement>(`[data-index="${next}"]`)?.focus();
  };

  return (
    <div
      className="range-grid"
      role="group"
      aria-label={t('ranges:grid.label')}
      data-heat={heatVisible ? 'on' : 'off'}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onKeyDown={onKeyDown}
    >
      {HAND_CLASSES.map((hand, index) => (
        <Cell
          key={hand}
          hand={hand}
          index={index}
          entries={pairs[hand]}
          heat={heatVisible ? (result.heat[index] ?? '') : undefined}
          equity={heatVisible ? result.matrix[index] : undefined}
          trimmed={Boolean(exclusions[hand]?.length)}
        />
      ))}
    </div>
  );
}
