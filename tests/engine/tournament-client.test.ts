// Tournament solving through the engine client as the app calls it: on the worker pool, with progress, and stopped
// by an AbortSignal between steps, leaving the worker free for the next job. Values against the in-process engine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { EngineClient } from '../../src/engine/engine.client.ts';
import { createEngineApi, type EngineApi } from '../../src/engine/engine-api.ts';
import type { TableSpot } from '../../src/engine/engine-types.ts';
import { loadEquityWasm } from '../../src/engine/node/load-wasm.ts';
import { createNodeEngineClient } from '../../src/engine/node/node-engine-client.ts';
import {
  byClass,
  icmEquity,
  solveHeadsUp,
  solveTable,
  thresholdChart,
} from '../../src/engine/tournament.client.ts';

let api: EngineApi;
let pool: EngineClient;

beforeAll(async () => {
  api = createEngineApi(await loadEquityWasm());
  pool = createNodeEngineClient(1);
});

afterAll(() => pool.terminate());

const blinds = { small: 0.5, big: 1, ante: 0, ante_kind: 'per_player' as const };

describe('tournament jobs on the worker pool', () => {
  it('solves heads-up and ICM as the engine does in process', async () => {
    const spot = { stacks: [12, 12] as [number, number], blinds, payouts: [], others: [] };
    const pooled = await solveHeadsUp(pool, spot);
    expect(pooled).toEqual(api.solveHeadsUp(spot));
    expect(byClass(pooled.push).AA).toBe(1);
    expect(await icmEquity(pool, [5000, 3000, 2000], [50, 30, 20])).toEqual(
      Array.from(api.icmEquity(Float64Array.of(5000, 3000, 2000), Float64Array.of(50, 30, 20))),
    );
  });

  it('reports the threshold chart’s progress up to 1', async () => {
    const progress: number[] = [];
    const chart = await thresholdChart(pool, 0, { onProgress: (value) => progress.push(value) });
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
    expect(progress.every((value, index) => index === 0 || value >= progress[index - 1]!)).toBe(true);
    expect(progress.length).toBeGreaterThan(5);
    expect(byClass(chart.push.map((t) => t.max)).T3s).toBe(7.7);
  });

  it('stops a table solve when aborted and keeps the worker for the next job', async () => {
    const spot: TableSpot = {
      stacks: [20, 15, 12, 25, 10, 18, 30, 22, 14],
      blinds: { ...blinds, ante: 0.125 },
      payouts: [50, 30, 20],
    };
    const controller = new AbortController();
    const steps: number[] = [];
    const solving = solveTable(pool, spot, {
      signal: controller.signal,
      onStep: (progress) => {
        steps.push(progress.iterations);
        if (progress.iterations >= 1) controller.abort();
      },
    });
    await expect(solving).rejects.toMatchObject({ name: 'AbortError' });
    expect(steps).toEqual([0, 1]);
    // The same (only) worker takes the next job at once.
    const small = await solveTable(pool, { stacks: [6, 9, 4], blinds, payouts: [70, 30] });
    expect(small.exploitability).toBeLessThanOrEqual(0.001);
    expect(small.decisions).toHaveLength(2 + 3 + 1);
  }, 120_000);
});
