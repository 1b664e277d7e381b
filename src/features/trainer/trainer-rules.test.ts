import { describe, expect, it } from 'vitest';

import { classComboCount, HAND_CLASSES } from '@contract/hands';

import {
  answerEv,
  answerForKey,
  boxFactor,
  classWeights,
  comboCards,
  dealHand,
  EMPTY_SCORE,
  offersNotInRange,
  pickWeighted,
  scoreAnswer,
  seededRandom,
} from './trainer-rules';

/** A chart with no cells (every class a pure fold, so every class teaches alike) and the given boxes. */
const foldChart = (boxes: Record<string, number> = {}) => ({ cells: [], boxes });

function countDeals(boxes: Record<string, number>, draws: number, seed = 7) {
  const random = seededRandom(seed);
  const counts = new Map<string, number>();
  const combos = new Map<string, number>();
  for (let index = 0; index < draws; index += 1) {
    const deal = dealHand(foldChart(boxes), random);
    counts.set(deal.hand, (counts.get(deal.hand) ?? 0) + 1);
    combos.set(deal.combo, (combos.get(deal.combo) ?? 0) + 1);
  }
  return { counts, combos };
}

describe('trainer deal', () => {
  it('is deterministic for a seed', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const first = Array.from({ length: 5 }, () => dealHand(foldChart(), a));
    expect(Array.from({ length: 5 }, () => dealHand(foldChart(), b))).toEqual(first);
    expect(Array.from({ length: 5 }, () => dealHand(foldChart(), seededRandom(43)))).not.toEqual(first);
  });

  it('weights classes by combos: 1,326 in all, AKo twice AA, AA one and a half AKs', () => {
    const weights = classWeights(foldChart());
    expect(weights.reduce((sum, weight) => sum + weight, 0)).toBe(1326);
    const at = (hand: string) => weights[HAND_CLASSES.indexOf(hand)];
    expect([at('AKo'), at('AA'), at('AKs')]).toEqual([12, 6, 4]);
    // Over many seeded deals AKo comes about twice as often as AA (expected 12/1326 and 6/1326 of the draws).
    const { counts, combos } = countDeals({}, 39_780);
    expect(counts.get('AKo')! / counts.get('AA')!).toBeGreaterThan(1.7);
    expect(counts.get('AKo')! / counts.get('AA')!).toBeLessThan(2.3);
    // Every concrete hand comes up (30 expected each).
    expect(combos.size).toBe(1326);
    expect(Math.min(...combos.values())).toBeGreaterThan(5);
  }, 20_000);

  it('brings a missed class back four times as often and a mastered one a quarter as often', () => {
    expect([0, 1, 2, 3, 4].map(boxFactor)).toEqual([4, 2, 1, 0.5, 0.25]);
    expect(boxFactor(undefined)).toBe(1);
    const { counts } = countDeals({ AA: 0, KK: 4 }, 39_780, 11);
    const ratio = counts.get('AA')! / counts.get('QQ')!;
    expect(ratio).toBeGreaterThan(3.2);
    expect(ratio).toBeLessThan(4.8);
    expect(counts.get('KK')! / counts.get('QQ')!).toBeLessThan(0.45);
  }, 20_000);

  it('never deals a class that teaches less for being answered right, while a far fold answered right sinks', () => {
    // AA alone: the border of its range (its neighbours fold); 72o a far fold.
    const cells = [{ hand: 'AA', colors: [{ color: '#D64545', weight: 100 }] }];
    const at = (weights: readonly number[], hand: string) => weights[HAND_CLASSES.indexOf(hand)]!;
    const fresh = classWeights({ cells, boxes: {} });
    expect([at(fresh, 'AA'), at(fresh, '72o')]).toEqual([6 * 10, 12]);
    const mastered = classWeights({ cells, boxes: { AA: 4, '72o': 4 } });
    expect([at(mastered, 'AA'), at(mastered, '72o')]).toEqual([60, 3]);
    const missed = classWeights({ cells, boxes: { AA: 0, '72o': 0 } });
    expect([at(missed, 'AA'), at(missed, '72o')]).toEqual([240, 48]);
    // As dealt, the boxes play no part: combos alone.
    expect(classWeights({ cells, boxes: { AA: 0 } }, 'asDealt')).toEqual(HAND_CLASSES.map(classComboCount));
  });

  it('picks by weight and never a zero weight', () => {
    const random = seededRandom(3);
    for (let index = 0; index < 1000; index += 1) expect(pickWeighted([0, 1, 0, 3], random)).not.toBe(0);
    expect(pickWeighted([0, 2, 0], () => 0.999999999)).toBe(1);
  });

  it('writes the combo with suit symbols', () => {
    expect(comboCards('AsKd')).toEqual([
      { rank: 'A', suit: 's', symbol: '♠' },
      { rank: 'K', suit: 'd', symbol: '♦' },
    ]);
  });
});

