// bench:engine's second table: the engine's two builds (simd128 and scalar) in this process, each workload timed on
// both alternately (simd, scalar, simd, scalar…) after 5 warm-up calls of each, medians with min and max, and the
// small job the range tool asks for on every paint with hole cards: one hand against one hand on a flop, through a
// pool of one worker as the app calls it.
import { createEngineApi, type EngineApi } from '../../src/engine/engine-api.ts';
import { type EngineBuild, loadEquityWasm, wasmFileSize } from '../../src/engine/node/load-wasm.ts';
import { createNodeEngineClient } from '../../src/engine/node/node-engine-client.ts';
import { BENCH_HANDS, EVALUATOR_RUNS, type NativeReport, SCENARIOS } from './engine-scenarios.ts';
import { alternate, type Stats } from './stats.ts';

const BUILDS: readonly EngineBuild[] = ['simd', 'scalar'];

/** OMPEval (C++, native, -O3 -march=native, one thread) on the same hand against hand, measured for issue 30. */
const OMPEVAL_HAND_VS_HAND_MS = 0.094;

const fmt = ({ median, min, max }: Stats, digits = 2) =>
  `${median.toFixed(digits)} [${min.toFixed(digits)}–${max.toFixed(digits)}] ms`;

interface Row {
  name: string;
  simd: string;
  scalar: string;
  note: string;
}

/** Evaluator loops and equity jobs on both builds, alternating; ratios read within the same run. */
async function buildRows(native: NativeReport): Promise<Row[]> {
  const engines = await Promise.all(
    BUILDS.map(async (build) => createEngineApi(await loadEquityWasm(build))),
  );
  const wasms = await Promise.all(BUILDS.map((build) => loadEquityWasm(build)));
  const rows: Row[] = [];
  const perSecond = (count: number, { median }: Stats) => count / (median / 1000);
  const rate = (count: number, run: Stats) => `${(perSecond(count, run) / 1e6).toFixed(1)} M/s`;

  const sequential = wasms[0]!.evaluatorSequentialHands(BENCH_HANDS.sequentialCards);
  const [seqSimd, seqScalar] = (await alternate(
    wasms.map((wasm) => () => wasm.evaluatorSequential(BENCH_HANDS.sequentialCards)),
    EVALUATOR_RUNS,
  )) as [Stats, Stats];
  rows.push({
    name: 'evaluator, sequential 7-card',
    simd: `${rate(sequential, seqSimd)} (${fmt(seqSimd, 0)})`,
    scalar: `${rate(sequential, seqScalar)} (${fmt(seqScalar, 0)})`,
    note: `wasm/native simd ${(perSecond(sequential, seqSimd) / native.evaluator_sequential_per_s).toFixed(2)}x, scalar ${(perSecond(sequential, seqScalar) / native.evaluator_sequential_per_s).toFixed(2)}x (target >= 1.0 with simd)`,
  });
  const random = BENCH_HANDS.randomHands * BENCH_HANDS.randomRepeats;
  const benches = wasms.map((wasm) => new wasm.RandomHandsBench(BENCH_HANDS.randomHands));
  const [rndSimd, rndScalar] = (await alternate(
    benches.map((bench) => () => bench.evaluate(BENCH_HANDS.randomRepeats)),
    EVALUATOR_RUNS,
  )) as [Stats, Stats];
  for (const bench of benches) bench.free();
  rows.push({
    name: 'evaluator, random 7-card',
    simd: `${rate(random, rndSimd)} (${fmt(rndSimd, 0)})`,
    scalar: `${rate(random, rndScalar)} (${fmt(rndScalar, 0)})`,
    note: `wasm/native simd ${(perSecond(random, rndSimd) / native.evaluator_random_per_s).toFixed(2)}x, scalar ${(perSecond(random, rndScalar) / native.evaluator_random_per_s).toFixed(2)}x (target >= 1.0 with simd)`,
  });

  // The call a worker makes for a job it runs whole: tally and report in one call, without per-combo equities.
  for (const scenario of SCENARIOS) {
    const calls = engines.map((engine) => {
      const hero = engine.parseRange(scenario.hero);
      const villain = engine.parseRange(scenario.villain);
      return () => engine.equityReportPacked(hero, villain, scenario.board, '', 0.02);
    });
    const [simd, scalar] = (await alternate(calls, scenario.runs)) as [Stats, Stats];
    const speedUp = scalar.median / simd.median;
    const target = scenario.name.startsWith('flop Qs7h2d') ? ' (target >= 1.5x)' : '';
    rows.push({
      name: scenario.name,
      simd: fmt(simd),
      scalar: fmt(scalar),
      note: `simd ${speedUp.toFixed(2)}x the scalar build${target}; native ${(native.scenarios_ms[scenario.name] ?? NaN).toFixed(2)} ms`,
    });
  }
  return rows;
}

