// Range tool state shared by its parts (SPEC §3 "Range tool state"): the open chart, its selection, cards and sides,
// one atom per field, read and written through the app store. The equity's results and the saves' states live
// beside their owners (equity/atoms.ts, saving/atoms.ts).
import { languageAtom } from '@/lib/i18n';
import { endedSessionAtom, sessionAtom } from '@/lib/session';
import { atom } from '@/lib/store';
import type { EquitySide, RangeButton } from '@contract/categories';
import { colorSide, sideChartColors } from '@contract/sides';

import { CALL_COLOR, defaultButtons } from './default-buttons';
import { type History, initHistory, pushHistory } from './range-history';
import { chartColor, countCombos, DEFAULT_COLOR, DEFAULT_DISPLAY_MODE, type RangePairs } from './range-rules';

export const boardCardsAtom = atom<string[]>([]);
export const holeCardsAtom = atom<string[]>([]);
/** The weight field's text (SPEC §3: default "100"). */
export const weightAtom = atom('100');
export const displayModeAtom = atom<number>(DEFAULT_DISPLAY_MODE);

/** The open chart's own buttons; null for the tool's fresh chart, which shows the defaults. */
const ownButtonsAtom = atom<RangeButton[] | null>(null);
/**
 * The chart's colour buttons. The fresh chart's defaults follow the interface language (it is nobody's data yet, and
 * signing in may switch the language); a loaded or edited chart keeps its own names. Writing null goes back to them.
 */
export const buttonsAtom = atom(
  (get) => get(ownButtonsAtom) ?? defaultButtons(get(languageAtom)),
  (_get, set, next: RangeButton[] | null) => set(ownButtonsAtom, next),
);

/** The colour the player chose last, which another chart may not have. */
const chosenColorAtom = atom<string>(DEFAULT_COLOR);
/**
 * The colour painting uses (SPEC §3 currentColor): the chosen one while the open chart has it, else the chart's first
 * colour. A chart is painted only in its own colours, so every combo painted is counted in its legend; a new colour
 * comes from adding it to the legend.
 */
export const currentColorAtom = atom(
  (get) => chartColor(get(buttonsAtom), get(chosenColorAtom)),
  (_get, set, next: string) => set(chosenColorAtom, next),
);

/** The chart with undo/redo; rangePairsAtom reads the present and writes a new undo step. */
export const rangeHistoryAtom = atom<History<RangePairs>>(initHistory<RangePairs>({}));
export const rangePairsAtom = atom(
  (get) => get(rangeHistoryAtom).present,
  (get, set, next: RangePairs) => {
    set(rangeHistoryAtom, pushHistory(get(rangeHistoryAtom), next));
  },
);

/**
 * The hero and the first villain of the equity, each from any source (contract/sides.ts): colours of this chart,
 * another chart, text or two hole cards. The chart's colours are actions; the sides say which ranges play.
 */
export const heroSideAtom = atom<EquitySide>(colorSide([DEFAULT_COLOR]));
export const villainSideAtom = atom<EquitySide>(colorSide([CALL_COLOR]));
/** The colours of this chart the hero and the first villain play (none when they play another source). */
export const heroColorsAtom = atom((get) => sideChartColors(get(heroSideAtom)));
export const villainColorsAtom = atom((get) => sideChartColors(get(villainSideAtom)));
/**
 * Villains after the first (multiway equity), saved with the range: each a side of any source. Hero, the first
 * villain and these make at most 6 ranges.
 */
export const extraVillainsAtom = atom<EquitySide[]>([]);
/** Cards known to be out of the deck (folded, burned, seen): no range holds them and no board deals them. */
export const deadCardsAtom = atom<string[]>([]);

/** The chart class shown up close (cell-inspector.tsx): a long press, a right click or I on a cell; null when closed. */
export const inspectedCellAtom = atom<string | null>(null);

/**
 * The account whose ranges the tool holds: the signed-in one, or the one whose session the server ended (a 401 met
 * by any call). Then its open range stays on screen and every edit of it is held for it (range-saver.ts) until it
 * signs in again; the player's own sign-out leaves no owner.
 */
export const rangeOwnerAtom = atom(
  (get) => get(sessionAtom).user?.id ?? get(endedSessionAtom)?.userId ?? null,
);

/** The library's selected range (SPEC §3 categoryId) and its note. */
export const categoryIdAtom = atom<number | null>(null);
/**
 * The tree (root type) and account the selection belongs to. The library forgets the selection when either changes,
 * not each time the tool mounts: a player back from the store finds the range still open, and its edits still saved.
 */
export const selectionScopeAtom = atom<{ rootType: string; owner: number | null } | null>(null);
/** The open range when it is a ready-made strategy (bought or seeded), as the server said when it was opened. */
export const templateRangeIdAtom = atom<number | null>(null);
/**
 * Whether the open chart is a ready-made strategy's: sold as it is, so painting, the buttons, the note, the suit
 * editor and text import are off (the server refuses them with 403 templateReadOnly). Its sides, villains and dead
 * cards stay the player's to choose and are saved.
 */
export const chartReadOnlyAtom = atom((get) => {
  const id = get(categoryIdAtom);
  return id !== null && id === get(templateRangeIdAtom);
});
export const noteAtom = atom('');
/** The name of a range of the library as it was opened or last renamed (the library writes it). */
export const namedRangeAtom = atom<{ id: number; name: string } | null>(null);
/** The open range's name; null for the tool's fresh chart, which no library holds. */
export const chartNameAtom = atom((get) => {
  const named = get(namedRangeAtom);
  return named !== null && named.id === get(categoryIdAtom) ? named.name : null;
});
export const rangeLoadingAtom = atom(false);
/** Bumped by every user edit of the selected range, so edits are queued for saving and loads are not. */
export const editVersionAtom = atom(0);
/**
 * Bumped when a range is created outside the library (a conflict's "save mine as a copy", a deleted range saved
 * again) or found deleted: the tree reloads.
 */
export const libraryVersionAtom = atom(0);

/** Suit editor: single combos left out of a class (hand class → "AhKh"…), applied to the equity ranges. */
export const comboExclusionsAtom = atom<Record<string, string[]>>({});
/** While on, choosing a cell opens its suit editor instead of painting. */
export const suitModeAtom = atom(false);
export const suitCellAtom = atom<string | null>(null);

/** The chart and its left-out combos as the counting views show them (see countedChartAtom). */
export interface CountedChart {
  pairs: RangePairs;
  exclusions: Record<string, string[]>;
}
/**
 * The chart the counting views read (the strategy bar, the colour buttons, the equity summary's two sides). Null
 * follows the chart at once. While the range tool is open it holds a copy that catches up with the chart right after
 * a paint's equity is on screen (counted-chart.ts): the click renders the painted cell alone, so the engine's answer
 * does not wait behind views that may follow it a few milliseconds later.
 */
export const countedChartAtom = atom<CountedChart | null>(null);
export const countedPairsAtom = atom((get) => get(countedChartAtom)?.pairs ?? get(rangePairsAtom));
export const countedExclusionsAtom = atom(
  (get) => get(countedChartAtom)?.exclusions ?? get(comboExclusionsAtom),
);

/**
 * The chart's combo counts, computed once per change of the counted chart for every view that shows them (the
 * strategy bar, the colour buttons, the equity summary's two sides).
 */
export const comboCountsAtom = atom((get) => countCombos(get(countedPairsAtom), get(countedExclusionsAtom)));
