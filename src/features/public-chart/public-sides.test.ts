// The public page's players as combo weights: a chart's chosen actions (left-out combos out), typed text through the
// parser it is given, two hole cards; and the board field's reading. Sums are checked against combos counted by hand.
import { describe, expect, it, vi } from 'vitest';

import type { Pair } from '@contract/categories';

import { chartColorsRange, sideRange } from './public-sides';
import { readBoard } from './use-public-equity';

const RAISE = '#D64545';
const CALL = '#1847BE';
const PAIRS: Pair[] = [
  { hand: 'AA', colors: [{ color: RAISE, weight: 100 }] },
  {
    hand: 'AKs',
    colors: [
      { color: RAISE, weight: 50 },
      { color: CALL, weight: 50 },
    ],
    excluded: ['AsKs'],
  },
  { hand: '72o', colors: [{ color: CALL, weight: 100 }] },
];

const sum = (range: Float32Array) => range.reduce((total, weight) => total + weight, 0);
const nonZero = (range: Float32Array) => range.filter((weight) => weight > 0).length;

describe('a public chart side', () => {
  it("weighs each hand by the chosen actions' shares, colour case aside, without the left-out combos", () => {
    // Raise: AA's 6 combos at 1, AKs's 3 kept combos at 0.5.
    const raise = chartColorsRange(PAIRS, [RAISE.toLowerCase()]);
    expect(sum(raise)).toBeCloseTo(6 + 1.5, 5);
    expect(nonZero(raise)).toBe(9);
    // Call: AKs's 3 kept combos at 0.5, 72o's 12 at 1.
    expect(sum(chartColorsRange(PAIRS, [CALL]))).toBeCloseTo(1.5 + 12, 5);
    // Both: AKs whole (3 kept combos at 1).
    const both = chartColorsRange(PAIRS, [RAISE, CALL]);
    expect(sum(both)).toBeCloseTo(6 + 3 + 12, 5);
    expect(sum(chartColorsRange(PAIRS, []))).toBe(0);
  });

  it('says what a side lacks instead of computing with nothing', async () => {
    const parse = vi.fn(async () => new Float32Array(1326).fill(1));
    expect(await sideRange({ colors: [] }, PAIRS, parse)).toBe('noColors');
    expect(await sideRange({ text: '   ' }, PAIRS, parse)).toBe('noText');
    expect(await sideRange({ cards: ['Ah'] }, PAIRS, parse)).toBe('noCards');
    expect(parse).not.toHaveBeenCalled();
  });

  it('reads typed text through the given parser and two cards as one combo', async () => {
    const parse = vi.fn(async () => new Float32Array(1326).fill(0.25));
    const typed = await sideRange({ text: 'top 15%' }, PAIRS, parse);
    expect(parse).toHaveBeenCalledWith('top 15%');
    expect(sum(typed as Float32Array)).toBeCloseTo(1326 * 0.25, 3);
    const cards = (await sideRange({ cards: ['Ah', 'Kd'] }, PAIRS, parse)) as Float32Array;
    expect(sum(cards)).toBe(1);
    expect(nonZero(cards)).toBe(1);
  });
});

describe('the board field', () => {
  it('takes none or 3 to 5 distinct cards, with spaces or "10", and names what is wrong', () => {
    expect(readBoard('')).toEqual({ cards: '' });
    expect(readBoard('Kh9d4c')).toEqual({ cards: 'Kh9d4c' });
    expect(readBoard('10h 9d, 4c 2s')).toEqual({ cards: 'Th9d4c2s' });
    expect(readBoard('Kh9d')).toEqual({ problem: 'boardSize' });
    expect(readBoard('Kh9d4c2s3s5h')).toEqual({ problem: 'boardSize' });
    expect(readBoard('KhKh4c')).toEqual({ problem: 'boardCards' });
    expect(readBoard('Kx9d4c')).toEqual({ problem: 'boardCards' });
  });
});
