// Before/after of the wasm engine in one run: `npx tsx tests/bench/engine-ab.bench.ts <baseline pkg dir> [runs]` loads a
// baseline build (e.g. an older commit's crates/equity-wasm/pkg copied to a temp dir) and the current
// crates/equity-wasm/pkg into this process, checks that both give the same evaluator rank sums and equities, then
// times the evaluator loops of bench:engine and each job alternately A, B, A, B… after 5 warm-up calls of each and
// prints median [min–max] per build (no best-of). `runs` overrides the timed calls per row (default: bench:engine's
// counts), for a loaded machine.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import type { EquityWasmModule } from '../../src/engine/engine-api.ts';
import { BENCH_HANDS, EVALUATOR_RUNS, SCENARIOS } from './engine-scenarios.ts';
import { type Stats, stats } from './stats.ts';

const WARM_UP_CALLS = 5;

/** The same wiring as src/engine/node/load-wasm.ts (the web glue's `initSync`, which also runs the module's start
 * function), for a package directory given at run time: each directory's glue is its own module instance. */
async function loadPkg(dir: string): Promise<EquityWasmModule> {
  const pkgUrl = pathToFileURL(`${resolve(dir)}/`);
  const glue = (await import(new URL('equity_wasm.js', pkgUrl).href)) as EquityWasmModule & {
    initSync(options: { module: Uint8Array }): unknown;
  };
  glue.initSync({ module: readFileSync(fileURLToPath(new URL('equity_wasm_bg.wasm', pkgUrl))) });
  if (!glue.preflopTableLoaded())
    glue.loadPreflopTable(readFileSync(fileURLToPath(new URL('preflop.bin', pkgUrl))));
  return glue;
}

const baselineDir = process.argv[2];
const runsOverride = Number(process.argv[3] ?? 0);
if (!baselineDir) throw new Error('usage: tsx tests/bench/engine-ab.bench.ts <baseline pkg dir>');
const builds = [
  { name: 'before', wasm: await loadPkg(baselineDir) },
  {
    name: 'after',
    wasm: await loadPkg(fileURLToPath(new URL('../../crates/equity-wasm/pkg/', import.meta.url))),
  },
];

const JOBS = SCENARIOS.filter((s) => s.board !== '');

/** Times each build's call `runs` times after the warm-up calls, alternating builds; prints one row. */
function compare(name: string, calls: Array<() => unknown>, runs: number): void {
  const samples = calls.map(() => [] as number[]);
  for (let round = 0; round < WARM_UP_CALLS + runs; round += 1) {
    for (const [index, call] of calls.entries()) {
      const started = performance.now();
      call();
      if (round >= WARM_UP_CALLS) samples[index]!.push(performance.now() - started);
    }
  }
  const [before, after] = samples.map(stats) as [Stats, Stats];
  const fmt = ({ median, min, max }: Stats) =>
    `${median.toFixed(2)} [${min.toFixed(2)}–${max.toFixed(2)}] ms`;
  console.log(
    `${name.padEnd(38)} ${fmt(before).padStart(24)} ${fmt(after).padStart(24)}  ${(before.median / after.median).toFixed(2)}x`,
  );
}

console.log(
  `\nengine before/after, wasm in one Node ${process.version} process; alternating, 5 warm-up calls; load ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}\n`,
);
console.log(`${'job'.padEnd(38)} ${'before'.padStart(24)} ${'after'.padStart(24)}  speed-up`);

// The evaluator alone: the same hands in both builds (their rank sums must agree).
{
  const sums = builds.map(({ wasm }) => wasm.evaluatorSequential(BENCH_HANDS.sequentialCards));
  if (sums[0] !== sums[1]) throw new Error(`sequential rank sums differ: ${sums.join(' vs ')}`);
  compare(
    `evaluator, all ${BENCH_HANDS.sequentialCards}-card 7-card hands`,
    builds.map(
      ({ wasm }) =>
        () =>
          wasm.evaluatorSequential(BENCH_HANDS.sequentialCards),
    ),
    runsOverride > 0 ? runsOverride : EVALUATOR_RUNS,
  );
  const benches = builds.map(({ wasm }) => new wasm.RandomHandsBench(BENCH_HANDS.randomHands));
  const randomSums = benches.map((bench) => bench.evaluate(1));
  if (randomSums[0] !== randomSums[1]) throw new Error(`random rank sums differ: ${randomSums.join(' vs ')}`);
  compare(
    `evaluator, ${BENCH_HANDS.randomHands * BENCH_HANDS.randomRepeats} random 7-card`,
    benches.map((bench) => () => bench.evaluate(BENCH_HANDS.randomRepeats)),
    runsOverride > 0 ? runsOverride : EVALUATOR_RUNS,
  );
  for (const bench of benches) bench.free();
}

for (const job of JOBS) {
  const calls = builds.map(({ wasm }) => {
    const hero = wasm.parseRange(job.hero);
    const villain = wasm.parseRange(job.villain);
    // The call a worker makes for a whole job: the report without per-combo equities (a build older than that
    // option ignores the third argument and includes them, as the app then received them).
    return () => wasm.finishEquity(wasm.equityTally(hero, villain, job.board, '', 0, 1), 0.02, false);
  });
  const reports = calls.map((call) => call() as { hero: { equity: number } });
  const gap = Math.abs(reports[0]!.hero.equity - reports[1]!.hero.equity);
  if (gap > 1e-12) throw new Error(`${job.name}: equities differ by ${gap}`);
  compare(`${job.name} (tally + report)`, calls, runsOverride > 0 ? runsOverride : job.runs);
}
