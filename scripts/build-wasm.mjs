#!/usr/bin/env node
// Builds crates/equity-wasm into an npm package in crates/equity-wasm/pkg: wasm-pack (web target: the browser starts
// it with `init`, Node with `initSync`), the npm binaryen wasm-opt, then the package files wasm-pack's --no-pack
// leaves out: package.json (exports for browsers and Node, types), README.md, the Node entry, the build chooser and
// the two data tables the engine module does not embed (the preflop table, and the three-way all-in table of table
// push/fold solves). Skips when the output is newer than every engine source.
//
// Two builds of the one crate go into the package: the scalar module and a `simd128` one (128-bit vector
// instructions, run by every current browser and Node), chosen at run time by `simd.js` (one validation probe). Both
// come from the same source with the same exports, so wasm-bindgen writes the same glue for them; the script checks
// that and ships one glue for both modules.
// Usage: node scripts/build-wasm.mjs [--quiet] [--force]
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import { toolchainStatePath } from './bootstrap.mjs';
import { isFresh } from './lib/freshness.mjs';
import { fail, root, run, step } from './lib/process.mjs';

const crateDir = join(root, 'crates', 'equity-wasm');
const outDir = join(crateDir, 'pkg');
export const wasmPath = join(outDir, 'equity_wasm_bg.wasm');
export const simdWasmPath = join(outDir, 'equity_wasm_simd_bg.wasm');
export const packageJsonPath = join(outDir, 'package.json');
export const preflopTablePath = join(outDir, 'preflop.bin');
export const threeWayTablePath = join(outDir, 'threeway.bin');
/** Files of the package besides the ones wasm-pack writes, copied from the crate. */
const packageSources = [
  [join(crateDir, 'README.md'), join(outDir, 'README.md')],
  [join(crateDir, 'npm', 'node.js'), join(outDir, 'node.js')],
  [join(crateDir, 'npm', 'node.d.ts'), join(outDir, 'node.d.ts')],
  [join(crateDir, 'npm', 'simd.js'), join(outDir, 'simd.js')],
  [join(crateDir, 'npm', 'simd.d.ts'), join(outDir, 'simd.d.ts')],
  [join(root, 'crates', 'equity', 'data', 'preflop.bin'), preflopTablePath],
  [join(root, 'crates', 'equity', 'data', 'threeway.bin'), threeWayTablePath],
];
const quiet = process.argv.includes('--quiet');
const force = process.argv.includes('--force');

function isUpToDate() {
  const sources = ['crates', 'Cargo.toml', 'Cargo.lock', 'scripts/build-wasm.mjs'].map((path) =>
    join(root, path),
  );
  // package.json is written last, so its age covers the whole package.
  return (
    !force &&
    isFresh(wasmPath, sources) &&
    isFresh(simdWasmPath, sources) &&
    isFresh(packageJsonPath, sources)
  );
}

/** The crate's version and description (Cargo.toml of the workspace and of the crate). */
function crateMetadata() {
  const workspace = readFileSync(join(root, 'Cargo.toml'), 'utf8');
  const crate = readFileSync(join(crateDir, 'Cargo.toml'), 'utf8');
  const field = (text, name) => text.match(new RegExp(`^${name}\\s*=\\s*"([^"]*)"`, 'm'))?.[1];
  const version = field(workspace, 'version');
  const license = field(workspace, 'license');
  const description = field(crate, 'description');
  if (!version || !license || !description)
    fail('Cargo.toml lacks the version, license or description field');
  return { version, license, description };
}

function writePackageJson() {
  const { version, license, description } = crateMetadata();
  const browser = { types: './equity_wasm.d.ts', default: './equity_wasm.js' };
  const manifest = {
    name: '@rangeforge/equity-wasm',
    version,
    description,
    license,
    type: 'module',
    // Browsers and bundlers get the web build (start it with `init`); Node gets an entry that has already run
    // `initSync` and loaded the preflop and three-way tables from the package folder.
    exports: {
      '.': { node: { types: './node.d.ts', default: './node.js' }, ...browser },
      './web': browser,
      './simd': { types: './simd.d.ts', default: './simd.js' },
      './equity_wasm_bg.wasm': './equity_wasm_bg.wasm',
      './equity_wasm_simd_bg.wasm': './equity_wasm_simd_bg.wasm',
      './preflop.bin': './preflop.bin',
      './threeway.bin': './threeway.bin',
      './package.json': './package.json',
    },
    module: './equity_wasm.js',
    types: './equity_wasm.d.ts',
    files: [
      'equity_wasm.js',
      'equity_wasm.d.ts',
      'equity_wasm_bg.wasm',
      'equity_wasm_simd_bg.wasm',
      'equity_wasm_bg.wasm.d.ts',
      'node.js',
      'node.d.ts',
      'simd.js',
      'simd.d.ts',
      'preflop.bin',
      'threeway.bin',
      'README.md',
    ],
    sideEffects: ['./node.js'],
    engines: { node: '>=20' },
  };
  writeFileSync(packageJsonPath, `${JSON.stringify(manifest, null, 2)}\n`);
}

/** Files wasm-bindgen writes beside the module, which must be the same for both builds (one glue serves both). */
const glueFiles = ['equity_wasm.js', 'equity_wasm.d.ts', 'equity_wasm_bg.wasm.d.ts'];