/**
 * The range tool's own call for hole cards against one hand (AhKh against QsQd on Jh8h2c): the equity alone, no
 * class equities or next cards, through a pool of one worker (the default build) as the app makes it, and the same
 * call in this process on each build, alternately.
 */
async function handVsHandRows(): Promise<Row[]> {
  const pools = BUILDS.map((build) => createNodeEngineClient(1, build));
  await Promise.all(pools.map((pool) => pool.warm()));
  const engines: EngineApi[] = await Promise.all(
    BUILDS.map(async (build) => createEngineApi(await loadEquityWasm(build))),
  );
  const rows: Row[] = [];
  for (const [label, heroText, villainText] of [
    ['hand vs hand', 'AhKh', 'QsQd'],
    ['hand vs range', 'AhKh', 'QQ+, AK, AJs+, KQs, JTs'],
  ] as const) {
    const [hero, villain] = [engines[0]!.parseRange(heroText), engines[0]!.parseRange(villainText)];
    const job = { hero, villain, board: 'Jh8h2c', matrix: false, nextCards: false };
    const [poolSimd, poolScalar, aloneSimd, aloneScalar] = (await alternate(
      [
        ...pools.map((pool) => () => pool.equity(job)),
        ...engines.map(
          (engine) => () =>
            engine.equityReportPacked(hero, villain, 'Jh8h2c', '', 0.02, { matrix: false, nextCards: false }),
        ),
      ],
      101,
    )) as [Stats, Stats, Stats, Stats];
    const ompeval = label === 'hand vs hand' ? `; OMPEval native ${OMPEVAL_HAND_VS_HAND_MS} ms` : '';
    rows.push({
      name: `${label} ${heroText} vs ${villainText.length > 8 ? `${villainText.split(',').length} classes` : villainText} on Jh8h2c, 1 worker`,
      simd: fmt(poolSimd, 3),
      scalar: fmt(poolScalar, 3),
      note: `${label === 'hand vs hand' ? 'target <= 0.1 ms; ' : ''}engine alone in-process: simd ${fmt(aloneSimd, 3)}, scalar ${fmt(aloneScalar, 3)}${ompeval}`,
    });
  }
  for (const pool of pools) pool.terminate();
  return rows;
}

/** The second table of bench:engine, as printed. */
export async function benchEngineBuilds(native: NativeReport): Promise<string> {
  const rows = [...(await handVsHandRows()), ...(await buildRows(native))];
  const widths = { name: 50, build: 34 };
  const kib = (build: EngineBuild) => `${(wasmFileSize(build) / 1024).toFixed(0)} KiB`;
  return [
    `Engine builds, alternating in one process: simd128 (${kib('simd')}) and scalar (${kib('scalar')}); medians [min–max]`,
    '',
    `${'workload'.padEnd(widths.name)} ${'simd128'.padStart(widths.build)} ${'scalar'.padStart(widths.build)}  notes`,
    '-'.repeat(widths.name + 2 * widths.build + 40),
    ...rows.map(
      (row) =>
        `${row.name.padEnd(widths.name)} ${row.simd.padStart(widths.build)} ${row.scalar.padStart(widths.build)}  ${row.note}`,
    ),
  ].join('\n');
}
