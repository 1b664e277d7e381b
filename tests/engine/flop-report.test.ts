// The flop report through the wasm build and the worker pool: the plan's flops and weights, a row against the exact
// equity of its flop, the whole report against the preflop equity (the aggregation the page shows), and cancel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { cardIndex, comboIndex } from '../../contract/hands.ts';
import type { EngineClient } from '../../src/engine/engine.client.ts';
import { createEngineApi, type EngineApi } from '../../src/engine/engine-api.ts';
import { chunkSize, planChunks, runFlopReport } from '../../src/engine/flop-report.client.ts';
import { loadEquityWasm } from '../../src/engine/node/load-wasm.ts';
import { createNodeEngineClient } from '../../src/engine/node/node-engine-client.ts';
import { ALL_FLOPS, figures, groupRows } from '../../src/features/range-tool/flop-report/report-rules.ts';

let api: EngineApi;
let pool: EngineClient;

beforeAll(async () => {
  api = createEngineApi(await loadEquityWasm());
  pool = createNodeEngineClient(2);
});

afterAll(() => pool.terminate());

describe('flop report', () => {
  it('plans 1,755 flops for class ranges and more when a combo is left out', () => {
    const hero = api.parseRange('QQ+, AKs, AQo');
    const villain = api.parseRange('22+, A2s+');
    const plan = api.flopReportPlan(hero, villain);
    expect(plan.symmetry).toBe(24);
    expect(plan.flops).toHaveLength(1755);
    expect(plan.flops.reduce((sum, flop) => sum + flop.weight, 0)).toBe(ALL_FLOPS);
    expect(plan.flops[0]!.cards).toEqual(['As', 'Ah', 'Ad']);
    // The suit editor leaving AhQd out of AQo.
    const edited = hero.slice();
    edited[comboIndex(cardIndex('Ah'), cardIndex('Qd'))] = 0;
    const broken = api.flopReportPlan(edited, villain);
    expect(broken.symmetry).toBeLessThan(24);
    expect(broken.flops.length).toBeGreaterThan(1755);
    expect(broken.flops.reduce((sum, flop) => sum + flop.weight, 0)).toBe(ALL_FLOPS);
    const chunks = planChunks(plan, chunkSize(hero, villain));
    expect(chunks.reduce((sum, chunk) => sum + chunk.weights.length, 0)).toBe(1755);
    expect(chunks[0]!.flops.split(' ')[0]).toBe('AsAhAd');
  });

  it('adds up to the preflop equity over all flops, each row being its flop exact equity', async () => {
    const hero = api.parseRange('AA, KK, AKs, 76s');
    const villain = api.parseRange('QQ, JJ, AQs, T9s, A5s');
    const progress: number[] = [];
    const report = await runFlopReport(pool, hero, villain, { onProgress: (value) => progress.push(value) });
    expect(report.symmetry).toBe(24);
    expect(report.rows).toHaveLength(1755);
    expect(progress.at(-1)).toBe(1);
    const preflop = api.equityReport(hero, villain, '', '', 0.02).hero.equity;
    expect(Math.abs(figures(report.rows).equity - preflop)).toBeLessThan(1e-9);
    for (const row of report.rows.filter((_, index) => index % 251 === 0)) {
      const exact = api.equityReport(hero, villain, row.cards.join(''), '', 0.02).hero.equity;
      expect(Math.abs(row.outcome!.equity - exact)).toBeLessThan(1e-12);
    }
    const suits = groupRows(report.rows, 'suits');
    expect(suits.map((group) => group.key)).toEqual(['monotone', 'two_tone', 'rainbow']);
    expect(suits.map((group) => group.figures.flops)).toEqual([1144, 12168, 8788]);
    const shares = Object.values(figures(report.rows).distribution);
    expect(shares.reduce((sum, share) => sum + share, 0)).toBeCloseTo(1, 12);
  });

  it('stops on cancel', async () => {
    const hero = api.parseRange('77+, ATs+, KJs+, QJs, AJo+, KQo');
    const villain = api.parseRange('22+, A2s+, K9s+, QTs+, JTs, T9s, 98s, ATo+, KJo+, QJo');
    const controller = new AbortController();
    const started = performance.now();
    const run = runFlopReport(pool, hero, villain, {
      signal: controller.signal,
      onProgress: (value) => {
        if (value > 0) controller.abort();
      },
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    // A whole report takes seconds; a cancel ends it within a chunk or two.
    expect(performance.now() - started).toBeLessThan(3000);
  });
});
