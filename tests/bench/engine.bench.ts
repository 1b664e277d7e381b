// `npm run bench:engine`: one table comparing the wasm engine (the build this Node runs, in this process and in the
// worker pool) with the native build (crates/equity/examples/bench_table.rs, run in the same session) and with the
// `phe` npm evaluator, then one comparing the engine's two builds, simd128 and scalar (engine-builds.ts). Every figure
// is a median with its min and max after 5 warm-up calls (no best-of); the worker pool with 1 and with 2 workers is
// timed alternately in one run, and so are the two builds, so load on the machine falls on both alike.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

import { createEngineApi } from '../../src/engine/engine-api.ts';
import { defaultEngineBuild, loadEquityWasm, wasmFileSize } from '../../src/engine/node/load-wasm.ts';
import { createNodeEngineClient } from '../../src/engine/node/node-engine-client.ts';
import { unpackReport } from '../../src/engine/packed-report.ts';
import { benchEngineBuilds } from './engine-builds.ts';
import {
  BENCH_HANDS,
  CATEGORIES,
  EVALUATOR_RUNS,
  nativeInput,
  type NativeReport,
  SCENARIOS,
} from './engine-scenarios.ts';
import { benchFlopReport, formatFlopReportBench } from './flop-report.bench.ts';
import { benchPushFold, formatPushFoldBench } from './pushfold.bench.ts';
import { alternate, type Stats, WARM_UP_CALLS } from './stats.ts';
import { measureTwoThreadCeiling, startBareThreads } from './two-thread-ceiling.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const require = createRequire(import.meta.url);
const phe = require('phe') as {
  evaluateCardCodes(codes: number[]): number;
  cardCode(rank: string, suit: string): number;
};

async function timeMs(action: () => unknown, runs = 7): Promise<Stats> {
  return (await alternate([action], runs))[0]!;
}

