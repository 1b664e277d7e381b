// The deal's distribution, tested statistically with the seeded generator. The oracle is worked out here from the
// charts as a player reads them: each class's place in the grid from its two ranks (not the app's grid order), its
// neighbours, what it asks, and the documented factors; then many seeded deals are compared with it by a chi-square
// test at the 0.1% level.
import { describe, expect, it } from 'vitest';

import type { Pair } from '@contract/categories';

import { TEACHING_FACTORS, type TeachingKind, teachingKinds } from './deal-weights';
import { dealHand, seededRandom } from './trainer-rules';

const RANKS = 'AKQJT98765432';
const RAISE = '#D64545';
const CALL = '#2E9E5B';

/** Every class with its grid place, from its ranks: pairs on the diagonal, suited above it, offsuit below. */
const CLASSES = [...RANKS].flatMap((high, i) =>
  [...RANKS].map((low, j) => {
    if (i === j) return { hand: high + low, row: i, col: j, combos: 6 };
    const [a, b] = i < j ? [high, low] : [low, high];
    return { hand: `${a}${b}${i < j ? 's' : 'o'}`, row: i, col: j, combos: i < j ? 4 : 12 };
  }),
);

const pure = (hands: string[], color = RAISE): Pair[] =>
  hands.map((hand) => ({ hand, colors: [{ color, weight: 100 }] }));

/** The kind of each class by the documented rule, worked out from the chart's own cells. */
function expectedKinds(cells: Pair[]): Map<string, TeachingKind> {
  const byHand = new Map(cells.map((cell) => [cell.hand, cell]));
  const at = new Map(CLASSES.map((entry) => [`${entry.row},${entry.col}`, entry.hand]));
  const asks = (hand: string) => {
    const cell = byHand.get(hand);
    const colors = (cell?.colors ?? []).filter((entry) => entry.weight > 0);
    const total = colors.reduce((sum, entry) => sum + entry.weight, 0);
    const mixed = colors.length + (total < 100 ? 1 : 0) > 1 || (cell?.excluded?.length ?? 0) > 0;
    const key = JSON.stringify([...colors].sort((a, b) => a.color.localeCompare(b.color)));
    return { mixed, key, played: colors.length > 0 };
  };
  const kinds = new Map<string, TeachingKind>();
  for (const { hand, row, col } of CLASSES) {
    const own = asks(hand);
    const around = [-1, 0, 1]
      .flatMap((dr) => [-1, 0, 1].map((dc) => at.get(`${row + dr},${col + dc}`)))
      .filter((name): name is string => name !== undefined && name !== hand);
    kinds.set(
      hand,
      own.mixed
        ? 'mixed'
        : around.some((name) => asks(name).key !== own.key)
          ? 'edge'
          : own.played
            ? 'inside'
            : 'trivial',
    );
  }
  return kinds;
}

/** The chi-square quantile at 0.999 for `df` degrees of freedom (Wilson-Hilferty; within 1% for df > 30). */
const chiSquareCritical = (df: number) => df * (1 - 2 / (9 * df) + 3.0902 * Math.sqrt(2 / (9 * df))) ** 3;

/** Deals `draws` hands from a chart with no history and counts them per class. */
function deal(cells: Pair[], mode: 'teaching' | 'asDealt', draws: number, seed: number) {
  const random = seededRandom(seed);
  const counts = new Map<string, number>();
  for (let index = 0; index < draws; index += 1) {
    const { hand } = dealHand({ cells, boxes: {} }, random, mode);
    counts.set(hand, (counts.get(hand) ?? 0) + 1);
  }
  return counts;
}

/** Pearson's chi-square of the counts against the expected weights per class. */
function chiSquare(counts: Map<string, number>, weights: Map<string, number>, draws: number): number {
  const total = [...weights.values()].reduce((sum, weight) => sum + weight, 0);
  let statistic = 0;
  for (const [hand, weight] of weights) {
    const expected = (draws * weight) / total;
    statistic += ((counts.get(hand) ?? 0) - expected) ** 2 / expected;
  }
  return statistic;
}

// A tight opening chart: 99+, AKs, AKo, 52 combos of 1,326 (3.9%).
const TIGHT = pure(['AA', 'KK', 'QQ', 'JJ', 'TT', '99', 'AKs', 'AKo']);
const DRAWS = 60_000;

