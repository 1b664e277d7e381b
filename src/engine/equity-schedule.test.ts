import { describe, expect, it } from 'vitest';

import { classWeightsToRange, COMBO_COUNT } from '@contract/hands';

import {
  estimateWork,
  MAX_SHARDS_PER_WORKER,
  measuredUnitsPerMs,
  runoutCount,
  SHARD_MS,
  shardCount,
  UNITS_PER_MS,
  WHOLE_JOB_MS,
} from './equity-schedule';

const full = new Float32Array(COMBO_COUNT).fill(1);
const few = (count: number) => {
  const range = new Float32Array(COMBO_COUNT);
  range.fill(1, 0, count);
  return range;
};

describe('equity scheduling', () => {
  it('counts the runouts left to deal', () => {
    expect(runoutCount(3, 0)).toBe(1176); // C(49, 2)
    expect(runoutCount(4, 0)).toBe(48);
    expect(runoutCount(5, 0)).toBe(1);
    expect(runoutCount(0, 1)).toBe(2_349_060); // C(51, 5)
  });

  it('runs a river, a turn and a small flop whole on one worker', () => {
    expect(shardCount(estimateWork(full, full, 'Kh9d4c2s7h', ''), 2, 5)).toBe(1);
    expect(shardCount(estimateWork(full, full, 'Kh9d4c2s', ''), 2, 4)).toBe(1);
    expect(shardCount(estimateWork(few(40), few(60), 'Kh9d4c', ''), 2, 3)).toBe(1);
  });

  it('runs the 124 vs 246 combo flop (about 2.5 ms) whole, and splits it only on a slower engine', () => {
    const work = estimateWork(few(124), few(246), 'Qs7h2d', '');
    expect(work / UNITS_PER_MS).toBeGreaterThan(2);
    expect(work / UNITS_PER_MS).toBeLessThanOrEqual(WHOLE_JOB_MS);
    expect(shardCount(work, 1, 3)).toBe(1);
    expect(shardCount(work, 2, 3)).toBe(1);
    // The plan follows the measured rate: at half of it the same job splits in two.
    expect(shardCount(work, 2, 3, UNITS_PER_MS / 2)).toBe(2);
  });

  it('gives random vs random on the flop one shard per worker, and long jobs more, a multiple of the workers', () => {
    const work = estimateWork(full, full, 'Kh9d4c', '');
    expect(work / UNITS_PER_MS).toBeGreaterThan(10);
    expect(work / UNITS_PER_MS).toBeLessThan(SHARD_MS);
    expect(shardCount(work, 1, 3)).toBe(1);
    expect(shardCount(work, 2, 3)).toBe(2);
    expect(shardCount(work, 8, 3)).toBe(8);
    // At a tenth of the rate (a slow phone) the job is long: more shards, so progress moves and an abort is quick.
    for (const workers of [1, 2, 3, 8]) {
      const shards = shardCount(work, workers, 3, UNITS_PER_MS / 10);
      expect(shards % workers).toBe(0);
      expect(shards).toBeLessThanOrEqual(workers * MAX_SHARDS_PER_WORKER);
    }
    expect(shardCount(work, 1, 3, UNITS_PER_MS / 10)).toBe(4);
    expect(shardCount(work, 2, 3, UNITS_PER_MS / 10)).toBe(4);
  });

  it("takes the workers' rate from the fastest timed warm-up round", () => {
    expect(measuredUnitsPerMs([])).toBe(UNITS_PER_MS);
    expect(measuredUnitsPerMs([{ units: 0, ms: 0 }], 5)).toBe(5);
    expect(
      measuredUnitsPerMs([
        { units: 400_000, ms: 20 },
        { units: 400_000, ms: 2.5 },
        { units: 400_000, ms: 4 },
      ]),
    ).toBe(160_000);
  });

  it('prices preflop table lookups below flop enumeration', () => {
    const grid = new Float32Array(169).fill(1);
    const range = classWeightsToRange(grid);
    expect(estimateWork(range, range, '', '')).toBeLessThan(estimateWork(range, range, 'Kh9d4c', ''));
  });
});
