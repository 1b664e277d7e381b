// The trainer's pure rules: the seeded random source, the deal (by how much a class teaches and its Leitner box, or
// as at the table) and the session's score. Grading is the contract's (trainer-grading.ts), shared with the server.
import { classCombos, HAND_CLASSES } from '@contract/hands';
import { TRAINER_MAX_BOX, TRAINER_START_BOX } from '@contract/limits';
import type { SpotEv } from '@contract/spot-ev';
import type { TrainerChart } from '@contract/trainer';

import { classDealWeights, type DealMode, teachingKinds } from './deal-weights';

/** A random source of floats in [0, 1). */
export type Random = () => number;

/** mulberry32: a small, fast seeded generator; the same seed deals the same hands (tests, reproducible drills). */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * How much more often a class in `box` comes than by its combos alone: box 0 (just missed) four times, the start box
 * once, the top box a quarter. Doubling per box is the Leitner schedule's halving of review frequency.
 */
export function boxFactor(box: number | undefined): number {
  const clamped = Math.min(TRAINER_MAX_BOX, Math.max(0, box ?? TRAINER_START_BOX));
  return 2 ** (TRAINER_START_BOX - clamped);
}

const CLASS_COMBOS = HAND_CLASSES.map(classCombos);

/**
 * What the deal reads of a chart: its cells (how much each class teaches), the player's boxes on it and, for a chart
 * of a solved spot, its EVs (whose fold colour paints the fold).
 */
export type DealtChart = Pick<TrainerChart, 'cells' | 'boxes'> & { spot_ev?: SpotEv | null };

/**
 * The draw weight of every class (row-major). Teaching (the default): its combos times its teaching factor
 * (deal-weights.ts) times its box factor, where a class that teaches (a mix, the range's border or inside) is never
 * dealt less for being answered right: otherwise, once its border is mastered, the far folds of a tight chart would
 * outnumber it again. A far fold answered right sinks with its box as usual. As dealt: its combos alone (6, 4 or
 * 12), every combo equally likely, whatever the boxes.
 */
export function classWeights(chart: DealtChart, mode: DealMode = 'teaching'): readonly number[] {
  const foldColor = chart.spot_ev?.fold.color ?? null;
  const weights = classDealWeights(chart.cells, mode, foldColor);
  if (mode === 'asDealt') return weights;
  const kinds = teachingKinds(chart.cells, foldColor);
  return weights.map((weight, index) => {
    const factor = boxFactor(chart.boxes[HAND_CLASSES[index]!]);
    return weight * (kinds[index] === 'trivial' ? factor : Math.max(1, factor));
  });
}

export interface Deal {
  hand: string;
  /** One concrete combo of the class in canonical spelling ("AhKc"). */
  combo: string;
}

/** Picks an index in proportion to `weights` (all >= 0, some > 0). */
export function pickWeighted(weights: readonly number[], random: Random): number {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let target = random() * total;
  for (const [index, weight] of weights.entries()) {
    target -= weight;
    if (target < 0) return index;
  }
  // Float rounding can leave target at exactly 0 past the end: the last positive weight is the answer.
  return weights.reduce((last, weight, index) => (weight > 0 ? index : last), 0);
}

/**
 * Deals one hand: a class in proportion to its weight (classWeights), then one of its combos uniformly. As dealt,
 * every concrete hand is then equally likely (AKo twice as often as AA, 12 combos to 6).
 */
export function dealHand(chart: DealtChart, random: Random, mode: DealMode = 'teaching'): Deal {
  const index = pickWeighted(classWeights(chart, mode), random);
  const combos = CLASS_COMBOS[index]!;
  return { hand: HAND_CLASSES[index]!, combo: combos[Math.floor(random() * combos.length)]! };
}

const SUIT_SYMBOLS: Record<string, string> = { s: '♠', h: '♥', d: '♦', c: '♣' };

/** The combo's two cards as rank and suit symbol ("A♠", "K♦"), with the suit letter for styling. */
export function comboCards(combo: string): Array<{ rank: string; suit: string; symbol: string }> {
  return [combo.slice(0, 2), combo.slice(2, 4)].map((card) => ({
    rank: card.charAt(0),
    suit: card.charAt(1),
    symbol: SUIT_SYMBOLS[card.charAt(1)] ?? card.charAt(1),
  }));
}

