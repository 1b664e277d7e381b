import { describe, expect, it } from 'vitest';

import { combineSnapshots } from './engine.client';

const totals = (equity: number) => ({ equity, win: equity, tie: 0, lose: 1 - equity, combos: 6 });

describe('combineSnapshots', () => {
  it('weights each stream by its samples', () => {
    const combined = combineSnapshots([
      { results: [totals(0.6), totals(0.4)], stdError: 0.01, samples: 1000 },
      { results: [totals(0.7), totals(0.3)], stdError: 0.02, samples: 3000 },
    ]);
    expect(combined.samples).toBe(4000);
    expect(combined.results[0]!.equity).toBeCloseTo(0.675, 12);
    expect(combined.results[1]!.lose).toBeCloseTo(0.675, 12);
  });

  it('combines standard errors as the error of a mean of independent means', () => {
    // Two equal streams: the error shrinks by sqrt(2).
    const stream = { results: [totals(0.5)], stdError: 0.01, samples: 500 };
    expect(combineSnapshots([stream, stream]).stdError).toBeCloseTo(0.01 / Math.SQRT2, 12);
  });

  it('has an infinite error before any sample', () => {
    expect(combineSnapshots([]).stdError).toBe(Infinity);
  });
});
