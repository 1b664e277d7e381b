// The production build, in steps shared by `npm run build` and `npm start`: the wasm engine, the SPA (with
// brotli and gzip siblings of every compressible asset, served by @fastify/static's preCompressed), and the
// server compiled to JavaScript in build/server. Each step skips when its output is newer than its sources.
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import { isFresh } from './freshness.mjs';
import { root, run, step } from './process.mjs';

const bin = (name) => join(root, 'node_modules', '.bin', name);
export const serverBuildDir = join(root, 'build', 'server');
/** Entry points of the compiled server. */
export const serverEntry = join(serverBuildDir, 'server', 'server.js');
export const dbCliEntry = join(serverBuildDir, 'server', 'db', 'cli.js');
export const adminCliEntry = join(serverBuildDir, 'server', 'admin-cli.js');

const webSources = ['src', 'contract', 'public', 'index.html', 'vite.config.ts', 'crates/equity-wasm/pkg'];
const serverSources = [
  'server',
  'contract',
  'tsconfig.server.json',
  'tsconfig.base.json',
  'package-lock.json',
];
const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.wasm',
  '.svg',
  '.json',
  '.webmanifest',
  '.txt',
  '.map',
  '.bin',
]);
/** Below this size the compressed sibling saves less than the extra file costs. */
const MIN_BYTES = 1024;

export function buildWasmStep() {
  run(process.execPath, [join(root, 'scripts', 'build-wasm.mjs')], { cwd: root });
}

/** Writes name.br (quality 11: done once at build time) and name.gz beside every compressible file of dist/. */
export function precompress(dir) {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      count += precompress(path);
      continue;
    }
    if (!COMPRESSIBLE.has(extname(entry.name)) || statSync(path).size < MIN_BYTES) continue;
    const content = readFileSync(path);
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gzip = gzipSync(content, { level: 9 });
    // A sibling that is not smaller would only cost bytes; the server then sends the original.
    if (brotli.length < content.length) writeFileSync(`${path}.br`, brotli);
    if (gzip.length < content.length) writeFileSync(`${path}.gz`, gzip);
    count += 1;
  }
  return count;
}

export function buildWebStep() {
  step('web app build', () => {
    const output = join(root, 'dist', 'index.html');
    if (
      isFresh(
        output,
        webSources.map((path) => join(root, path)),
      )
    )
      return 'up to date';
    run(bin('vite'), ['build', '--logLevel', 'warn'], { cwd: root });
    const files = precompress(join(root, 'dist'));
    return `built into dist/, ${files} assets precompressed (br, gzip)`;
  });
}

export function buildServerStep() {
  step('server build', () => {
    if (
      isFresh(
        serverEntry,
        serverSources.map((path) => join(root, path)),
      )
    )
      return 'up to date';
    // A clean output folder: a file removed from the sources must not linger in the build.
    rmSync(serverBuildDir, { recursive: true, force: true });
    run(bin('tsc'), ['-p', 'tsconfig.server.json'], { cwd: root });
    return 'compiled into build/server/';
  });
}