export interface SessionScore {
  hands: number;
  correct: number;
  streak: number;
  bestStreak: number;
  /** Per class: how often it was asked and missed in this session. */
  classes: Record<string, { shown: number; missed: number }>;
}

export const EMPTY_SCORE: SessionScore = { hands: 0, correct: 0, streak: 0, bestStreak: 0, classes: {} };

export function scoreAnswer(score: SessionScore, hand: string, correct: boolean): SessionScore {
  const streak = correct ? score.streak + 1 : 0;
  const previous = score.classes[hand] ?? { shown: 0, missed: 0 };
  return {
    hands: score.hands + 1,
    correct: score.correct + (correct ? 1 : 0),
    streak,
    bestStreak: Math.max(score.bestStreak, streak),
    classes: {
      ...score.classes,
      [hand]: { shown: previous.shown + 1, missed: previous.missed + (correct ? 0 : 1) },
    },
  };
}

/** Keys 1-9 choose the first nine actions, 0 "not in the range"; null for any other key. */
export function answerForKey(key: string, actionCount: number): number | 'fold' | null {
  if (key === '0') return 'fold';
  if (!/^[1-9]$/.test(key)) return null;
  const index = Number(key) - 1;
  return index < actionCount ? index : null;
}

// Weights are percentages with decimals: below this a remainder is rounding, not a fold.
const EPSILON = 1e-6;

/**
 * Whether "not in the range" can ever be the answer: not when every class of the chart is painted whole and keeps all
 * its combos (a chart saved from a solved spot paints its folds with a Fold colour of their own), where it would only
 * be a second fold that is always wrong.
 */
export function offersNotInRange(chart: Pick<TrainerChart, 'cells'>): boolean {
  if (chart.cells.length < HAND_CLASSES.length) return true;
  return chart.cells.some(
    (cell) =>
      (cell.excluded?.length ?? 0) > 0 ||
      cell.colors.reduce((sum, entry) => sum + entry.weight, 0) < 100 - EPSILON,
  );
}

/** An answer's value in a solved spot, and what it gave up against the best of the chart's right answers. */
export interface AnswerEv {
  unit: SpotEv['unit'];
  /** Each action's EV for the hand: the play and the fold (its colour, or "not in the range"). */
  play: { color: string; ev: number };
  fold: { color: string; ev: number };
  /** The EV of the answer given. */
  chosen: number;
  /** How much less the answer is worth than the best action the chart plays with this hand; 0 when none. */
  lost: number;
}

/**
 * The EVs of a hand in a chart saved from a solved spot (`spotEv`), and what the answer `color` (null: not in the
 * range, which is the fold) lost against the best of `rightColors` (the actions the chart plays the hand with, fold as
 * null). Null when the chart has no EVs, the hand never reaches the decision, or an answer is no action of the spot.
 */
export function answerEv(
  spotEv: SpotEv | null | undefined,
  hand: string,
  color: string | null,
  rightColors: ReadonlyArray<string | null>,
): AnswerEv | null {
  const index = HAND_CLASSES.indexOf(hand);
  if (!spotEv || index < 0) return null;
  const play = spotEv.play.ev[index];
  const fold = spotEv.fold.ev[index];
  if (play === null || play === undefined || fold === null || fold === undefined) return null;
  const evOf = (answer: string | null) => {
    const upper = answer?.toUpperCase() ?? null;
    if (upper === spotEv.play.color.toUpperCase()) return play;
    if (upper === null || upper === spotEv.fold.color.toUpperCase()) return fold;
    return null;
  };
  const chosen = evOf(color);
  const right = rightColors.map(evOf);
  if (chosen === null || right.length === 0 || right.some((value) => value === null)) return null;
  const best = Math.max(...(right as number[]));
  return {
    unit: spotEv.unit,
    play: { color: spotEv.play.color, ev: play },
    fold: { color: spotEv.fold.color, ev: fold },
    chosen,
    lost: Math.max(0, best - chosen),
  };
}
