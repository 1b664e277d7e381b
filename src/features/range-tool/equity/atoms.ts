// The equity's state: what each side resolved to, the figures of the last job and its status, the method, the heat
// map, written by useRangeEquity and read by the equity panel and the grid's heat map.
import { IDLE, type JobStatus } from '@/engine/latest-job';
import { atom } from '@/lib/store';
import { HAND_CLASSES } from '@contract/hands';
import { sideSource } from '@contract/sides';

import { countedExclusionsAtom, countedPairsAtom, heroSideAtom, villainSideAtom } from '../shared/atoms';
import { type ComboCount, comboCount, sideCombos } from '../shared/range-rules';
import { emptyEquityResult, type EquityResult } from './equity-rules';

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

/** The equity panel's method: exact (default) or Monte Carlo. */
export const equityMethodAtom = atom<'exact' | 'monte-carlo'>('exact');
/** Live figures of the running Monte Carlo job (samples, estimate, standard error), null when none is running. */
export const monteCarloLiveAtom = atom((get) => {
  const status = get(equityStatusAtom);
  return status.state === 'running' ? status.live : null;
});

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
