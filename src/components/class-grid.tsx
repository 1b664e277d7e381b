import './class-grid.css';

import { type CSSProperties, type KeyboardEvent, memo, type ReactNode, useState } from 'react';

import { classKind, GRID_SIZE as SIZE, gridStep } from '@/lib/hand-grid';
import { GRID_RANKS, HAND_CLASSES } from '@contract/hands';

/** What one cell shows: bars (a colour per share, as wide as its share) or a background, a value under the hand. */
export interface ClassCell {
  /** Shares of the cell's width, each 0 to 1, drawn left to right; the rest shows the cell's own tint. */
  bars?: ReadonlyArray<{ color: string; share: number }>;
  /** A background for the whole cell instead of bars (a heat colour). */
  background?: string;
  /** A short figure under the hand ("7.7", "0.12"). */
  value?: string;
  /** What a screen reader and a hover say about the cell ("T3s: push 100%"). */
  label: string;
  /** A marker in the cell's corner (a gap in a threshold, a cell that differs). */
  mark?: 'dot' | 'up' | 'down';
  /** Extra data attributes for tests and styles ("data-frequency"). */
  data?: Record<string, string>;
}

const Cell = memo(function Cell({
  hand,
  index,
  cell,
  tabStop,
  active,
}: {
  hand: string;
  index: number;
  cell: ClassCell;
  tabStop: boolean;
  active: boolean;
}) {
  const style: CSSProperties | undefined = cell.background ? { background: cell.background } : undefined;
  return (
    <span
      role="gridcell"
      className={`class-cell class-cell--${classKind(hand)}${active ? ' class-cell--active' : ''}`}
      data-hand={hand}
      data-index={index}
      tabIndex={tabStop ? 0 : -1}
      aria-selected={active}
      title={cell.label}
      style={style}
      {...Object.fromEntries(Object.entries(cell.data ?? {}).map(([key, value]) => [`data-${key}`, value]))}
    >
      {cell.bars && (
        <span className="class-cell__bars" aria-hidden="true">
          {cell.bars.map((bar, place) => (
            <span
              key={`${bar.color}-${place}`}
              className="class-cell__bar"
              style={{ width: `${Math.max(0, Math.min(1, bar.share)) * 100}%`, background: bar.color }}
            />
          ))}
        </span>
      )}
      <span className="class-cell__hand" aria-hidden="true">
        {hand}
      </span>
      {cell.value !== undefined && (
        <span className="class-cell__value" aria-hidden="true">
          {cell.value}
        </span>
      )}
      {cell.mark && <span className={`class-cell__mark class-cell__mark--${cell.mark}`} aria-hidden="true" />}
      {/* The cell's name for a screen reader: the whole sentence, which the short figures above only hint at. */}
      <span className="visually-hidden">{cell.label}</span>
    </span>
  );
});

export interface ClassGridProps {
  /** The grid's accessible name. */
  label: string;
  /** What each class shows, by its grid index. */
  cells: readonly ClassCell[];
  /** The class whose details are shown beside the grid; focus, a click or the arrow keys choose it. */
  active: number;
  onActive: (index: number) => void;
  /** Shown under the grid (a legend). */
  children?: ReactNode;
  testId?: string;
}

/**
 * A read-only 13x13 chart of the hand classes (pairs on the diagonal, suited above, offsuit below). For the keyboard
 * it is one tab stop (roving tabindex): arrows, Home and End move between classes and the class in focus is the
 * active one, whose details the owner shows; a click or a tap does the same.
 */
export function ClassGrid({ label, cells, active, onActive, children, testId }: ClassGridProps) {
  const [focusStop, setFocusStop] = useState<number | null>(null);
  const tabStop = focusStop ?? active;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = Number((event.target as HTMLElement).dataset.index ?? tabStop);
    const next = gridStep(from, event.key, event.ctrlKey || event.metaKey);
    if (next === null) return;
    event.preventDefault();
    setFocusStop(next);
    onActive(next);
    event.currentTarget.querySelector<HTMLElement>(`[data-index="${next}"]`)?.focus();
  };
  const choose = (target: EventTarget) => {
    const index = Number((target as HTMLElement).closest<HTMLElement>('[data-index]')?.dataset.index);
    if (Number.isInteger(index)) {
      setFocusStop(index);
      onActive(index);
    }
  };
  return (
    <div className="class-grid-frame">
      <div
        className="class-grid"
        role="grid"
        aria-label={label}
        aria-readonly="true"
        data-testid={testId}
        onKeyDown={onKeyDown}
        onFocus={(event) => choose(event.target)}
        onClick={(event) => choose(event.target)}
      >
        {GRID_RANKS.map((rank, row) => (
          <div role="row" key={rank} className="class-grid__row">
            {HAND_CLASSES.slice(row * SIZE, row * SIZE + SIZE).map((hand, column) => {
              const index = row * SIZE + column;
              return (
                <Cell
                  key={hand}
                  hand={hand}
                  index={index}
                  cell={cells[index] ?? { label: hand }}
                  tabStop={index === tabStop}
                  active={index === active}
                />
              );
            })}
          </div>
        ))}
      </div>
      {children}
    </div>
  );
}
