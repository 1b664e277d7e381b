/**
 * Where a cold load's time goes, thread by thread: one returning player's load of / (the working state a scripted
 * visit left, caches cold, no click), as bench:cold loads it, recorded as a Chrome trace. Run after `npm run
 * bench:cold` has built dist/ and the server:
 *
 *   node scripts/run.mjs tsx tests/bench/cold-load-trace.ts [dist folder] [trace.json]
 *
 * Prints the marks (bench:cold's phases as cold:*, the app's rangeforge:*), then for the page's main thread and every
 * engine worker each task of 2 ms or more up to the equity shown, with the trace events that filled it (longest
 * first): what the main thread was doing while a worker's answer waited, and when the workers could start at all.
 * With a second argument the trace is kept for Perfetto; COLD_TRACE_PROFILE=1 adds V8's sampling profiler to it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { launchBrowser } from '../e2e/support/browser.ts';
import {
  playerScript,
  returningScript,
  startProductionServer,
  storedStateScript,
  WORKING_STATE_KEY,
} from './cold-load-support.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dist = process.argv[2] ?? join(root, 'dist');
const out = process.argv[3];

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> };
}

// The phases bench:cold times, as user-timing marks in the trace (the page's stopwatch writes plain numbers).
const markPhases = `
  for (const key of ['chart', 'posted', 'answered', 'equity']) {
    let value = 0;
    Object.defineProperty(window.__cold, key, {
      get: () => value,
      set: (next) => {
        value = next;
        performance.mark('cold:' + key);
      },
    });
  }
`;

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'loading',
  'toplevel',
  'v8',
  'v8.execute',
  'disabled-by-default-v8.compile',
  'v8.wasm',
  'disabled-by-default-v8.wasm.detailed',
  ...(process.env.COLD_TRACE_PROFILE ? ['disabled-by-default-v8.cpu_profiler'] : []),
];

const steps = (await import(pathToFileURL(join(root, 'scripts', 'lib', 'build-steps.mjs')).href)) as {
  serverEntry: string;
  dbCliEntry: string;
};
const server = await startProductionServer(root, steps, dist);
const session = await launchBrowser({
  args: (process.env.BENCH_CHROMIUM_ARGS ?? '').split(' ').filter(Boolean),
});
const events: TraceEvent[] = [];
try {
  // A scripted first visit leaves the working state behind.
  const first = await session.browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 1440, height: 900 },
  });
  await first.addInitScript({ content: playerScript(['K♥', '9♦', '4♣']) });
  const firstPage = await first.newPage();
  await firstPage.goto(`${server.baseUrl}/`);
  await firstPage.evaluate('window.__coldShown');
  let left = '';
  for (let wait = Date.now() + 3000; !left && Date.now() < wait;) {
    left = (await firstPage.evaluate(storedStateScript)) as string;
    if (!left) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await first.close();
  if (!left) throw new Error('the scripted visit left no working state');

  const context = await session.browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
    storageState: {
      cookies: [],
      origins: [{ origin: server.baseUrl, localStorage: [{ name: WORKING_STATE_KEY, value: left }] }],
    },
  });
  await context.addInitScript({ content: returningScript });
  await context.addInitScript({ content: markPhases });
  const page = await context.newPage();
  const cdp = await session.browser.newBrowserCDPSession();
  const chunks: string[] = [];
  cdp.on('Tracing.dataCollected', ({ value }: { value: unknown[] }) => chunks.push(JSON.stringify(value)));
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: CATEGORIES, recordMode: 'recordContinuously' },
    transferMode: 'ReportEvents',
  });
  await page.goto(`${server.baseUrl}/`);
  await page.evaluate('window.__coldShown');
  await new Promise((resolve) => setTimeout(resolve, 500));
  await cdp.send('Tracing.end');
  await complete;
  for (const chunk of chunks) events.push(...(JSON.parse(chunk) as TraceEvent[]));
  await context.close();
} finally {
  await session.close();
  await server.stop();
}
if (out) writeFileSync(out, JSON.stringify({ traceEvents: events }));

const threadNames = new Map<string, string>();
for (const event of events)
  if (event.ph === 'M' && event.name === 'thread_name')
    threadNames.set(`${event.pid}:${event.tid}`, event.args?.name ?? '');
const marks = new Map<string, TraceEvent>();
for (const event of events)
  if (event.cat.includes('blink.user_timing') && !marks.has(event.name)) marks.set(event.name, event);
// The page's clock starts at its navigation: a mark's trace time less its own startTime.
const boot = marks.get('rangeforge:boot') as
  (TraceEvent & { args: { data: { startTime: number } } }) | undefined;
if (!boot || !marks.has('cold:posted'))
  throw new Error('no rangeforge:boot or cold:posted mark in the trace');
const mainPid = boot.pid;
const origin = boot.ts - boot.args.data.startTime * 1000;
const at = (ts: number) => (ts - origin) / 1000;

const mark = (name: string) => {
  const event = marks.get(name);
  return event ? at(event.ts) : NaN;
};
console.log(
  `marks (ms from navigation start): ${[...marks.keys()]
    .filter((name) => name.startsWith('cold:') || name.startsWith('rangeforge:'))
    .map((name) => `${name} ${mark(name).toFixed(1)}`)
    .join(', ')}`,
);

// The scheduler's task; Chrome nests it in a RunTask of the same span, left out of the sums.
const TASK = 'ThreadControllerImpl::RunTask';
const SKIP = new Set(['RunTask', TASK]);
const threads = [...threadNames.entries()].filter(
  ([key, name]) => key.startsWith(`${mainPid}:`) && /CrRendererMain|DedicatedWorker/.test(name),
);
/** Names of the complete events nested inside `task` on its thread, with their summed (inclusive) durations. */
const inside = (task: TraceEvent, all: TraceEvent[]) => {
  const end = task.ts + (task.dur ?? 0);
  const sums = new Map<string, number>();
  for (const event of all) {
    if (event === task || event.ph !== 'X' || event.ts < task.ts || event.ts >= end || SKIP.has(event.name))
      continue;
    sums.set(event.name, (sums.get(event.name) ?? 0) + (event.dur ?? 0));
  }
  return [...sums.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([name, us]) => `${name} ${(us / 1000).toFixed(1)}`)
    .join(', ');
};

const from = 0;
const to = Math.max(mark('cold:answered'), mark('cold:equity')) + 5;
for (const [key, name] of threads) {
  const all = events.filter((event) => `${event.pid}:${event.tid}` === key);
  const tasks = all.filter((event) => event.ph === 'X' && event.name === TASK && (event.dur ?? 0) >= 2000);
  console.log(`\n${name} (${key}): tasks of 2 ms or more, ${from.toFixed(0)}–${to.toFixed(0)} ms`);
  for (const task of tasks) {
    const start = at(task.ts);
    const end = start + (task.dur ?? 0) / 1000;
    if (end < from || start > to) continue;
    console.log(
      `  ${start.toFixed(1)}–${end.toFixed(1)} (${((task.dur ?? 0) / 1000).toFixed(1)} ms): ${inside(task, all)}`,
    );
  }
}
