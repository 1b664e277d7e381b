// The flop report benchmark (part of `npm run bench:engine`, or alone: `tsx tests/bench/flop-report.bench.ts`): the
// whole report, 124 vs 246 combos over the 1,755 flops, on the worker pool, timed alternately with one flop's exact
// equity of the same ranges on the same pool, so load on the machine falls on both alike. Median [min–max] after
// warm-up.
import { availableParallelism } from 'node:os';

import { runFlopReport } from '../../src/engine/flop-report.client.ts';
import { createNodeEngineClient } from '../../src/engine/node/node-engine-client.ts';
import { figures } from '../../src/features/range-tool/flop-report/report-rules.ts';
import { SCENARIOS } from './engine-scenarios.ts';
import { stats } from './stats.ts';

export interface FlopReportBench {
  workers: number;
  flops: number;
  equity: number;
  /** Whole report, ms: median, min, max. */
  report: [number, number, number];
  /** One flop (Qs7h2d) exact equity through the same pool, ms. */
  flop: [number, number, number];
  runs: number;
}

/** Median, min and max as the triple this bench reports. */
function triple(samples: number[]): [number, number, number] {
  const { median, min, max } = stats(samples);
  return [median, min, max];
}

export async function benchFlopReport(runs = 3, warmUps = 1): Promise<FlopReportBench> {
  const scenario = SCENARIOS.find((entry) => entry.board === 'Qs7h2d' && entry.hero !== 'random')!;
  const pool = createNodeEngineClient(availableParallelism());
  try {
    await pool.warm();
    const [hero, villain] = await Promise.all([
      pool.parseRange(scenario.hero),
      pool.parseRange(scenario.villain),
    ]);
    const reportMs: number[] = [];
    const flopMs: number[] = [];
    let last = await runFlopReport(pool, hero, villain);
    for (let round = 0; round < warmUps + runs; round += 1) {
      let started = performance.now();
      last = await runFlopReport(pool, hero, villain);
      if (round >= warmUps) reportMs.push(performance.now() - started);
      started = performance.now();
      await pool.equity({ hero, villain, board: scenario.board });
      if (round >= warmUps) flopMs.push(performance.now() - started);
    }
    return {
      workers: pool.size,
      flops: last.rows.length,
      equity: figures(last.rows).equity,
      report: triple(reportMs),
      flop: triple(flopMs),
      runs,
    };
  } finally {
    pool.terminate();
  }
}

export function formatFlopReportBench(result: FlopReportBench): string {
  const ms = ([median, min, max]: [number, number, number]) =>
    `${median.toFixed(1)} [${min.toFixed(1)}–${max.toFixed(1)}] ms`;
  return [
    `flop report 124 vs 246 combos: ${result.flops} flops, hero equity ${(result.equity * 100).toFixed(4)}%, ${result.workers} workers`,
    `  whole report     ${ms(result.report)}`,
    `  one flop Qs7h2d  ${ms(result.flop)}  (alternating, ${result.runs} runs after warm-up)`,
    `  report / one flop ${(result.report[0] / result.flop[0]).toFixed(0)}x`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(formatFlopReportBench(await benchFlopReport()));
}
