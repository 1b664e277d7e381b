// A player's chart against the solved one, priced: what each cell's difference costs in the spot's EV unit.
import type { Pair } from '@contract/categories';
import { classCombos, HAND_CLASSES } from '@contract/hands';

import type { SolvedDecision } from './solved-spot';

/**
 * How often a chart plays each class with `color` (0 to 1, grid order): the colour's weight, less the share of the
 * class's combos the suit editor left out of it.
 */
export function chartFrequencies(pairs: readonly Pair[], color: string): number[] {
  const byHand = new Map(pairs.map((pair) => [pair.hand, pair]));
  const wanted = color.toUpperCase();
  return HAND_CLASSES.map((hand) => {
    const pair = byHand.get(hand);
    if (!pair) return 0;
    const weight = pair.colors
      .filter((entry) => entry.color.toUpperCase() === wanted)
      .reduce((sum, entry) => sum + entry.weight, 0);
    const kept = 1 - (pair.excluded?.length ?? 0) / classCombos(hand).length;
    return Math.min(1, (weight / 100) * kept);
  });
}

export interface PricedCell {
  hand: string;
  /** The player's and the solution's frequency of playing, 0 to 1. */
  mine: number;
  nash: number;
  /** What playing the class is worth more than folding it (unit), null where the decision is never reached. */
  gain: number | null;
  /**
   * What the player's frequency costs against the solution's: (nash - mine) x gain. The solution plays a class
   * exactly where it gains, so this is the EV given up (about zero where a class is mixed at indifference).
   */
  cost: number | null;
}

export interface PricedDiff {
  cells: PricedCell[];
  /** Classes whose frequency differs by more than half a percent. */
  changed: number;
  /**
   * The cost averaged over the hands a player is dealt (each class by its combos out of 1,326), in the unit: what
   * the chart loses each time the decision comes up. Null when the decision is never reached.
   */
  perHand: number | null;
}

/** Differences below this (a frequency rounded to a weight with two decimals) are the same play. */
const SAME = 0.005;

export function pricedDiff(
  decision: Pick<SolvedDecision, 'frequency' | 'playEv' | 'foldEv'>,
  mine: readonly number[],
): PricedDiff {
  let total = 0;
  let reached = false;
  let changed = 0;
  const cells = HAND_CLASSES.map((hand, index): PricedCell => {
    const nash = decision.frequency[index]!;
    const own = mine[index] ?? 0;
    const play = decision.playEv[index];
    const fold = decision.foldEv[index];
    const gain =
      play === null || play === undefined || fold === null || fold === undefined ? null : play - fold;
    const cost = gain === null ? null : (nash - own) * gain;
    if (Math.abs(nash - own) > SAME) changed += 1;
    if (cost !== null) {
      reached = true;
      total += (cost * classCombos(hand).length) / 1326;
    }
    return { hand, mine: own, nash, gain, cost };
  });
  return { cells, changed, perHand: reached ? total : null };
}