function runNative(): NativeReport {
  console.error('building and running the native benchmark (cargo run --release --example bench_table) ...');
  const result = spawnSync(
    'cargo',
    ['run', '--quiet', '--release', '-p', 'equity', '--example', 'bench_table'],
    {
      cwd: root,
      encoding: 'utf8',
      input: JSON.stringify(nativeInput()),
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  if (result.status !== 0) throw new Error('native benchmark failed');
  return JSON.parse(result.stdout) as NativeReport;
}

/** Random 7-card hands as phe card codes, one array per hand (phe's input), built before timing. */
function pheHands(count: number): number[][] {
  const ranks = '23456789TJQKA';
  const suits = 'cdhs';
  const hands: number[][] = [];
  let state = 0x9e3779b97f4a7c15n;
  const next = () => {
    state ^= state << 13n;
    state &= 0xffffffffffffffffn;
    state ^= state >> 7n;
    state ^= state << 17n;
    state &= 0xffffffffffffffffn;
    return Number(state % 52n);
  };
  for (let hand = 0; hand < count; hand += 1) {
    const used = new Set<number>();
    while (used.size < 7) used.add(next());
    hands.push([...used].map((card) => phe.cardCode(ranks[card >> 2]!, suits[card & 3]!)));
  }
  return hands;
}

const native = runNative();
const wasm = await loadEquityWasm();
const api = createEngineApi(wasm);

const rows: Array<{ name: string; native: string; wasm: string; note: string }> = [];
const fmtRate = (perSecond: number) => `${(perSecond / 1e6).toFixed(1)} M/s`;
const fmtMs = (ms: number) => `${ms.toFixed(2)} ms`;
/** Median with [min–max]. */
const fmtStats = ({ median, min, max }: Stats) =>
  `${median.toFixed(2)} [${min.toFixed(1)}–${max.toFixed(1)}] ms`;
const fmtRateStats = (count: number, { median, min, max }: Stats) =>
  `${fmtRate(count / (median / 1000))} [${(count / (max / 1000) / 1e6).toFixed(0)}–${(count / (min / 1000) / 1e6).toFixed(0)}]`;

// Evaluator throughput.
const sequentialHands = wasm.evaluatorSequentialHands(BENCH_HANDS.sequentialCards);
const sequentialStats = await timeMs(
  () => wasm.evaluatorSequential(BENCH_HANDS.sequentialCards),
  EVALUATOR_RUNS,
);
const wasmSequential = sequentialHands / (sequentialStats.median / 1000);
const randomTotal = BENCH_HANDS.randomHands * BENCH_HANDS.randomRepeats;
const randomHands = new wasm.RandomHandsBench(BENCH_HANDS.randomHands);
const randomStats = await timeMs(() => randomHands.evaluate(BENCH_HANDS.randomRepeats), EVALUATOR_RUNS);
const wasmRandom = randomTotal / (randomStats.median / 1000);
randomHands.free();
const pheInput = pheHands(BENCH_HANDS.randomHands);
const pheRate =
  BENCH_HANDS.randomHands /
  ((
    await timeMs(() => {
      let sum = 0;
      for (const hand of pheInput) sum += phe.evaluateCardCodes(hand);
      return sum;
    }, EVALUATOR_RUNS)
  ).median /
    1000);
rows.push({
  name: 'evaluator, sequential 7-card',
  native: fmtRate(native.evaluator_sequential_per_s),
  wasm: fmtRateStats(sequentialHands, sequentialStats),
  note: `wasm/native ${(wasmSequential / native.evaluator_sequential_per_s).toFixed(2)}x (target >= 0.8x)`,
});
rows.push({
  name: 'evaluator, random 7-card',
  native: fmtRate(native.evaluator_random_per_s),
  wasm: fmtRateStats(randomTotal, randomStats),
  note: `wasm/native ${(wasmRandom / native.evaluator_random_per_s).toFixed(2)}x; phe ${fmtRate(pheRate)} -> ${(wasmRandom / pheRate).toFixed(0)}x phe (target >= 60x)`,
});

// Equity workloads, single-threaded in this process: the call a worker makes for a job it runs whole (tally and
// report in one call, without the 1326 per-combo equities, which no view asks for).
for (const scenario of SCENARIOS) {
  const hero = api.parseRange(scenario.hero);
  const villain = api.parseRange(scenario.villain);
  const ms = await timeMs(
    () => api.equityReport(hero, villain, scenario.board, '', 0.02, false),
    scenario.runs,
  );
  const nativeMs = native.scenarios_ms[scenario.name] ?? NaN;
  rows.push({
    name: scenario.name,
    native: fmtMs(nativeMs),
    wasm: fmtStats(ms),
    note: `${scenario.note}; wasm/native time ${(ms.median / nativeMs).toFixed(2)}x`,
  });
}

// Heat map and next-card lists come out of the same tally; this is the extra cost of turning it into a report.
{
  const hero = api.parseRange(SCENARIOS[1]!.hero);
  const villain = api.parseRange(SCENARIOS[1]!.villain);
  const tally = api.equityTally(hero, villain, 'Qs7h2d', '', 0, 1);
  const oneFlop = await timeMs(() => api.equityTally(hero, villain, 'Qs7h2d', '', 0, 1));
  const finish = await timeMs(() => api.finishEquity(tally, 0.02), 21);
  rows.push({
    name: 'heat map + next-card lists (flop)',
    native: fmtMs(native.finish_ms),
    wasm: fmtStats(finish),
    note: `all 49 turn cards from the flop pass: ${((oneFlop.median + finish.median) / oneFlop.median).toFixed(2)}x one flop equity (target <= 3x)`,
  });
  const categoryRange = api.parseRange(CATEGORIES.range);
  const categories = await timeMs(() => api.handCategories(categoryRange, CATEGORIES.board, ''), 21);
  rows.push({
    name: 'hand categories (246 combos, flop)',
    native: fmtMs(native.categories_ms),
    wasm: fmtStats(categories),
    note: '',
  });
}

// Worker pool scaling: the flop and random vs random flop jobs on 1 and on 2 workers, timed alternately. The
// process's CPU time over the wall time of the same calls says how many cores the machine gave the pool meanwhile:
// on a loaded machine 2 workers cannot reach 2x when they get fewer than 2 cores between them.
{
  const pools = [createNodeEngineClient(1), createNodeEngineClient(2)] as const;
  await Promise.all(pools.map((pool) => pool.warm()));
  const timed = (run: () => Promise<unknown>, usage: { cpu: number; wall: number }) => async () => {
    const cpu = process.cpuUsage();
    const started = performance.now();
    await run();
    const used = process.cpuUsage(cpu);
    usage.cpu += (used.user + used.system) / 1000;
    usage.wall += performance.now() - started;
  };
  const cores = ({ cpu, wall }: { cpu: number; wall: number }) => (cpu / wall).toFixed(2);
  for (const [name, heroText, villainText] of [
    ['flop Qs7h2d 124 vs 246', SCENARIOS[1]!.hero, SCENARIOS[1]!.villain],
    ['random vs random flop', 'random', 'random'],
  ] as const) {
    const job = { hero: api.parseRange(heroText), villain: api.parseRange(villainText), board: 'Qs7h2d' };
    const usage = pools.map(() => ({ cpu: 0, wall: 0 }));
    const random = name.startsWith('random');
    // On random vs random, two bare threads (two-thread-ceiling.ts) take their turn in the same alternation: the
    // whole job on one, its halves on both at once. Their speed-up is what the machine gave two threads in the same
    // seconds as the pool's, so the pool is read against it rather than against a ceiling timed a minute apart.
    const bare = random ? await startBareThreads() : undefined;
    const [one, two, bareWhole, bareTogether] = (await alternate(
      [
        ...pools.map((pool, index) => timed(() => pool.equity(job), usage[index]!)),
        ...(bare ? [bare.whole, bare.together] : []),
      ],
      random ? 21 : 11,
    )) as [Stats, Stats, Stats?, Stats?];
    await bare?.stop();
    const speedUp = one.median / two.median;
    const ceiling = bareWhole && bareTogether ? bareWhole.median / bareTogether.median : undefined;
    // Read only where two threads gained at all: a machine that gave them one core between them says nothing.
    const share =
      ceiling && ceiling > 1.05
        ? `: the pool reaches ${((100 * (speedUp - 1)) / (ceiling - 1)).toFixed(0)}% of what two threads gained`
        : '';
    rows.push({
      name: `${name}, pool 1 / 2 workers`,
      native: '',
      wasm: `${one.median.toFixed(2)} / ${two.median.toFixed(2)} ms`,
      note: `1 worker ${fmtStats(one)}, 2 workers ${fmtStats(two)}; speed-up ${speedUp.toFixed(2)}x (target >= 1.8x on random vs random)${ceiling ? `; 2 bare threads in the same alternation ${ceiling.toFixed(2)}x (whole ${fmtStats(bareWhole!)}, halves at once ${fmtStats(bareTogether!)})${share}` : ''}; cores used ${cores(usage[0]!)} / ${cores(usage[1]!)}; shards ${pools.map((pool) => pool.plan(job)).join(' / ')} at ${pools.map((pool) => `${Math.round(pool.unitsPerMs / 1000)}k`).join(' / ')} units/ms measured`,
    });
  }
  // What one worker adds to the engine: the pool's whole job on 1 worker against the same call in this process and
  // a round trip to that idle worker, timed alternately (target: overhead at most one round trip).
  {
    const random = api.parseRange('random');
    const [pooled, alone, ping] = (await alternate(
      [
        () => pools[0].equity({ hero: random, villain: random, board: 'Qs7h2d' }),
        // The call the worker makes for it, in this process.
        () => unpackReport(api.equityReportPacked(random, random, 'Qs7h2d', '', 0.02)),
        () => pools[0].version(),
      ],
      21,
    )) as [Stats, Stats, Stats];
    rows.push({
      name: 'random vs random flop, 1 worker / alone',
      native: '',
      wasm: `${pooled.median.toFixed(2)} / ${alone.median.toFixed(2)} ms`,
      note: `1 worker ${fmtStats(pooled)}, engine alone in-process ${fmtStats(alone)}; overhead ${(pooled.median - alone.median).toFixed(2)} ms (target <= one round trip, ${ping.median.toFixed(2)} ms)`,
    });
  }
  // Why the flop runs whole (WHOLE_JOB_MS in src/engine/equity-schedule.ts): the same job on 2 workers, whole
  // on one of them against split in two.
  const flop = {
    hero: api.parseRange(SCENARIOS[1]!.hero),
    villain: api.parseRange(SCENARIOS[1]!.villain),
    board: 'Qs7h2d',
  };
  const [whole, split] = (await alternate(
    [() => pools[1].equity({ ...flop, shards: 1 }), () => pools[1].equity({ ...flop, shards: 2 })],
    21,
  )) as [Stats, Stats];
  rows.push({
    name: 'flop Qs7h2d 124 vs 246, whole / split in 2',
    native: '',
    wasm: `${whole.median.toFixed(2)} / ${split.median.toFixed(2)} ms`,
    note: `2 workers: whole ${fmtStats(whole)}, split ${fmtStats(split)}; split/whole ${(split.median / whole.median).toFixed(2)}x`,
  });
  // Where the 2-worker time goes on random vs random (the job that is split): each half's engine time in this
  // process (set-up, enumeration and sweep of its runout groups), the merge and the report (the finishing worker's
  // serial tail), a round trip to an idle worker (one message each way), against the pool's 2-worker median.
  {
    const random = api.parseRange('random');
    const tallyOf = (index: number, count: number) =>
      wasm.equityTally(random, random, 'Qs7h2d', '', index, count);
    const [halfA, halfB] = [tallyOf(0, 2), tallyOf(1, 2)];
    // The finishing worker's tail: both tallies end to end, merged and finished in one call, packed, read back.
    const both = new Float64Array(halfA.length + halfB.length);
    both.set(halfA);
    both.set(halfB, halfA.length);
    const [whole, first, second, finish, ping, pooled] = (await alternate(
      [
        () => tallyOf(0, 1),
        () => tallyOf(0, 2),
        () => tallyOf(1, 2),
        () => unpackReport(wasm.finishTalliesPacked(both, 2, 0.02)),
        () => pools[1].version(),
        () => pools[1].equity({ hero: random, villain: random, board: 'Qs7h2d' }),
      ],
      21,
    )) as [Stats, Stats, Stats, Stats, Stats, Stats];
    const tail = Math.max(first.median, second.median) + finish.median;
    rows.push({
      name: 'random vs random flop, 2-worker split',
      native: '',
      wasm: `${first.median.toFixed(2)} + ${second.median.toFixed(2)} ms`,
      note: `halves in-process (whole ${whole.median.toFixed(2)} ms: ${(first.median + second.median - whole.median).toFixed(2)} ms repeated per half); merge and report ${finish.median.toFixed(2)} ms; 2 workers ${pooled.median.toFixed(2)} ms = longer half + merge and report ${tail.toFixed(2)} ms + ${(pooled.median - tail).toFixed(2)} ms messages and waiting (round trip to an idle worker ${ping.median.toFixed(2)} ms)`,
    });
  }
  for (const pool of pools) pool.terminate();
}

// The machine's own ceiling for the split job (two-thread-ceiling.ts): two bare threads, no pool.
{
  const { whole, half, together, faster, slower } = await measureTwoThreadCeiling(WARM_UP_CALLS, 21);
  rows.push({
    name: 'random vs random flop, 2 bare threads',
    native: '',
    wasm: `${whole.median.toFixed(2)} / ${together.median.toFixed(2)} ms`,
    note: `no pool: whole on 1 thread ${fmtStats(whole)}, halves on 2 threads at once ${fmtStats(together)}: ceiling ${(whole.median / together.median).toFixed(2)}x; halves at once computed in ${faster.median.toFixed(2)} and ${slower.median.toFixed(2)} ms (faster, slower; a half alone ${fmtStats(half)})`,
  });
}

const widths = { name: 42, native: 12, wasm: 30 };
console.log(
  `\nRangeForge engine benchmark — wasm ${defaultEngineBuild()} build ${(wasmFileSize() / 1024).toFixed(0)} KiB, Node ${process.version}, load average ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')} on ${availableParallelism()} cores\n`,
);
console.log(
  `${'workload'.padEnd(widths.name)} ${'native'.padStart(widths.native)} ${'wasm'.padStart(widths.wasm)}  notes`,
);
console.log('-'.repeat(widths.name + widths.native + widths.wasm + 40));
for (const row of rows) {
  console.log(
    `${row.name.padEnd(widths.name)} ${row.native.padStart(widths.native)} ${row.wasm.padStart(widths.wasm)}  ${row.note}`,
  );
}

// The flop report: the whole report alternating with one flop's equity on the same pool.
console.log(`\n${formatFlopReportBench(await benchFlopReport())}`);

// Tournament solving: heads-up, the threshold chart and ICM tables on one worker, alternating.
console.log(`\n${formatPushFoldBench(await benchPushFold())}`);

// The two builds side by side, and the range tool's hand against hand.
console.log(`\n${await benchEngineBuilds(native)}`);
