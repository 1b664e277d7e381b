import {
  type FocusEvent,
  type KeyboardEvent,
  memo,
  type MouseEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';

import { formatPercent } from '@/lib/format';
import { classKind, gridStep } from '@/lib/hand-grid';
import { useAtomValue, useSetAtom } from '@/lib/store';
import type { ColorEntry } from '@contract/categories';
import { HAND_CLASSES } from '@contract/hands';

import { gridHeatAtom } from '../../equity/atoms';
import {
  chartReadOnlyAtom,
  comboExclusionsAtom,
  inspectedCellAtom,
  rangeLoadingAtom,
  rangePairsAtom,
  suitCellAtom,
  suitModeAtom,
} from '../../shared/atoms';
import { useRangeEditor } from '../use-range-editor';

/**
 * The cell's action bars: one full-height segment per colour entry, as wide as its weight, oldest first; the rest of
 * the cell keeps its kind's tint, so a 40% raise reads as 40% of the cell.
 */
export function ActionBars({ entries }: { entries: readonly ColorEntry[] }) {
  // Where each bar ends (percent of the cell): the bar that reaches the right edge takes the cell's rounded corners
  // there, since the chart's cells do not clip their bars.
  const ends = entries.map((_, index) =>
    entries.slice(0, index + 1).reduce((sum, entry) => sum + entry.weight, 0),
  );
  return (
    <span className="range-cell__bars" aria-hidden="true">
      {entries.map((entry, index) => {
        const end = ends[index]! >= 100 && (index === 0 || ends[index - 1]! < 100);
        return (
          <span
            key={`${entry.color}-${index}`}
            className={end ? 'range-cell__bar range-cell__bar--end' : 'range-cell__bar'}
            style={{ width: `${entry.weight}%`, background: entry.color }}
          />
        );
      })}
    </span>
  );
}

const cellFromPoint = (x: number, y: number) =>
  (document.elementFromPoint(x, y) as HTMLElement | null)?.closest<HTMLElement>('[data-hand]')?.dataset.hand;

const cellOf = (target: EventTarget | null) =>
  (target as HTMLElement | null)?.closest?.<HTMLElement>('[data-hand]') ?? null;

/** How long a finger rests on a cell before the cell is shown up close instead of painted (a long press). */
export const LONG_PRESS_MS = 450;
/**
 * How far (px) a finger may wander and still be a tap or a long press: a finger is not a mouse, and on a 25 px cell
 * a press that rolls a few px over the border would otherwise paint the neighbour too.
 */
export const TOUCH_SLOP_PX = 10;

/** A finger on the chart that has not yet told a tap, a slide (a stroke) and a long press apart. */
interface TouchPress {
  pointerId: number;
  hand: string;
  cell: HTMLElement | null;
  x: number;
  y: number;
  timer: number;
}

interface CellProps {
  hand: string;
  index: number;
  entries: readonly ColorEntry[] | undefined;
  heat: string | undefined;
  equity: number | undefined;
  /** Some single combos are left out in the suit editor. */
  trimmed: boolean;
  /** The one cell of the chart in the tab order (roving tabindex). */
  tabStop: boolean;
  language: string;
}

const Cell = memo(function Cell({
  hand,
  index,
  entries,
  heat,
  equity,
  trimmed,
  tabStop,
  language,
}: CellProps) {
  const weight = entries?.reduce((sum, entry) => sum + entry.weight, 0) ?? 0;
  const showHeat = heat !== undefined;
  // A span with the button role, not a <button>: pressing a native button sets its :active state, whose style
  // change makes the press an input that changed the page, and Chrome then holds every task of the page (the
  // engine's answer included) until the next frame has been drawn. Keys are the chart's own (onKeyDown below).
  return (
    <span
      role="button"
      className={`range-cell range-cell--${classKind(hand)}${showHeat ? ' range-cell--heat' : ''}${trimmed ? ' range-cell--trimmed' : ''}`}
      data-hand={hand}
      data-kind={classKind(hand)}
      data-index={index}
      data-weight={weight}
      data-colors={entries?.map((entry) => `${entry.color}:${entry.weight}`).join(' ')}
      aria-pressed={weight > 0}
      tabIndex={tabStop ? 0 : -1}
      title={`${hand} ${
        showHeat && equity !== undefined
          ? formatPercent(equity, language)
          : formatPercent(weight / 100, language, 0)
      }`}
      style={showHeat ? { background: heat || undefined } : undefined}
    >
      {!showHeat && entries && entries.length > 0 && <ActionBars entries={entries} />}
      <span className="range-cell__hand">{hand}</span>
      {showHeat && equity !== undefined && Number.isFinite(equity) && (
        <span className="range-cell__value">{Math.round(equity * 100)}</span>
      )}
    </span>
  );
});

/**
 * The 13x13 chart: press and drag to paint. For the keyboard the chart is one tab stop (roving tabindex): arrows,
 * Home and End move focus, Enter or Space chooses the focused hand, I (or the menu key) shows it up close, and Tab
 * leaves the chart.
 *
 * A mouse paints on press. A finger is read before it paints, since on a phone the whole chart is 13 cells of about
 * 25 px: a tap paints the cell on release, a slide to another cell paints the stroke from the first cell on, a rest of
 * LONG_PRESS_MS shows the cell up close (cell-inspector.tsx) and paints nothing, and a second finger is a pinch (the
 * page zooms, `touch-action: pinch-zoom`) that paints nothing either.
 */
export function RangeGrid() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  // The cell that holds the chart's tab stop; it follows focus however it arrives (click, arrows, script).
  const [tabStop, setTabStop] = useState(0);
  const pairs = useAtomValue(rangePairsAtom);
  const heat = useAtomValue(gridHeatAtom);
  const exclusions = useAtomValue(comboExclusionsAtom);
  const suitMode = useAtomValue(suitModeAtom);
  // While a range loads, its chart is about to replace this one: a paint now would land on the wrong range.
  const loading = useAtomValue(rangeLoadingAtom);
  // A ready-made strategy's chart is not painted (its cells still take focus and open the suit view).
  const readOnly = useAtomValue(chartReadOnlyAtom);
  const setSuitCell = useSetAtom(suitCellAtom);
  const setInspected = useSetAtom(inspectedCellAtom);
  const editor = useRangeEditor();
  const { enterCell, endStroke, isStroking } = editor;
  // In suit mode a press opens the cell's suit editor instead of painting it.
  const startStroke = suitMode ? setSuitCell : editor.startStroke;
  const chooseCell = suitMode ? setSuitCell : editor.chooseCell;
  const press = useRef<TouchPress | null>(null);
  // Fingers on the glass anywhere on the page: with two, it is a pinch and nothing paints.
  const fingers = useRef(new Set<number>());

  const dropPress = useCallback(() => {
    const current = press.current;
    if (!current) return;
    window.clearTimeout(current.timer);
    current.cell?.removeAttribute('data-pressing');
    press.current = null;
  }, []);

  const inspect = useCallback(
    (hand: string) => {
      dropPress();
      endStroke();
      setInspected(hand);
    },
    [dropPress, endStroke, setInspected],
  );

  useEffect(() => {
    const touches = fingers.current;
    // Seen before the chart's own handler (capture), wherever the finger lands, in or out of the chart.
    const onDown = (event: globalThis.PointerEvent) => {
      if (event.pointerType !== 'touch') return;
      // The first finger of a touch is the primary one: no other is down, whatever a lost release left here.
      if (event.isPrimary) touches.clear();
      touches.add(event.pointerId);
      if (touches.size > 1) {
        dropPress();
        endStroke();
      }
    };
    const onUp = (event: globalThis.PointerEvent) => {
      touches.delete(event.pointerId);
      const current = press.current;
      if (current && event.pointerId === current.pointerId) {
        dropPress();
        // A tap: the finger left the glass on the cell it pressed (or within the slop), before the long press.
        const moved = Math.hypot(event.clientX - current.x, event.clientY - current.y);
        const still = moved < TOUCH_SLOP_PX || cellFromPoint(event.clientX, event.clientY) === current.hand;
        if (still && !loading) chooseCell(current.hand);
      }
      endStroke();
    };
    const onCancel = (event: globalThis.PointerEvent) => {
      touches.delete(event.pointerId);
      dropPress();
      endStroke();
    };
    window.addEventListener('pointerdown', onDown, true);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onCancel);
    return () => {
      window.removeEventListener('pointerdown', onDown, true);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onCancel);
    };
  }, [endStroke, dropPress, chooseCell, loading]);

  // A press left pending when the chart goes away paints nothing later.
  useEffect(() => dropPress, [dropPress]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || loading) return;
    // The pressed cell is the event's own target: no hit test (and no forced layout) before the paint's job is posted.
    const cell = cellOf(event.target);
    const hand = cell?.dataset.hand ?? cellFromPoint(event.clientX, event.clientY);
    if (!hand) return;
    // Touch pointers are captured by the first element; release so moves report the cell under the finger.
    (event.target as HTMLElement).releasePointerCapture?.(event.pointerId);
    event.preventDefault();
    if (event.pointerType !== 'touch') {
      startStroke(hand);
      return;
    }
    // A second finger: a pinch, which neither finger paints (the window's handler has ended what the first began).
    if (fingers.current.size > 1) return;
    cell?.setAttribute('data-pressing', '');
    press.current = {
      pointerId: event.pointerId,
      hand,
      cell,
      x: event.clientX,
      y: event.clientY,
      timer: window.setTimeout(() => inspect(hand), LONG_PRESS_MS),
    };
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = press.current;
    if (current && event.pointerId === current.pointerId) {
      // A slide out of the pressed cell: a stroke from that cell on.
      const hand = cellFromPoint(event.clientX, event.clientY);
      const moved = Math.hypot(event.clientX - current.x, event.clientY - current.y);
      if (!hand || hand === current.hand || moved < TOUCH_SLOP_PX) return;
      dropPress();
      startStroke(current.hand);
      enterCell(hand);
      return;
    }
    if (!isStroking()) return;
    const hand = cellFromPoint(event.clientX, event.clientY);
    if (hand) enterCell(hand);
  };

  // A right click, the menu key or Shift+F10 on a cell, and a long press where the browser reports one.
  const onContextMenu = (event: MouseEvent<HTMLDivElement>) => {
    const hand = cellOf(event.target)?.dataset.hand;
    if (!hand) return;
    event.preventDefault();
    inspect(hand);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const index = Number(target.dataset.index);
    if (!Number.isInteger(index)) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (!loading) chooseCell(HAND_CLASSES[index]!);
      return;
    }
    // The key I, also where a keyboard layout writes another letter on it (Ш in Russian).
    const keyI = event.key.toLowerCase() === 'i' || event.code === 'KeyI';
    if (keyI && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      inspect(HAND_CLASSES[index]!);
      return;
    }
    const next = gridStep(index, event.key, event.ctrlKey || event.metaKey);
    if (next === null) return;
    event.preventDefault();
    setTabStop(next);
    target.parentElement?.querySelector<HTMLElement>(`[data-index="${next}"]`)?.focus();
  };

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const index = Number((event.target as HTMLElement).dataset.index);
    if (Number.isInteger(index)) setTabStop(index);
  };

  return (
    <div
      className="range-grid"
      role="group"
      aria-label={t('ranges:grid.label')}
      aria-busy={loading}
      data-readonly={readOnly}
      data-heat={heat ? 'on' : 'off'}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onContextMenu={onContextMenu}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
    >
      {HAND_CLASSES.map((hand, index) => (
        <Cell
          key={hand}
          hand={hand}
          index={index}
          entries={pairs[hand]}
          heat={heat ? (heat.heat[index] ?? '') : undefined}
          equity={heat ? heat.matrix[index] : undefined}
          trimmed={Boolean(exclusions[hand]?.length)}
          tabStop={index === tabStop}
          language={language}
        />
      ))}
    </div>
  );
}
