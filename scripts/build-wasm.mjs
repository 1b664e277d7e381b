#!/usr/bin/env node
// Builds crates/equity-wasm with wasm-pack (bundler target: Vite imports it through vite-plugin-wasm, Node through
// src/engine/node/load-wasm.ts), then optimises it with the npm binaryen wasm-opt. Skips when the output is newer
// than every engine source. Usage: node scripts/build-wasm.mjs [--quiet] [--force]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

import { toolchainStatePath } from './bootstrap.mjs';
import { isFresh } from './lib/freshness.mjs';
import { fail, root, run, step } from './lib/process.mjs';

const crateDir = join(root, 'crates', 'equity-wasm');
const outDir = join(crateDir, 'pkg');
export const wasmPath = join(outDir, 'equity_wasm_bg.wasm');
const quiet = process.argv.includes('--quiet');
const force = process.argv.includes('--force');

function isUpToDate() {
  const sources = ['crates', 'Cargo.toml', 'Cargo.lock'].map((path) => join(root, path));
  return !force && isFresh(wasmPath, sources);
}

function buildWasm() {
  if (!existsSync(toolchainStatePath))
    fail('The wasm toolchain is not set up: run `npm run bootstrap` first.');
  const route = JSON.parse(readFileSync(toolchainStatePath, 'utf8'));
  const env = { ...process.env, ...route.env };
  run(
    'wasm-pack',
    [
      'build',
      crateDir,
      '--release',
      '--target',
      'bundler',
      '--out-dir',
      'pkg',
      '--no-pack',
      '--mode',
      'no-install',
    ],
    { cwd: root, env, stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit' },
  );
  // Rust's default wasm features; wasm-opt must be told each one or it rejects the module.
  const features = [
    '--enable-bulk-memory',
    '--enable-sign-ext',
    '--enable-mutable-globals',
    '--enable-nontrapping-float-to-int',
    '--enable-reference-types',
    '--enable-multivalue',
  ];
  run(join(root, 'node_modules', '.bin', 'wasm-opt'), ['-O3', ...features, wasmPath, '-o', wasmPath], {
    cwd: root,
  });
  return describeSize();
}

export function describeSize() {
  const bytes = readFileSync(wasmPath);
  const kib = (size) => `${(size / 1024).toFixed(1)} KiB`;
  return `${kib(bytes.length)} raw, ${kib(gzipSync(bytes, { level: 9 }).length)} gzip`;
}

if (quiet) {
  // Callers that print machine-readable output (the equity command line) need a silent stdout.
  if (!isUpToDate()) console.error(`wasm engine built: ${buildWasm()}`);
} else {
  step('wasm engine build', () => (isUpToDate() ? `up to date (${describeSize()})` : buildWasm()));
}
