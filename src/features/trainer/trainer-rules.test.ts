import { describe, expect, it } from 'vitest';

import { classComboCount, HAND_CLASSES } from '@contract/hands';

import {
  answerForKey,
  boxFactor,
  classWeights,
  comboCards,
  dealHand,
  EMPTY_SCORE,
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
