import { describe, expect, it } from 'vitest';

import { HttpError } from '../../lib/http-error.ts';
import { normalizePairs } from './pairs.ts';

const refusal = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return error.code;
    throw error;
  }
  return undefined;
};

describe('normalizePairs', () => {
  const cell = (...weights: number[]) => [
    { hand: 'AA', colors: weights.map((weight, index) => ({ color: `#00000${index}`, weight })) },
  ];

  it('refuses a weight that is not a number from 0 to 100, so no sum of them can dodge the 100 cap', () => {
    // Infinity + -Infinity is NaN, and NaN > 100 is false: the sum alone let 90 + 90 through.
    expect(refusal(() => normalizePairs(cell(Infinity, -Infinity, 90, 90)))).toBe('invalidWeight');
    expect(refusal(() => normalizePairs(cell(Number.NaN, 90)))).toBe('invalidWeight');
    expect(refusal(() => normalizePairs(cell(-1, 50)))).toBe('invalidWeight');
    expect(refusal(() => normalizePairs(cell(101)))).toBe('invalidWeight');
  });

  it('keeps the 100 cap per pair and stores what fits', () => {
    expect(refusal(() => normalizePairs(cell(90, 90)))).toBe('pairTotalTooHigh');
    expect(normalizePairs(cell(40, 60, 0))).toEqual({
      AA: [
        { color: '#000000', weight: 40 },
        { color: '#000001', weight: 60 },
      ],
    });
  });
});
