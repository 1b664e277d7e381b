// "Another project could depend on the engine": the built package (crates/equity-wasm/pkg) is packed with npm pack,
// installed from the tarball into a throwaway project, type-checked there, and run from it in fresh Node processes:
// the Node entry (started with initSync on the build this Node runs, table loaded) and the web build started by hand
// from the scalar module. Their equities must equal the ones the app's own loader computes.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadEquityWasm } from '../../src/engine/node/load-wasm.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const pkgDir = join(root, 'crates', 'equity-wasm', 'pkg');
const npmCli = join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js');
const manifest = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  files: string[];
};

/** npm as this Node runs it, offline: the tarball is the only thing installed and it has no dependencies. */
const npm = (args: string[], cwd: string) =>
  execFileSync(process.execPath, [npmCli, ...args, '--offline', '--no-audit', '--no-fund'], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });

const FLOP = { hero: 'AhKh', villain: 'QQ+', board: 'Jh8h2c' };
const PREFLOP = { hero: 'AA', villain: 'KK', board: '' };

/** Ready on import: the package's Node entry. */
const NODE_CONSUMER = `
import { engineBuild, engineVersion, equityTally, finishEquity, parseRange, preflopTableLoaded } from '${manifest.name}';
const equity = ({ hero, villain, board }) =>
  finishEquity(equityTally(parseRange(hero), parseRange(villain), board, '', 0, 1), 0.02).hero.equity;
console.log(JSON.stringify({
  version: engineVersion(),
  build: engineBuild(),
  table: preflopTableLoaded(),
  flop: equity(${JSON.stringify(FLOP)}),
  preflop: equity(${JSON.stringify(PREFLOP)}),
}));
`;

/** The web build started by hand, as the README shows: initSync, then the table, with the errors on the way. */
const WEB_CONSUMER = `
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { engineBuild, equityTally, finishEquity, initSync, loadPreflopTable, parseRange } from '${manifest.name}/web';
const require = createRequire(import.meta.url);
initSync({ module: readFileSync(require.resolve('${manifest.name}/equity_wasm_bg.wasm')) });
const preflop = () => finishEquity(equityTally(parseRange('AA'), parseRange('KK'), '', '', 0, 1), 0.02).hero.equity;
const message = (call) => { try { call(); return null; } catch (error) { return error.message; } };
const table = readFileSync(require.resolve('${manifest.name}/preflop.bin'));
const corrupt = Uint8Array.from(table);
corrupt[100] ^= 1;
const before = message(preflop);
const garbage = message(() => loadPreflopTable(new Uint8Array([1, 2, 3])));
const flipped = message(() => loadPreflopTable(corrupt));
const afterFailure = message(preflop);
const entries = loadPreflopTable(table);
console.log(JSON.stringify({ build: engineBuild(), before, garbage, flipped, afterFailure, entries, preflop: preflop() }));
`;

/** Compiled by tsc against the package's declarations, with the exports map (nodenext resolution). */
const TS_CONSUMER = `
import { equityTally, finishEquity, parseRange, type EquityReport } from '${manifest.name}';
import { initSync } from '${manifest.name}/web';
const report: EquityReport = finishEquity(equityTally(parseRange('AA'), parseRange('KK'), '', '', 0, 1), 0.02);
const equity: number = report.hero.equity;
export { equity, initSync };
`;

let work: string;
let project: string;
let packedFiles: string[];

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'rangeforge-wasm-package-'));
  const [packed] = JSON.parse(npm(['pack', pkgDir, '--json', '--pack-destination', work], work)) as Array<{
    filename: string;
    files: Array<{ path: string }>;
  }>;
  packedFiles = packed!.files.map((file) => file.path).sort();
  project = join(work, 'consumer');
  mkdirSync(project);
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  npm(['install', join(work, packed!.filename)], project);
  writeFileSync(join(project, 'node-entry.mjs'), NODE_CONSUMER);
  writeFileSync(join(project, 'web-entry.mjs'), WEB_CONSUMER);
  writeFileSync(join(project, 'consumer.ts'), TS_CONSUMER);
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

const runInProject = (file: string) =>
  JSON.parse(execFileSync(process.execPath, [file], { cwd: project, encoding: 'utf8' })) as Record<
    string,
    unknown
  >;

describe('the wasm engine as an npm package', () => {
  it('packs exactly the files its package.json lists', () => {
    expect(packedFiles).toEqual([...manifest.files, 'package.json'].sort());
  });

  it('computes equity in Node from the installed tarball, as the app does', async () => {
    const wasm = await loadEquityWasm();
    const local = ({ hero, villain, board }: typeof FLOP) =>
      wasm.finishEquity(
        wasm.equityTally(wasm.parseRange(hero), wasm.parseRange(villain), board, '', 0, 1),
        0.02,
      ).hero.equity;
    const result = runInProject('node-entry.mjs');
    expect(result).toEqual({
      version: manifest.version,
      // This Node runs simd128, so the package's Node entry starts that build.
      build: 'simd128',
      table: true,
      flop: local(FLOP),
      preflop: local(PREFLOP),
    });
    // AA vs KK, all 1,712,304 boards per matchup: 81.946% (the golden fixture's published figure).
    expect(result.preflop as number).toBeCloseTo(0.81946, 5);
  });

  it('starts the web build with initSync and rejects bad preflop tables with the reason', () => {
    const result = runInProject('web-entry.mjs');
    expect(result.build).toBe('scalar');
    expect(result.before).toMatch(/preflop table is not loaded/);
    expect(result.garbage).toMatch(/not a preflop table file/);
    expect(result.flipped).toMatch(/checksum mismatch/);
    // A failed load is remembered and reported, instead of a bare "not loaded".
    expect(result.afterFailure).toMatch(/checksum mismatch/);
    expect(result.entries).toBe(47_008);
    expect(result.preflop as number).toBeCloseTo(0.81946, 5);
  });

  it('type-checks a TypeScript consumer against the exports map', () => {
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const args = ['--noEmit', '--strict', '--module', 'nodenext', '--target', 'es2022', '--skipLibCheck'];
    // Throws with tsc's diagnostics when the package's types cannot be found or do not fit.
    execFileSync(process.execPath, [tsc, ...args, 'consumer.ts'], { cwd: project, encoding: 'utf8' });
  });
});
