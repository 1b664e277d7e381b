// The tournament solving benchmark (part of `npm run bench:engine`, or alone: `tsx tests/bench/pushfold.bench.ts`):
// the wasm build on one engine worker, through the engine client as the app calls it. Four jobs timed in turn in
// every round (heads-up at 10 bb, the whole heads-up threshold chart, a 6-handed and a 9-handed table under ICM), so
// load on the machine falls on all of them alike; median [min–max] after a warm-up round, with the median CPU time
// the process spent on each (the worker's compute: more wall than CPU time means the machine's cores were busy
// elsewhere). The first call of a fresh worker, which also builds the class matchups and loads the three-way table,
// is reported apart.
import type { TableSolution, TableSpot } from '../../src/engine/engine-types.ts';
import { createNodeEngineClient } from '../../src/engine/node/node-engine-client.ts';
import { solveHeadsUp, solveTable, thresholdChart } from '../../src/engine/tournament.client.ts';
import { type Stats, stats } from './stats.ts';

const blinds = { small: 0.5, big: 1, ante: 0.125, ante_kind: 'per_player' as const };
/** A final-table bubble, 6 and 9 handed: stacks in big blinds in order of action, 50/30/20 paid. */
export const SIX_HANDED: TableSpot = { stacks: [20, 15, 12, 25, 10, 18], blinds, payouts: [50, 30, 20] };
export const NINE_HANDED: TableSpot = {
  stacks: [20, 15, 12, 25, 10, 18, 30, 22, 14],
  blinds,
  payouts: [50, 30, 20],
};

export interface PushFoldBench {
  rows: Array<{ name: string; stats: Stats; cpu: Stats; target: number; note: string }>;
  firstCallMs: number;
  runs: number;
}

export async function benchPushFold(runs = 5, warmUps = 1): Promise<PushFoldBench> {
  const pool = createNodeEngineClient(1);
  try {
    await pool.warm();
    const started = performance.now();
    await solveHeadsUp(pool, { stacks: [10, 10], blinds: { ...blinds, ante: 0 }, payouts: [], others: [] });
    await solveTable(pool, { stacks: [6, 9, 4], blinds, payouts: [70, 30] });
    const firstCallMs = performance.now() - started;
    const tables: Record<string, TableSolution> = {};
    let chartExploitability = 0;
    let headsUpExploitability = 0;
    const jobs: Array<[string, () => Promise<unknown>]> = [
      [
        'heads-up chart, 10 bb',
        async () => {
          const solution = await solveHeadsUp(pool, {
            stacks: [10, 10],
            blinds: { ...blinds, ante: 0 },
            payouts: [],
            others: [],
          });
          headsUpExploitability = solution.exploitability;
        },
      ],
      [
        'heads-up threshold chart 1-20 bb',
        async () => {
          chartExploitability = (await thresholdChart(pool, 0)).max_exploitability;
        },
      ],
      ['6-handed ICM table', async () => (tables.six = await solveTable(pool, SIX_HANDED))],
      ['9-handed ICM table', async () => (tables.nine = await solveTable(pool, NINE_HANDED))],
    ];
    const samples = jobs.map(() => [] as number[]);
    const cpu = jobs.map(() => [] as number[]);
    for (let round = 0; round < warmUps + runs; round += 1) {
      for (const [index, [, job]] of jobs.entries()) {
        const start = performance.now();
        const used = process.cpuUsage();
        await job();
        const spent = process.cpuUsage(used);
        if (round >= warmUps) {
          samples[index]!.push(performance.now() - start);
          cpu[index]!.push((spent.user + spent.system) / 1000);
        }
      }
    }
    const table = (solution: TableSolution | undefined) =>
      solution
        ? `${solution.iterations} iterations to ${(solution.exploitability * 100).toFixed(3)}% of the pool`
        : '';
    const notes = [
      `exploitability ${headsUpExploitability.toExponential(1)} bb`,
      `191 stacks, largest exploitability ${chartExploitability.toExponential(1)} bb`,
      table(tables.six),
      table(tables.nine),
    ];
    const targets = [20, 1000, 1000, 5000];
    return {
      rows: jobs.map(([name], index) => ({
        name,
        stats: stats(samples[index]!),
        cpu: stats(cpu[index]!),
        target: targets[index]!,
        note: notes[index]!,
      })),
      firstCallMs,
      runs,
    };
  } finally {
    pool.terminate();
  }
}

export function formatPushFoldBench(result: PushFoldBench): string {
  const ms = ({ median, min, max }: Stats) => `${median.toFixed(1)} [${min.toFixed(1)}–${max.toFixed(1)}] ms`;
  return [
    `push/fold and ICM, wasm, 1 worker (${result.runs} alternating runs after warm-up):`,
    ...result.rows.map(
      (row) =>
        `  ${row.name.padEnd(34)} ${ms(row.stats).padStart(28)} (cpu ${row.cpu.median.toFixed(1)} ms)  target <= ${row.target} ms${row.stats.median <= row.target ? '' : ' (MISSED)'}; ${row.note}`,
    ),
    `  first calls of a fresh worker (class matchups, three-way table, a heads-up and a 3-handed solve): ${result.firstCallMs.toFixed(0)} ms`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(formatPushFoldBench(await benchPushFold()));
}
