#!/usr/bin/env node
// Runs one of the project's commands on the project's Node (see scripts/lib/node-runtime.mjs), so `npm run` scripts
// behave the same whatever Node the machine's npm runs on. Binaries of node_modules/.bin are found by name.
//
//   node scripts/run.mjs <command> [args...]     e.g. node scripts/run.mjs tsx server/admin-cli.ts create
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { ensureProjectNode } from './lib/node-runtime.mjs';
import { fail, root } from './lib/process.mjs';

ensureProjectNode();
const [command, ...args] = process.argv.slice(2);
if (!command) fail('usage: node scripts/run.mjs <command> [args...]');
const local = join(root, 'node_modules', '.bin', command);
const child = spawn(command === 'node' ? process.execPath : existsSync(local) ? local : command, args, {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('error', (error) => fail(`${command}: ${error.message}`));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
