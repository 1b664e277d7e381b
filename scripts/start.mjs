#!/usr/bin/env node
// `npm start`: the one-command local setup. Makes the machine ready (bootstrap), builds what is stale with the same
// steps as `npm run build`, migrates and seeds the database, then serves the compiled server as `npm run serve` does.
import { spawn, spawnSync } from 'node:child_process';

import { bootstrap } from './bootstrap.mjs';
import { buildServerStep, buildWasmStep, buildWebStep, dbCliEntry, serverEntry } from './lib/build-steps.mjs';
import { ensureProjectNode } from './lib/node-runtime.mjs';
import { root, run, step } from './lib/process.mjs';

ensureProjectNode();
const started = Date.now();
bootstrap('start');
buildWasmStep();
buildWebStep();
buildServerStep();
// A configuration the server refuses (NODE_ENV=production without payment keys, ...) stops here with the server's
// own one-line reason and its exit status, before anything touches the database.
const check = spawnSync(process.execPath, [dbCliEntry, 'check'], { cwd: root, stdio: 'inherit' });
if (check.status !== 0) process.exit(check.status ?? 1);
step('database migrations', () => {
  run(process.execPath, [dbCliEntry, 'migrate'], { cwd: root });
});
step('store seed data', () => {
  run(process.execPath, [dbCliEntry, 'seed'], { cwd: root });
});
console.log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

const server = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
