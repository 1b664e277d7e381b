#!/usr/bin/env node
// `npm run dev`: Vite with HMR on VITE_PORT (5173) and the API in watch mode on API_PORT (3001), /api proxied.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

import { bootstrap } from './bootstrap.mjs';
import { ensureProjectNode } from './lib/node-runtime.mjs';
import { root, run } from './lib/process.mjs';

ensureProjectNode();
bootstrap('dev');
run(process.execPath, [join(root, 'scripts', 'build-wasm.mjs')], { cwd: root });
const bin = (name) => join(root, 'node_modules', '.bin', name);
run(bin('tsx'), ['server/db/cli.ts', 'migrate'], { cwd: root });
run(bin('tsx'), ['server/db/cli.ts', 'seed'], { cwd: root });

const apiPort = process.env.API_PORT ?? '3001';
const children = [
  spawn(bin('tsx'), ['watch', 'server/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort },
  }),
  spawn(bin('vite'), [], { cwd: root, stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stopAll = (signal) => children.forEach((child) => child.kill(signal));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));
for (const child of children)
  child.on('exit', (code) => {
    stopAll('SIGTERM');
    process.exit(code ?? 0);
  });