/** wasm-pack of the crate into `out` (absolute), with extra rustc flags and its own cargo target folder. */
function wasmPack(out, env) {
  run(
    'wasm-pack',
    [
      'build',
      crateDir,
      '--release',
      '--target',
      'web',
      '--out-dir',
      out,
      '--no-pack',
      '--mode',
      'no-install',
    ],
    { cwd: root, env, stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit' },
  );
}

/** Optimises a module in place with the npm binaryen wasm-opt; `extraFeatures` beyond Rust's defaults. */
function wasmOpt(path, extraFeatures = []) {
  // Rust's default wasm features; wasm-opt must be told each one or it rejects the module.
  const features = [
    '--enable-bulk-memory',
    '--enable-sign-ext',
    '--enable-mutable-globals',
    '--enable-nontrapping-float-to-int',
    '--enable-reference-types',
    '--enable-multivalue',
    ...extraFeatures,
  ];
  // Memory packing splits data segments at runs of zeros. It paid off while the evaluator's lookup tables were
  // embedded (skipping it saved 4 KB gzip); they are built at start-up now and either way differs by under 1 KB.
  // Constant address offsets folded into the loads' and stores' offset fields: the sweeps index per-card arrays on
  // the stack as `(sp + c) + 8 * card`, which V8 otherwise computes with two more instructions per access (callgrind,
  // flop tally: -2.8 % wasm instructions). binaryen only folds under --low-memory-unused, the promise that nothing
  // touches the lowest 1 KiB (where a folded address that wrapped past 4 GiB would have landed). Rust links wasm32
  // stack-first: the stack grows down from 1 MiB toward 0 and the data sits above it (__stack_pointer starts at
  // 1048576), so only a stack that has used 1023 of its 1024 KiB, one step from overflowing, reaches that KiB.
  // -O4, --converge and -O2 measured the same as -O3 (within 0.5 %).
  run(
    join(root, 'node_modules', '.bin', 'wasm-opt'),
    [
      '--low-memory-unused',
      '-O3',
      '--optimize-added-constants-propagate',
      ...features,
      '--skip-pass=memory-packing',
      path,
      '-o',
      path,
    ],
    { cwd: root },
  );
}

function buildWasm() {
  if (!existsSync(toolchainStatePath))
    fail('The wasm toolchain is not set up: run `npm run bootstrap` first.');
  const route = JSON.parse(readFileSync(toolchainStatePath, 'utf8'));
  const env = { ...process.env, ...route.env };
  // A clean folder: files of an earlier build (another target's glue) must not end up in the package.
  rmSync(outDir, { recursive: true, force: true });
  wasmPack(outDir, env);
  wasmOpt(wasmPath);
  // The simd128 build. The standard library stays the prebuilt scalar one (rustup's, or the one the offline route
  // builds once): only generic and inlined std code is compiled again here, with the feature on, which covers what
  // the engine's loops call; core::arch::wasm32's vector intrinsics are inlined into the engine. Its own target
  // folder, so that neither build's flags invalidate the other's compiled dependencies.
  const simdOut = join(root, 'target', 'wasm-simd', 'pkg');
  rmSync(simdOut, { recursive: true, force: true });
  mkdirSync(simdOut, { recursive: true });
  const rustflags = [env.RUSTFLAGS, '-C target-feature=+simd128'].filter(Boolean).join(' ');
  wasmPack(simdOut, { ...env, RUSTFLAGS: rustflags, CARGO_TARGET_DIR: join(root, 'target', 'wasm-simd') });
  for (const file of glueFiles) {
    if (!readFileSync(join(simdOut, file)).equals(readFileSync(join(outDir, file))))
      fail(
        `The simd128 build's ${file} differs from the scalar build's: one glue cannot serve both modules.`,
      );
  }
  copyFileSync(join(simdOut, 'equity_wasm_bg.wasm'), simdWasmPath);
  wasmOpt(simdWasmPath, ['--enable-simd']);
  for (const [from, to] of packageSources) copyFileSync(from, to);
  writePackageJson();
  return describeSize();
}

/** Raw, gzip (level 9) and brotli (quality 11, as the production build precompresses) sizes of a file. */
export function sizesOf(path) {
  const bytes = readFileSync(path);
  const brotli = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, brotli: brotli.length };
}

export function describeSize() {
  const kib = (size) => `${(size / 1024).toFixed(1)} KiB`;
  const describe = (path) => {
    const { raw, gzip, brotli } = sizesOf(path);
    return `${kib(raw)} raw, ${kib(gzip)} gzip, ${kib(brotli)} brotli`;
  };
  return `engine ${describe(wasmPath)}; simd128 engine ${describe(simdWasmPath)}; preflop table ${describe(preflopTablePath)}; three-way table ${describe(threeWayTablePath)}`;
}

if (quiet) {
  // Callers that print machine-readable output (the equity command line) need a silent stdout.
  if (!isUpToDate()) console.error(`wasm engine built: ${buildWasm()}`);
} else {
  step('wasm engine build', () => (isUpToDate() ? `up to date (${describeSize()})` : buildWasm()));
}