describe('trainer session score', () => {
  it('counts hands, streaks and the per-class mistakes', () => {
    let score = EMPTY_SCORE;
    for (const [hand, correct] of [
      ['AA', true],
      ['AKo', true],
      ['AKo', false],
      ['72o', true],
    ] as const) {
      score = scoreAnswer(score, hand, correct);
    }
    expect(score).toEqual({
      hands: 4,
      correct: 3,
      streak: 1,
      bestStreak: 2,
      classes: { AA: { shown: 1, missed: 0 }, AKo: { shown: 2, missed: 1 }, '72o': { shown: 1, missed: 0 } },
    });
  });

  it('maps keys 1-9 to actions and 0 to fold', () => {
    expect(answerForKey('1', 2)).toBe(0);
    expect(answerForKey('2', 2)).toBe(1);
    expect(answerForKey('3', 2)).toBeNull();
    expect(answerForKey('0', 2)).toBe('fold');
    expect(answerForKey('a', 2)).toBeNull();
  });
});

const PUSH = '#E08A1E';
const FOLD = '#5B6B7F';

/** A chart saved from a solved spot: AA pushed, A5s mixed, every other class folded with the Fold colour. */
function solvedChart() {
  const cells = HAND_CLASSES.map((hand) =>
    hand === 'AA'
      ? { hand, colors: [{ color: PUSH, weight: 100 }] }
      : hand === 'A5s'
        ? {
            hand,
            colors: [
              { color: PUSH, weight: 62.5 },
              { color: FOLD, weight: 37.5 },
            ],
          }
        : { hand, colors: [{ color: FOLD, weight: 100 }] },
  );
  // EVs in bb: pushing AA +3, folding -0.5; pushing 72o -1.2; A5s indifferent at -0.5; 32o never reached.
  const play = HAND_CLASSES.map((hand) =>
    hand === 'AA' ? 3 : hand === '72o' ? -1.2 : hand === '32o' ? null : -0.5,
  );
  const fold = HAND_CLASSES.map((hand) => (hand === '32o' ? null : -0.5));
  return {
    cells,
    boxes: {},
    spot_ev: { unit: 'bb' as const, play: { color: PUSH, ev: play }, fold: { color: FOLD, ev: fold } },
  };
}

describe('trainer on a solved spot’s chart', () => {
  it('offers "not in range" only where some hand of the chart is not painted whole', () => {
    const chart = solvedChart();
    expect(offersNotInRange(chart)).toBe(false);
    expect(offersNotInRange({ cells: chart.cells.slice(1) })).toBe(true);
    expect(
      offersNotInRange({
        cells: chart.cells.map((cell) =>
          cell.hand === 'KK' ? { ...cell, colors: [{ color: FOLD, weight: 99 }] } : cell,
        ),
      }),
    ).toBe(true);
    expect(
      offersNotInRange({
        cells: chart.cells.map((cell) => (cell.hand === 'KK' ? { ...cell, excluded: ['KhKd'] } : cell)),
      }),
    ).toBe(true);
    // A chart painted whole in thirds: rounding leaves no room for a fold.
    expect(
      offersNotInRange({
        cells: HAND_CLASSES.map((hand) => ({
          hand,
          colors: [
            { color: PUSH, weight: 33.33 },
            { color: FOLD, weight: 33.33 },
            { color: '#123456', weight: 33.340000001 },
          ],
        })),
      }),
    ).toBe(false);
  });

  it('says what a wrong answer lost against the chart’s answer, in the spot’s unit', () => {
    const { spot_ev: spotEv } = solvedChart();
    // Folding AA: the chart pushes it, worth 3 against -0.5.
    expect(answerEv(spotEv, 'AA', FOLD, [PUSH])).toEqual({
      unit: 'bb',
      play: { color: PUSH, ev: 3 },
      fold: { color: FOLD, ev: -0.5 },
      chosen: -0.5,
      lost: 3.5,
    });
    // "Not in range" is the fold; the colours are read in any case.
    expect(answerEv(spotEv, 'AA', null, [PUSH.toLowerCase()])!.lost).toBe(3.5);
    // Pushing 72o loses 0.7 against its fold; a right answer loses nothing.
    expect(answerEv(spotEv, '72o', PUSH, [FOLD])!.lost).toBeCloseTo(0.7, 12);
    expect(answerEv(spotEv, '72o', FOLD, [FOLD])!.lost).toBe(0);
    // A mixed hand: either answer is worth the same.
    expect(answerEv(spotEv, 'A5s', PUSH, [PUSH, FOLD])!.lost).toBe(0);
    // No EVs to give: a hand that never reaches the decision, a chart with none, an answer that is no action of it.
    expect(answerEv(spotEv, '32o', PUSH, [FOLD])).toBeNull();
    expect(answerEv(null, 'AA', FOLD, [PUSH])).toBeNull();
    expect(answerEv(spotEv, 'AA', '#123456', [PUSH])).toBeNull();
  });

  it('deals a solved chart’s Fold-coloured far folds as rarely as empty cells', () => {
    const chart = solvedChart();
    const painted = classWeights(chart);
    const at = (weights: readonly number[], hand: string) => weights[HAND_CLASSES.indexOf(hand)]!;
    // 72o is a far fold (factor 1), AA the border of the range (10), A5s a mix (12).
    expect([at(painted, '72o'), at(painted, 'AA'), at(painted, 'A5s')]).toEqual([12, 60, 48]);
    // The same chart with its folds left empty deals alike.
    const empty = classWeights({
      cells: chart.cells
        .map((cell) => ({ ...cell, colors: cell.colors.filter((entry) => entry.color !== FOLD) }))
        .filter((cell) => cell.colors.length > 0),
      boxes: {},
    });
    expect(painted).toEqual(empty);
  });
});
