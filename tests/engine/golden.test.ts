// Both wasm builds (simd128 and scalar) must reproduce the published equities that the Rust tests check natively,
// from the same fixture file, in-process; the default build also through the worker pool with the job split into
// shards.
import { readFileSync } from 'node:fs';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { EngineClient } from '../../src/engine/engine.client.ts';
import { createEngineApi, type EngineApi } from '../../src/engine/engine-api.ts';
import { estimateWork, shardCount } from '../../src/engine/equity-schedule.ts';
import { ENGINE_BUILDS, loadEquityWasm } from '../../src/engine/node/load-wasm.ts';
import { createNodeEngineClient } from '../../src/engine/node/node-engine-client.ts';

interface GoldenCase {
  name: string;
  ranges: string[];
  board: string;
  dead: string;
  equity_percent: number[];
  decimals: number;
}

const cases = JSON.parse(
  readFileSync(new URL('../fixtures/equity-golden.json', import.meta.url), 'utf8'),
) as GoldenCase[];

/** A published value with d decimals is matched when we round to it: |ours - theirs| <= 0.5e-d (percent). */
function expectPublished(fraction: number, published: number, decimals: number) {
  expect(Math.abs(fraction * 100 - published)).toBeLessThanOrEqual(0.5 * 10 ** -decimals + 1e-9);
}

let api: EngineApi;
let pool: EngineClient;

beforeAll(async () => {
  api = createEngineApi(await loadEquityWasm());
  pool = createNodeEngineClient(2);
});

afterAll(() => pool.terminate());

describe.each(ENGINE_BUILDS)('golden equities through the %s wasm build', (build) => {
  let engine: EngineApi;
  beforeAll(async () => {
    engine = createEngineApi(await loadEquityWasm(build));
  });

  it('has the published cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(17);
    expect(engine.build()).toBe(build === 'simd' ? 'simd128' : 'scalar');
  });

  for (const golden of cases) {
    it(`${golden.name}`, () => {
      const ranges = golden.ranges.map((text) => engine.parseRange(text));
      if (ranges.length === 2) {
        const tally = engine.equityTally(ranges[0]!, ranges[1]!, golden.board, golden.dead, 0, 1);
        const report = engine.finishEquity(tally, 0.02);
        expectPublished(report.hero.equity, golden.equity_percent[0]!, golden.decimals);
        expectPublished(report.villain.equity, golden.equity_percent[1]!, golden.decimals);
      } else {
        const joined = new Float32Array(ranges.length * 1326);
        ranges.forEach((range, index) => joined.set(range, index * 1326));
        const totals = engine.multiwayExact(joined, golden.board, golden.dead, 2e9);
        expect(totals).toBeDefined();
        totals!.forEach((side, index) =>
          expectPublished(side.equity, golden.equity_percent[index]!, golden.decimals),
        );
      }
      // The three-way preflop case enumerates every board in one thread: about 30 s on a busy 2-core machine, so
      // the suite's default limit would turn load into a failure. Correctness, not speed, is checked here.
    }, 300_000);
  }
});