describe('the deal', () => {
  it('sorts the classes of a chart as the documented rule does', () => {
    const chart = [
      ...TIGHT,
      {
        hand: 'A5s',
        colors: [
          { color: RAISE, weight: 60 },
          { color: CALL, weight: 30 },
        ],
      },
      { hand: 'KQs', colors: [{ color: RAISE, weight: 100 }], excluded: ['KhQh'] },
    ];
    const kinds = teachingKinds(chart);
    const expected = expectedKinds(chart);
    expect(CLASSES.map(({ hand }) => expected.get(hand))).toEqual(
      CLASSES.map(({ row, col }) => kinds[row * 13 + col]),
    );
    // Spot checks a player would make: a mix, a trimmed cell, the range's border on both sides, its inside, a far fold.
    const kind = (hand: string) => expected.get(hand);
    expect([kind('A5s'), kind('KQs'), kind('99'), kind('88'), kind('AA'), kind('72o')]).toEqual([
      'mixed',
      'mixed',
      'edge',
      'edge',
      'inside',
      'trivial',
    ]);
  });

  it('deals a tight chart by how much each class teaches: borderline hands far more often than trivial folds', () => {
    const kinds = expectedKinds(TIGHT);
    const weights = new Map(
      CLASSES.map(({ hand, combos }) => [hand, combos * TEACHING_FACTORS[kinds.get(hand)!]]),
    );
    const counts = deal(TIGHT, 'teaching', DRAWS, 20_261);
    expect(chiSquare(counts, weights, DRAWS)).toBeLessThan(chiSquareCritical(168));
    const share = (kind: TeachingKind) =>
      CLASSES.filter(({ hand }) => kinds.get(hand) === kind).reduce(
        (sum, { hand }) => sum + (counts.get(hand) ?? 0),
        0,
      ) / DRAWS;
    // As dealt, five hands in six would be folds far from the range; taught, about two in three are at its border.
    expect(share('edge')).toBeGreaterThan(0.6);
    expect(share('trivial')).toBeLessThan(0.4);
    // Per combo, a border class comes ten times as often as a trivial fold (the documented factors).
    const perCombo = (hand: string) =>
      (counts.get(hand) ?? 0) / CLASSES.find((entry) => entry.hand === hand)!.combos;
    const borderFolds = CLASSES.filter(
      ({ hand }) => kinds.get(hand) === 'edge' && !TIGHT.some((cell) => cell.hand === hand),
    );
    const trivial = CLASSES.filter(({ hand }) => kinds.get(hand) === 'trivial');
    const mean = (entries: typeof CLASSES) =>
      entries.reduce((sum, { hand }) => sum + perCombo(hand), 0) / entries.length;
    expect(mean(borderFolds) / mean(trivial)).toBeGreaterThan(9);
    expect(mean(borderFolds) / mean(trivial)).toBeLessThan(11);
  }, 30_000);

  it('deals a chart with mixes and trimmed cells by the same rule, a mix weighing most', () => {
    const chart = [
      ...TIGHT,
      {
        hand: 'A5s',
        colors: [
          { color: RAISE, weight: 60 },
          { color: CALL, weight: 30 },
        ],
      },
      { hand: 'KQs', colors: [{ color: RAISE, weight: 100 }], excluded: ['KhQh'] },
      { hand: '87s', colors: [{ color: CALL, weight: 50 }] },
    ];
    const kinds = expectedKinds(chart);
    const weights = new Map(
      CLASSES.map(({ hand, combos }) => [hand, combos * TEACHING_FACTORS[kinds.get(hand)!]]),
    );
    const counts = deal(chart, 'teaching', DRAWS, 4_099);
    expect(chiSquare(counts, weights, DRAWS)).toBeLessThan(chiSquareCritical(168));
    expect(TEACHING_FACTORS.mixed).toBeGreaterThan(TEACHING_FACTORS.edge);
  }, 30_000);

  it('deals every hand as at the table when asked: every combo equally likely', () => {
    const weights = new Map(CLASSES.map(({ hand, combos }) => [hand, combos]));
    const counts = deal(TIGHT, 'asDealt', DRAWS, 7_919);
    expect(chiSquare(counts, weights, DRAWS)).toBeLessThan(chiSquareCritical(168));
    const played = TIGHT.reduce((sum, { hand }) => sum + (counts.get(hand) ?? 0), 0) / DRAWS;
    // 52 of 1,326 combos: 3.9%, within four standard errors.
    expect(Math.abs(played - 52 / 1326)).toBeLessThan(4 * Math.sqrt((0.039 * 0.961) / DRAWS));
  }, 30_000);

  it('fails the test on a deal that ignores the teaching weights (the test can fail)', () => {
    const kinds = expectedKinds(TIGHT);
    const weights = new Map(
      CLASSES.map(({ hand, combos }) => [hand, combos * TEACHING_FACTORS[kinds.get(hand)!]]),
    );
    const uniform = deal(TIGHT, 'asDealt', DRAWS, 20_261);
    expect(chiSquare(uniform, weights, DRAWS)).toBeGreaterThan(chiSquareCritical(168));
  }, 30_000);
});
