// The engine's numbers behind the seeded store content: the heads-up push/fold equilibria of the push/fold pack at
// every stack and on the bubble (ICM), each class's equity against the other side's range with card removal, the
// chance the big blind folds, and the equities the cash lessons quote. scripts/seed-figures.ts writes them to
// server/db/seed-data/engine-figures.json; tests/engine/seed-figures.test.ts recomputes them and compares.
import { CLASS_COUNT, COMBO_CLASS, COMBO_COUNT, comboCards, HAND_CLASSES } from '../../contract/hands.ts';
import { openChart } from '../../server/db/seed-data/cash-packs.ts';
import { cellWeight } from '../../server/db/seed-data/chart-share.ts';
import type { EngineFigures, HeadsUpFigures } from '../../server/db/seed-data/figures-types.ts';
import { BUBBLE, OPEN_POSITIONS, PUSH_FOLD_STACKS, SEED_BLINDS } from '../../server/db/seed-data/spots.ts';
import type { StoredPairs } from '../../server/modules/categories/pairs.ts';
import type { EngineApi } from '../../src/engine/engine-api.ts';

/** Four decimals: a hundredth of a percent of equity or frequency, a ten-thousandth of a big blind. */
const round = (value: number) => Math.round(value * 1e4) / 1e4;
const rounded = (values: ArrayLike<number>) => Array.from(values, round);

const ALL_HANDS = new Float32Array(COMBO_COUNT).fill(1);

/** Each class's equity (0..1) against `villain` (169 class weights), exact preflop with card removal. */
function equityVs(api: EngineApi, villain: readonly number[]): number[] {
  const report = api.equityReport(
    ALL_HANDS,
    api.classWeightsToRange(Float32Array.from(villain)),
    '',
    '',
    0.02,
    false,
  );
  return rounded(report.matrix);
}

/** Per class, the chance that a player holding it sees the other fold (`play`: 169 frequencies of playing on). */
export function foldChance(play: readonly number[]): number[] {
  const cards = Array.from({ length: COMBO_COUNT }, (_, combo) => comboCards(combo));
  const sums = new Float64Array(CLASS_COUNT);
  const counts = new Float64Array(CLASS_COUNT);
  for (let hero = 0; hero < COMBO_COUNT; hero += 1) {
    const [a, b] = cards[hero]!;
    let live = 0;
    let plays = 0;
    for (let villain = 0; villain < COMBO_COUNT; villain += 1) {
      const [c, d] = cards[villain]!;
      if (c === a || c === b || d === a || d === b) continue;
      live += 1;
      plays += play[COMBO_CLASS[villain]!]!;
    }
    sums[COMBO_CLASS[hero]!]! += 1 - plays / live;
    counts[COMBO_CLASS[hero]!]! += 1;
  }
  return rounded(Array.from(sums, (sum, index) => sum / counts[index]!));
}

function headsUp(api: EngineApi, stack: number): HeadsUpFigures {
  const solution = api.solveHeadsUp({ stacks: [stack, stack], blinds: SEED_BLINDS, payouts: [], others: [] });
  return {
    stack,
    push: rounded(solution.push),
    call: rounded(solution.call),
    push_ev: rounded(solution.push_ev),
    call_ev: rounded(solution.call_ev),
    eq_vs_call: equityVs(api, solution.call),
    eq_vs_push: equityVs(api, solution.push),
    fold_chance: foldChance(solution.call),
  };
}

/** One value of a per-class array the engine gives for every class alike (a fold's value). */
function constant(values: readonly number[], what: string): number {
  if (values.some((value) => Math.abs(value - values[0]!) > 1e-9))
    throw new Error(`${what} differs by class`);
  return round(values[0]!);
}

function bubble(api: EngineApi): EngineFigures['bubble'] {
  const { stack, others, payouts } = BUBBLE;
  const solution = api.solveHeadsUp({
    stacks: [stack, stack],
    blinds: SEED_BLINDS,
    payouts: [...payouts],
    others: [...others],
  });
  const icm = (stacks: number[]) =>
    Array.from(api.icmEquity(Float64Array.from(stacks), Float64Array.from(payouts)));
  // The big blind's prize equity after folding to the push (the small blind took the blind), after winning the
  // all-in (the small blind is out) and after losing it (out, third): calling needs the share of the two that makes
  // it break even.
  const afterFold = icm([stack + 1, stack - 1, ...others])[1]!;
  const afterWin = icm([2 * stack, ...others])[0]!;
  return {
    stack,
    others: [...others],
    payouts: [...payouts],
    prize_before: rounded(icm([stack, stack, ...others])),
    push: rounded(solution.push),
    call: rounded(solution.call),
    push_ev: rounded(solution.push_ev),
    fold_ev: constant(solution.fold_ev, 'the small blind’s fold'),
    call_ev: rounded(solution.call_ev),
    call_fold_ev: constant(solution.call_fold_ev, 'the big blind’s fold'),
    call_win: round(afterWin),
    eq_vs_push: equityVs(api, solution.push),
    call_needs: round(afterFold / afterWin),
    chip_call_needs: round((stack - 1) / (2 * stack)),
  };
}

const weights = (pairs: StoredPairs) => HAND_CLASSES.map((hand) => cellWeight(pairs, hand));

function cash(api: EngineApi): EngineFigures['cash'] {
  const random = Array.from({ length: CLASS_COUNT }, () => 1);
  const vsRandom = (pairs: StoredPairs) => {
    const report = api.equityReport(
      api.classWeightsToRange(Float32Array.from(weights(pairs))),
      api.classWeightsToRange(Float32Array.from(random)),
      '',
      '',
      0.02,
      false,
    );
    return round(report.hero.equity);
  };
  return {
    open_vs_random: Object.fromEntries(
      OPEN_POSITIONS.map((position) => [position, vsRandom(openChart(position))]),
    ),
    vs_random: equityVs(api, random),
    vs_co_open: equityVs(api, weights(openChart('CO'))),
    vs_btn_open: equityVs(api, weights(openChart('BTN'))),
  };
}

/** Every figure of engine-figures.json, computed by the engine now. */
export function computeSeedFigures(api: EngineApi): EngineFigures {
  return {
    push_fold: PUSH_FOLD_STACKS.map((stack) => headsUp(api, stack)),
    bubble: bubble(api),
    cash: cash(api),
  };
}