describe('worker pool', () => {
  it('runs the 124 vs 246 flop whole, and split into any number of shards merges to the same report', async () => {
    const hero = api.parseRange('77+, ATs+, KJs+, QJs, AJo+, KQo');
    const villain = api.parseRange('22+, A2s+, K9s+, QTs+, JTs, T9s, 98s, ATo+, KJo+, QJo');
    const whole = api.finishEquity(api.equityTally(hero, villain, 'Qs7h2d', '', 0, 1), 0.02);
    expect(shardCount(estimateWork(hero, villain, 'Qs7h2d', ''), pool.size, 3)).toBe(1);
    for (const shards of [undefined, 2, 5]) {
      const progress: number[] = [];
      const split = await pool.equity(
        { hero, villain, board: 'Qs7h2d', shards, comboEquity: true },
        { onProgress: (value) => progress.push(value) },
      );
      expect(split.hero.equity).toBeCloseTo(whole.hero.equity, 12);
      expect(split.villain.equity).toBeCloseTo(whole.villain.equity, 12);
      expect(split.combo_equity).toEqual(whole.combo_equity);
      expect(split.next_cards.map((card) => card.card)).toEqual(whole.next_cards.map((card) => card.card));
      // Every shard but the last reports as it lands, unless the job has finished first (its tally went straight to
      // the finishing worker, whose answer can reach the main thread before the shard's own); the last shard
      // finishes the job and reports 1. So: rising, at most one report per shard, ending at 1.
      expect(progress.length).toBeGreaterThanOrEqual(1);
      expect(progress.length).toBeLessThanOrEqual(shards ?? 1);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
      expect(new Set(progress).size).toBe(progress.length);
      expect(progress.at(-1)).toBe(1);
    }
  });

  it('finishes a split job while the other worker is busy with a long call', async () => {
    const random = api.parseRange('random');
    const whole = api.finishEquity(api.equityTally(random, random, 'Qs7h2d5c', '', 0, 1), 0.02);
    // Both workers busy: the job's lanes wait; whichever worker frees first may take every shard.
    const busy = [0, 1].map(() => pool.equity({ hero: random, villain: random, board: 'Kh9d4c', shards: 1 }));
    const split = await pool.equity({
      hero: random,
      villain: random,
      board: 'Qs7h2d5c',
      shards: 4,
      comboEquity: true,
    });
    await Promise.all(busy);
    // Integer weights: every partial sum is exact, so the merged report equals the whole one to the last bit.
    expect(split).toEqual(whole);
  });

  it('splits random vs random on the flop and merges to the whole job exactly', async () => {
    const random = api.parseRange('random');
    expect(shardCount(estimateWork(random, random, 'Kh9d4c', ''), pool.size, 3)).toBeGreaterThan(1);
    const whole = api.finishEquity(api.equityTally(random, random, 'Kh9d4c', '', 0, 1), 0.02);
    const split = await pool.equity({ hero: random, villain: random, board: 'Kh9d4c', comboEquity: true });
    expect(split).toEqual(whole);
  });

  it("keeps the caller's ranges intact (only copies move to the workers)", async () => {
    const hero = api.parseRange('AA, KK');
    const villain = api.parseRange('QQ');
    await pool.equity({ hero, villain, board: 'Kh9d4c' });
    expect(hero.length).toBe(1326);
    expect(villain.reduce((sum, weight) => sum + weight, 0)).toBe(6);
  });

  it('rejects a superseded job with an AbortError and stays usable', async () => {
    const controller = new AbortController();
    const hero = api.parseRange('random');
    const job = pool.equity({ hero, villain: hero, board: 'Qs7h2d' }, { signal: controller.signal });
    controller.abort();
    await expect(job).rejects.toMatchObject({ name: 'AbortError' });
    const report = await pool.equity({ hero: api.parseRange('AA'), villain: api.parseRange('KK') });
    expect(report.hero.equity).toBeCloseTo(0.8194, 3);
  });

  it('aborts a split job while its shards run, and stays usable', async () => {
    const random = api.parseRange('random');
    const controller = new AbortController();
    // Both shards are posted before equity() returns (idle workers are leased without a tick), so the abort comes
    // while both run and the last one has its partner's tally still to wait for. (Aborting at the first progress
    // report raced the job's own end: the last shard could finish before the main thread took that report.)
    const job = pool.equity(
      { hero: random, villain: random, board: 'Qs7h2d', shards: 2 },
      { signal: controller.signal },
    );
    controller.abort();
    await expect(job).rejects.toMatchObject({ name: 'AbortError' });
    // The pool is usable after it: the next split job runs and merges to the whole answer.
    const whole = api.finishEquity(api.equityTally(random, random, 'Qs7h2d5c', '', 0, 1), 0.02);
    const split = await pool.equity({ hero: random, villain: random, board: 'Qs7h2d5c', shards: 2 });
    expect(split.hero.equity).toBeCloseTo(whole.hero.equity, 12);
  });

  it('reports engine errors as rejected calls with the engine message', async () => {
    await expect(pool.parseRange('QQ++')).rejects.toThrow(/QQ\+\+/);
    const aces = api.parseRange('AA');
    await expect(pool.equity({ hero: aces, villain: aces, board: 'AhKd' })).rejects.toThrow();
  });

  it('runs Monte Carlo on every worker until the target precision and combines the streams', async () => {
    const ranges = ['QsQh', '8c7c', 'random'].map((text) => api.parseRange(text));
    const result = await pool.multiway(ranges, 'Jc9h2d', '', {
      forceMonteCarlo: true,
      targetStdError: 0.002,
    });
    expect(result.method).toBe('monte-carlo');
    expect(result.stdError).toBeLessThanOrEqual(0.002);
    // Exact: 66.3427 %; five standard errors is a test that fails about once in 3.5 million runs.
    expect(Math.abs(result.results[0]!.equity - 0.663427)).toBeLessThan(5 * result.stdError);
  });
});
