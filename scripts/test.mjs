#!/usr/bin/env node
// `npm test`: bootstrap, then every check and suite. Every step runs even after a failure, so one run shows all
// problems; the last line is `N passed, N failed` (tests counted per suite, each lint/build check counts as one).
//
//   node scripts/test.mjs [--only name,name]   e.g. --only rust,web
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { bootstrap } from './bootstrap.mjs';
import { ensureProjectNode } from './lib/node-runtime.mjs';
import { root } from './lib/process.mjs';

ensureProjectNode();
const only = (() => {
  const index = process.argv.indexOf('--only');
  return index === -1 ? null : new Set(process.argv[index + 1]?.split(','));
})();

const bin = (name) => join(root, 'node_modules', '.bin', name);
const resultsDir = join(root, 'test-results');
mkdirSync(resultsDir, { recursive: true });

/** Reads `test result: ok. 12 passed; 0 failed; 1 ignored` lines of cargo test. */
function cargoCounts(output) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const match of output.matchAll(/test result: \w+\. (\d+) passed; (\d+) failed; (\d+) ignored/g)) {
    counts.passed += Number(match[1]);
    counts.failed += Number(match[2]);
    counts.skipped += Number(match[3]);
  }
  return counts;
}

function vitestCounts(reportPath) {
  if (!existsSync(reportPath)) return null;
  const report = JSON.parse(readFileSync(reportPath, 'utf8'));
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + (report.numTodoTests ?? 0),
  };
}

const vitest = (project) => ({
  name: `vitest ${project}`,
  group: project,
  command: [
    bin('vitest'),
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(resultsDir, `vitest-${project}.json`)}`,
  ],
  counts: () => vitestCounts(join(resultsDir, `vitest-${project}.json`)),
});

const steps = [
  { name: 'cargo fmt', group: 'rust', command: ['cargo', 'fmt', '--all', '--check'] },
  {
    name: 'cargo clippy',
    group: 'rust',
    command: ['cargo', 'clippy', '--workspace', '--all-targets', '--', '-D', 'warnings'],
  },
  { name: 'cargo test', group: 'rust', command: ['cargo', 'test', '--workspace'], counts: cargoCounts },
  {
    name: 'cargo doc',
    group: 'rust',
    command: ['cargo', 'doc', '--workspace', '--no-deps'],
    env: { RUSTDOCFLAGS: '-D warnings' },
  },
  { name: 'wasm build', group: 'wasm', command: [process.execPath, 'scripts/build-wasm.mjs'] },
  { name: 'eslint', group: 'lint', command: [bin('eslint'), '.', '--max-warnings=0'] },
  { name: 'prettier', group: 'lint', command: [bin('prettier'), '--check', '.'] },
  { name: 'typescript', group: 'lint', command: ['npm', 'run', '--silent', 'typecheck'] },
  // The production server is compiled JavaScript (build/server); the scale-out suite runs that build.
  { name: 'server build', group: 'server', command: [bin('tsc'), '-p', 'tsconfig.server.json'] },
  vitest('web'),
  vitest('server'),
  vitest('scale'),
  { name: 'vite build', group: 'e2e', command: [bin('vite'), 'build', '--logLevel', 'warn'] },
  vitest('e2e'),
];

const started = Date.now();
bootstrap('test');
const rows = [];
for (const step of steps) {
  if (only && !only.has(step.group)) continue;
  const stepStarted = Date.now();
  console.log(`\n━━ ${step.name} ━━`);
  const [command, ...args] = step.command;
  const captureOutput = typeof step.counts === 'function' && step.group === 'rust';
  const result = spawnSync(command, args, {
    cwd: root,
    env: { ...process.env, ...step.env },
    stdio: captureOutput ? ['ignore', 'pipe', 'inherit'] : 'inherit',
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (captureOutput) process.stdout.write(result.stdout ?? '');
  const ok = result.status === 0;
  let counts = step.counts ? step.counts(result.stdout ?? '') : null;
  if (!counts || counts.passed + counts.failed === 0) {
    counts = { passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 };
  } else if (!ok && counts.failed === 0) {
    counts.failed = 1; // the runner failed outside any test (compile error, crashed hook)
  }
  rows.push({ name: step.name, ok, seconds: (Date.now() - stepStarted) / 1000, ...counts });
}

console.log('\n━━ summary ━━');
for (const row of rows) {
  const skipped = row.skipped ? `, ${row.skipped} skipped` : '';
  console.log(
    `${row.ok ? '✓' : '✖'} ${row.name.padEnd(14)} ${String(row.passed).padStart(5)} passed, ${row.failed} failed${skipped}  (${row.seconds.toFixed(1)} s)`,
  );
}
const total = (key) => rows.reduce((sum, row) => sum + row[key], 0);
console.log(`total time ${((Date.now() - started) / 1000).toFixed(0)} s`);
const skipped = total('skipped');
console.log(`${total('passed')} passed, ${total('failed')} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(rows.every((row) => row.ok) ? 0 : 1);
