#!/usr/bin/env node
// `npm start`: make the machine ready, build what is stale, migrate and seed the database, then serve the app.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

import { bootstrap } from './bootstrap.mjs';
import { isFresh } from './lib/freshness.mjs';
import { ensureProjectNode } from './lib/node-runtime.mjs';
import { root, run, step } from './lib/process.mjs';

ensureProjectNode();
const started = Date.now();
bootstrap('start');

const tsx = join(root, 'node_modules', '.bin', 'tsx');
run(process.execPath, [join(root, 'scripts', 'build-wasm.mjs')], { cwd: root });

const webSources = [
  'src',
  'contract',
  'public',
  'index.html',
  'vite.config.ts',
  'crates/equity-wasm/pkg',
].map((path) => join(root, path));
step('web app build', () => {
  if (isFresh(join(root, 'dist', 'index.html'), webSources)) return 'up to date';
  run(join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], { cwd: root });
  return 'built into dist/';
});
step('database migrations', () => {
  run(tsx, ['server/db/cli.ts', 'migrate'], { cwd: root });
});
step('store seed data', () => {
  run(tsx, ['server/db/cli.ts', 'seed'], { cwd: root });
});
console.log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

const server = spawn(tsx, ['server/server.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
