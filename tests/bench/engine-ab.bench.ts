// Before/after of the wasm engine in one run: `npx tsx tests/bench/engine-ab.bench.ts <baseline pkg dir> [runs]` loads a
// baseline build (e.g. an older commit's crates/equity-wasm/pkg copied to a temp dir) and the current
// crates/equity-wasm/pkg into this process, checks that both give the same equities, then times each job
// alternately A, B, A, B… after 5 warm-up calls of each and prints median [min–max] per build (no best-of). `runs`
// overrides the timed calls per job (default: each scenario's own count), for a loaded machine.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import type { EquityWasmModule } from '../../src/engine/engine-api.ts';
import { SCENARIOS } from './engine-scenarios.ts';
import { type Stats, stats } from './stats.ts';

const WARM_UP_CALLS = 5;

/** The same wiring as src/engine/node/load-wasm.ts, for a package directory given at run time. */
async function loadPkg(dir: string): Promise<EquityWasmModule> {
  const pkgUrl = pathToFileURL(`${resolve(dir)}/`);
  const shim = (await import(new URL('equity_wasm_bg.js', pkgUrl).href)) as EquityWasmModule & {
    __wbg_set_wasm(exports: Record<string, unknown>): void;
  };
  const bytes = readFileSync(fileURLToPath(new URL('equity_wasm_bg.wasm', pkgUrl)));
  const { instance } = await (
    globalThis as unknown as {
      WebAssembly: {
        instantiate(b: Uint8Array, i: object): Promise<{ instance: { exports: Record<string, unknown> } }>;
      };
    }
  ).WebAssembly.instantiate(bytes, { './equity_wasm_bg.js': shim });
  shim.__wbg_set_wasm(instance.exports);
  const start = instance.exports.__wbindgen_start;
  if (typeof start === 'function') start();
  return shim;
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

console.log(
  `\nengine before/after, wasm in one Node ${process.version} process; alternating, 5 warm-up calls\n`,
);
console.log(
  `${'job (tally + report)'.padEnd(38)} ${'before'.padStart(24)} ${'after'.padStart(24)}  speed-up`,
);
for (const job of JOBS) {
  const calls = builds.map(({ wasm }) => {
    const hero = wasm.parseRange(job.hero);
    const villain = wasm.parseRange(job.villain);
    return () => wasm.finishEquity(wasm.equityTally(hero, villain, job.board, '', 0, 1), 0.02);
  });
  const reports = calls.map((call) => call() as { hero: { equity: number } });
  const gap = Math.abs(reports[0]!.hero.equity - reports[1]!.hero.equity);
  if (gap > 1e-12) throw new Error(`${job.name}: equities differ by ${gap}`);
  const samples = calls.map(() => [] as number[]);
  const runs = runsOverride > 0 ? runsOverride : job.runs;
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
    `${job.name.padEnd(38)} ${fmt(before).padStart(24)} ${fmt(after).padStart(24)}  ${(before.median / after.median).toFixed(2)}x`,
  );
}
