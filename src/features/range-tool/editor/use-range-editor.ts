import { startTransition, useCallback, useRef } from 'react';

import { appStore, atom, useAtomValue } from '@/lib/store';
import type { RangeButton } from '@contract/categories';
import { recolorSide } from '@contract/sides';

import {
  buttonsAtom,
  chartReadOnlyAtom,
  currentColorAtom,
  displayModeAtom,
  editVersionAtom,
  extraVillainsAtom,
  heroSideAtom,
  rangeHistoryAtom,
  villainSideAtom,
  weightAtom,
} from '../shared/atoms';
import { pushHistory, redo, undo } from '../shared/range-history';
import {
  DEFAULT_COLOR,
  MAX_PAIR_WEIGHT,
  type PaintOptions,
  paintPair,
  type RangePairs,
  readWeight,
  recolor,
  removeColor,
  strokeIntent,
} from '../shared/range-rules';

/**
 * How a choice paints now, or null while the weight field holds no usable weight (the field says why): a paint never
 * guesses a weight. Mode 1 paints the chart's default colour, its first; the others the current colour, which is
 * always one of the chart's.
 */
const paintOptions = (): PaintOptions | null => {
  const mode = appStore.get(displayModeAtom);
  if (mode === 1) {
    return { mode, color: appStore.get(buttonsAtom)[0]?.color ?? DEFAULT_COLOR, weight: MAX_PAIR_WEIGHT };
  }
  const weight = readWeight(appStore.get(weightAtom));
  return weight.ok ? { mode, color: appStore.get(currentColorAtom), weight: weight.value } : null;
};

const markEdited = () => appStore.set(editVersionAtom, (version) => version + 1);

/**
 * True while a ready-made strategy is open: every command that would change its chart (paint, undo, buttons,
 * imports) does nothing then. The controls are disabled too; this is the one rule they all go through.
 */
export const chartLocked = (): boolean => appStore.get(chartReadOnlyAtom);

/**
 * Writes a paint of the chart. The store's subscribers run at once, so the paint's equity job is posted inside the
 * input event; React renders the chart in a transition, in the task right after the event, well before the next
 * frame. After an input event that changed the page, Chrome holds back every task of the page (the worker's answer
 * included) until the next frame has been drawn, up to a frame interval; after one that only posted a job it does
 * not, so the answer is handled as soon as it arrives, often in time for the same frame as the cell.
 */
const paint = (write: () => void) => startTransition(write);

/**
 * Painting, undo/redo and buttons (text in and out: use-chart-text.ts). A drag is one undo step: the first cell pushes a
 * history entry, the crossed cells replace its present, so undo takes the whole stroke back.
 */
export function useRangeEditor() {
  const stroke = useRef<{ intent: 'add' | 'remove'; visited: Set<string> } | null>(null);

  const startStroke = useCallback((hand: string) => {
    if (chartLocked()) return;
    const history = appStore.get(rangeHistoryAtom);
    const options = paintOptions();
    if (!options) return;
    const intent = strokeIntent(history.present[hand] ?? [], options);
    stroke.current = { intent, visited: new Set([hand]) };
    paint(() => {
      appStore.set(rangeHistoryAtom, pushHistory(history, paintPair(history.present, hand, options, intent)));
      markEdited();
    });
  }, []);

  const enterCell = useCallback((hand: string) => {
    const current = stroke.current;
    if (!current || current.visited.has(hand)) return;
    current.visited.add(hand);
    const options = paintOptions();
    if (!options) return;
    const history = appStore.get(rangeHistoryAtom);
    const next = paintPair(history.present, hand, options, current.intent);
    if (next !== history.present) {
      paint(() => {
        appStore.set(rangeHistoryAtom, { ...history, present: next });
        markEdited();
      });
    }
  }, []);

  const endStroke = useCallback(() => {
    stroke.current = null;
  }, []);

  /** One cell chosen from the keyboard: a stroke of one cell. */
  const chooseCell = useCallback(
    (hand: string) => {
      startStroke(hand);
      endStroke();
    },
    [startStroke, endStroke],
  );

  return { startStroke, enterCell, endStroke, chooseCell, isStroking: () => stroke.current !== null };
}

// Undo and redo availability as booleans: their readers re-render when one flips, not on every paint.
const canUndoAtom = atom((get) => get(rangeHistoryAtom).past.length > 0);
const canRedoAtom = atom((get) => get(rangeHistoryAtom).future.length > 0);

/**
 * Undo, redo, clear and commit, read and written through the store: using them subscribes to nothing, so the range
 * tool and the text fields do not re-render on every paint of the chart.
 */
export function useHistoryCommands() {
  const commit = useCallback((update: (pairs: RangePairs) => RangePairs) => {
    if (chartLocked()) return;
    const current = appStore.get(rangeHistoryAtom);
    appStore.set(rangeHistoryAtom, pushHistory(current, update(current.present)));
    markEdited();
  }, []);

  return {
    undo: useCallback(() => {
      if (chartLocked()) return;
      appStore.set(rangeHistoryAtom, undo);
      markEdited();
    }, []),
    redo: useCallback(() => {
      if (chartLocked()) return;
      appStore.set(rangeHistoryAtom, redo);
      markEdited();
    }, []),
    clear: useCallback(() => commit(() => ({})), [commit]),
    commit,
  };
}

/** The history commands with whether undo and redo are possible now (the toolbar's buttons). */
export function useRangeCommands() {
  return {
    canUndo: useAtomValue(canUndoAtom),
    canRedo: useAtomValue(canRedoAtom),
    ...useHistoryCommands(),
  };
}

export function useRangeButtons() {
  const buttons = useAtomValue(buttonsAtom);
  const { commit } = useHistoryCommands();

  const setButtons = (next: RangeButton[]) => {
    if (chartLocked()) return;
    appStore.set(buttonsAtom, next);
    markEdited();
  };

  return {
    buttons,
    add: (button: RangeButton) => {
      if (chartLocked()) return;
      setButtons([...buttons, button]);
      appStore.set(currentColorAtom, button.color);
    },
    rename: (index: number, label: string) =>
      setButtons(buttons.map((button, at) => (at === index ? { ...button, label } : button))),
    recolor: (index: number, color: string) => {
      if (chartLocked()) return;
      const from = buttons[index]?.color;
      if (!from || buttons.some((button) => button.color.toLowerCase() === color.toLowerCase())) return;
      setButtons(buttons.map((button, at) => (at === index ? { ...button, color } : button)));
      commit((pairs) => recolor(pairs, from, color));
      const swap = recolorSide(from, color);
      appStore.set(heroSideAtom, swap);
      appStore.set(villainSideAtom, swap);
      appStore.set(extraVillainsAtom, (villains) => villains.map(swap));
      if (appStore.get(currentColorAtom) === from) appStore.set(currentColorAtom, color);
    },
    remove: (index: number) => {
      if (chartLocked()) return;
      const color = buttons[index]?.color;
      if (!color) return;
      setButtons(buttons.filter((_, at) => at !== index));
      commit((pairs) => removeColor(pairs, color));
      // The current colour falls back to the chart's first one by itself (currentColorAtom).
    },
  };
}
