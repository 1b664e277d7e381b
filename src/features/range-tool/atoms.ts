// Range tool state (SPEC §3 "Range tool state"), one atom per field, read and written through the app store.
import { IDLE, type JobStatus } from '@/engine/latest-job';
import { languageAtom } from '@/lib/i18n';
import { endedSessionAtom, sessionAtom } from '@/lib/session';
import { atom } from '@/lib/store';
import type { EquitySide, RangeButton } from '@contract/categories';
import { HAND_CLASSES } from '@contract/hands';
import { colorSide, sideChartColors, sideSource } from '@contract/sides';

import { CALL_COLOR, defaultButtons } from './default-buttons';
import { emptyEquityResult, type EquityResult } from './equity-rules';
import type { RangeConflict } from './range-conflict';
import type { GoneRange } from './range-gone';
import { type History, initHistory, pushHistory } from './range-history';
import {
  chartColor,
  type ComboCount,
  comboCount,
  countCombos,
  DEFAULT_COLOR,
  DEFAULT_DISPLAY_MODE,
  type RangePairs,
  sideCombos,
} from './range-rules';
import type { SaveStatus } from './save-queue-types';

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
/**
 * Why a side takes no part: its chart is gone, its text is unreadable, its cards are on the board or dead, or its
 * range is empty.
 */
export type SideIssue = 'chartMissing' | 'textInvalid' | 'cardsTaken' | 'empty' | null;
/** What the last equity job found of each side, by player key ('hero', 'villain-1', 'villain-2'…). */
export interface ResolvedSide {
  combos: number;
  issue: SideIssue;
}
export const resolvedSidesAtom = atom<Record<string, ResolvedSide>>({});
/** Cards known to be out of the deck (folded, burned, seen): no range holds them and no board deals them. */
export const deadCardsAtom = atom<string[]>([]);

/** One player's multiway figures: equity with ties split, and the shares of deals won and tied. */
export interface MultiwayPlayer {
  equity: number;
  win: number;
  tie: number;
}
/**
 * Every player's figures when more than one villain is in (hero first), null heads-up. While a Monte Carlo run
 * samples, `running` is true and the figures, samples and standard error are its latest snapshot.
 */
export interface MultiwayFigures {
  method: 'exact' | 'monte-carlo';
  players: MultiwayPlayer[];
  /** Which workspace player each row is: 'hero', 'villain-1', then 'villain-N' of the extra villain shown. */
  keys: string[];
  stdError: number;
  samples: number;
  running: boolean;
}
export const multiwayEquityAtom = atom<MultiwayFigures | null>(null);

export const equityResultAtom = atom<EquityResult>(emptyEquityResult());
/** Whether figures are on screen: the views that only need to know re-render when it flips, not on every result. */
export const equityShownAtom = atom((get) => get(equityResultAtom).totals !== null);
/** The equity job's status (one tagged union, written by useRangeEquity); the atoms below are views of it. */
export const equityStatusAtom = atom<JobStatus>(IDLE);
export const calcLoadingAtom = atom((get) => get(equityStatusAtom).state === 'running');
/** Finished fraction of the running equity job, 0..1. */
export const calcProgressAtom = atom((get) => {
  const status = get(equityStatusAtom);
  return status.state === 'running' ? status.progress : status.state === 'done' ? 1 : 0;
});
/** The failed job's message; writing null dismisses it. */
export const calcErrorAtom = atom(
  (get) => {
    const status = get(equityStatusAtom);
    return status.state === 'error' ? status.message : null;
  },
  (get, set, next: null) => {
    if (next === null && get(equityStatusAtom).state === 'error') set(equityStatusAtom, IDLE);
  },
);
/** Bumped by "try again" after the preflop table failed to load: the equity job runs again and with it the download. */
export const preflopRetryAtom = atom(0);
export const heatVisibleAtom = atom(false);
/**
 * The result the chart's heat map shows: null while the heat map is off or has no class equities, so a paint's
 * new figures re-render the chart only when it shows them.
 */
export const gridHeatAtom = atom((get) => {
  if (!get(heatVisibleAtom)) return null;
  const result = get(equityResultAtom);
  return result.heat.length === HAND_CLASSES.length ? result : null;
});
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
export const rangeLoadingAtom = atom(false);
/** Bumped by every user edit of the selected range, so edits are queued for saving and loads are not. */
export const editVersionAtom = atom(0);
/** The save queue's state (range-saver.ts): saved, saving, unsaved (waiting), offline (retrying) or error. */
export type SaveState = SaveStatus;
export const saveStateAtom = atom<SaveState>('idle');

/**
 * Saves the server refused because the range moved meanwhile (saved in another session), oldest first: each waits
 * for the player to keep theirs, keep mine or save mine as a copy (range-conflict.ts).
 */
export const rangeConflictsAtom = atom<RangeConflict[]>([]);
/**
 * Edits of ranges the server no longer has (deleted in another tab, on another device, or by a free account's accepted
 * strategy), oldest first: each is held on this device until the player saves it as a new range or discards it.
 */
export const goneRangesAtom = atom<GoneRange[]>([]);
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

/** The equity panel's method: exact (default) or Monte Carlo. */
export const equityMethodAtom = atom<'exact' | 'monte-carlo'>('exact');
/** Live figures of the running Monte Carlo job (samples, estimate, standard error), null when none is running. */
export const monteCarloLiveAtom = atom((get) => {
  const status = get(equityStatusAtom);
  return status.state === 'running' ? status.live : null;
});

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
const countedPairsAtom = atom((get) => get(countedChartAtom)?.pairs ?? get(rangePairsAtom));
const countedExclusionsAtom = atom((get) => get(countedChartAtom)?.exclusions ?? get(comboExclusionsAtom));

/**
 * The chart's combo counts, computed once per change of the counted chart for every view that shows them (the
 * strategy bar, the colour buttons, the equity summary's two sides).
 */
export const comboCountsAtom = atom((get) => countCombos(get(countedPairsAtom), get(countedExclusionsAtom)));
/**
 * A side's combos: counted from the chart at once when it plays this chart's colours (so a paint shows in it with
 * the other counting views), else as the last equity job resolved its source (null until it has).
 */
const sideCombosAtom = (sideAtom: typeof heroSideAtom, key: string) =>
  atom((get): ComboCount | null => {
    const side = get(sideAtom);
    if (sideSource(side) === 'colors')
      return sideCombos(get(countedPairsAtom), side.colors ?? [], get(countedExclusionsAtom));
    const resolved = get(resolvedSidesAtom)[key];
    return resolved ? comboCount(resolved.combos) : null;
  });
export const heroCombosAtom = sideCombosAtom(heroSideAtom, 'hero');
export const villainCombosAtom = sideCombosAtom(villainSideAtom, 'villain-1');
