#!/usr/bin/env node
// `npm run serve` and `npm run db:*`: run the compiled server (build/server) on the project's Node. No bootstrap
// and no build: on a production host the build comes from `npm run build` (or a CI artefact).
//
//   node scripts/serve.mjs                 one instance (PORT, DATABASE_URL, ... from the environment or .env)
//   node scripts/serve.mjs db migrate|seed
//   node scripts/serve.mjs admin create --email ...
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

import { adminCliEntry, dbCliEntry, serverEntry } from './lib/build-steps.mjs';
import { ensureProjectNode } from './lib/node-runtime.mjs';
import { fail } from './lib/process.mjs';

ensureProjectNode();
const [command, ...args] = process.argv.slice(2);
const entries = { db: dbCliEntry, admin: adminCliEntry };
const entry = entries[command] ?? serverEntry;
if (!existsSync(entry)) fail(`${entry} is missing: run \`npm run build\` first.`);
const child = spawn(process.execPath, ['--enable-source-maps', entry, ...(entries[command] ? args : [])], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
