/**
 * `npm run bench:cold`: navigation start → the first postflop equity shown, after a cold page load.
 *
 * What runs: `npm start`'s production build (the same build steps: wasm engine, SPA with its brotli and gzip
 * siblings, the server compiled to build/server) and its server (`node build/server/server/server.js` on a
 * throwaway SQLite database), opened in Debian's chromium through playwright-core. Every load is a new browser
 * context: empty HTTP cache, empty Cache Storage, no service worker, no compiled wasm kept.
 *
 * What is timed: from navigation start (performance.timeOrigin, 0 ms) to the moment the equity figure of a flop
 * appears. A script in the page is the player: the instant the chart is ready it picks hero AA, villain KK and the
 * board K♥ 9♦ 4♣ (one task between actions so React renders each), so the figure is what a player who acts at once
 * waits for: page, engine module start and warm-up, and the flop job. The preflop equity the two ranges ask for
 * before the board is complete is superseded by the flop and must not delay it. The figure shown is checked against
 * the engine's own answer. Medians with [min–max] over COLD_LOADS loads (default 7), no best-of; the phases before
 * the figure (chart ready, board complete, engine module received) are printed beside it.
 *
 * Before/after: COLD_BASELINE_DIST=<a dist/ folder of another build> serves that folder from a second server of the
 * same build and alternates loads between the two (baseline, current, baseline…), so load on the machine falls on
 * both alike; a column per build.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { loadEquityWasm } from '../../src/engine/node/load-wasm.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { stats } from './stats.ts';

const LOADS = Number(process.env.COLD_LOADS ?? 7);
const TARGET_MS = 150;
const root = fileURLToPath(new URL('../../', import.meta.url));

interface Timings {
  /** Chart rendered and editable: the scripted player acts now. */
  chart: number;
  /** The last board card was picked. */
  board: number;
  /** The first message to an engine worker after the board was complete: the flop job (or its first shard). */
  posted: number;
  /** The equity figure of the flop appeared. */
  equity: number;
  text: string;
}

const BOARD = ['K♥', '9♦', '4♣'];

// In-page player and stopwatch (a string: this file is type-checked without the DOM library). Each action waits one
// task (setTimeout 0, about 1 ms) so React has rendered the previous one before the next event reads the state.
// Worker.prototype.postMessage is wrapped only to note the first message after the board is complete (job posted).
const playerScript = `
  const cold = { chart: 0, board: 0, posted: 0, equity: 0, text: '', acting: false };
  window.__cold = cold;
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (...args) {
    if (cold.board && !cold.posted) cold.posted = performance.now();
    return post.apply(this, args);
  };
  const press = (element) => element.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  const cell = (hand) => document.querySelector('.range-grid [data-hand="' + hand + '"]');
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  async function act() {
    press(cell('AA'));
    await tick();
    document.querySelectorAll('.range-button__choose')[1].click();
    await tick();
    press(cell('KK'));
    for (const card of ${JSON.stringify(BOARD)}) {
      await tick();
      const button = [...document.querySelectorAll('.card-picker__deck button')].find((b) => b.textContent === card);
      // The board counts as complete once the last card's click has been handled.
      if (card === ${JSON.stringify(BOARD.at(-1))}) cold.board = performance.now();
      button.click();
    }
  }
  new MutationObserver(() => {
    if (!cold.acting && document.querySelector('.range-grid[aria-busy="false"] [data-hand="KK"]')
        && document.querySelectorAll('.range-button__choose').length > 1) {
      cold.acting = true;
      cold.chart = performance.now();
      void act();
    }
    const figure = document.querySelector('[data-testid="range-equity"]');
    // Only a figure shown once the board is complete is the flop's (a preflop figure before it would not count).
    if (cold.board && !cold.equity && figure && figure.textContent) {
      cold.equity = performance.now();
      cold.text = figure.textContent;
    }
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
`;

// Read in the page once the figure is shown: the HTML and the app's JavaScript from resource timing (every script
// requested before the app ran: entry, app bundle and their chunks; the lazy service worker client aside), the marks.
const pageScript = `(() => {
  const marks = Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime]));
  const before = marks['rangeforge:main'] ?? Infinity;
  const scripts = performance.getEntriesByType('resource')
    .filter((e) => /\\/assets\\/[^/]*\\.js$/.test(e.name) && !/workbox/.test(e.name) && e.startTime < before);
  return JSON.stringify({
    origin: performance.timeOrigin,
    html: performance.getEntriesByType('navigation')[0]?.responseEnd ?? 0,
    bundle: Math.max(0, ...scripts.map((e) => e.responseEnd)),
    marks,
  });
})()`;

// Read in each engine worker: its time origin (the worker's creation), its marks and the wasm's resource timing.
const workerScript = `JSON.stringify({
  origin: performance.timeOrigin,
  marks: Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime])),
  wasm: performance.getEntriesByType('resource').find((e) => /equity_wasm_bg-[^/]*\\.wasm$/.test(e.name))?.responseEnd ?? 0,
})`;

/** The figure the page must show: hero equity from the engine itself, as the equity panel prints it. */
async function expectedFigure(): Promise<string> {
  const wasm = await loadEquityWasm();
  const report = wasm.finishEquity(
    wasm.equityTally(wasm.parseRange('AA'), wasm.parseRange('KK'), 'Kh9d4c', '', 0, 1),
    0.02,
  ) as { hero: { equity: number } };
  return `${(report.hero.equity * 100).toFixed(2)}%`;
}

// `npm start`'s build: the same steps, each skipped when fresh. A dist/ written by a bare `vite build` (the e2e
// suites) counts as fresh but has no precompressed siblings, which the production server serves: write them.
const steps = (await import(pathToFileURL(join(root, 'scripts', 'lib', 'build-steps.mjs')).href)) as {
  buildWasmStep(): void;
  buildWebStep(): void;
  buildServerStep(): void;
  precompress(dir: string): number;
  serverEntry: string;
  dbCliEntry: string;
};
steps.buildWasmStep();
steps.buildWebStep();
steps.buildServerStep();
if (!existsSync(join(root, 'dist', 'index.html.br'))) steps.precompress(join(root, 'dist'));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** `npm start`'s server (the compiled entry, migrated and seeded) on a free port and a throwaway database. */
async function startProductionServer(staticDir: string): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rangeforge-cold-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    MEDIA_DIR: join(dataDir, 'media'),
    DATABASE_URL: `sqlite:${join(dataDir, 'rangeforge.sqlite')}`,
    STATIC_DIR: staticDir,
    PUBLIC_BASE_URL: baseUrl,
    LOG_LEVEL: 'warn',
  };
  for (const command of ['migrate', 'seed']) {
    const result = spawnSync(process.execPath, [steps.dbCliEntry, command], {
      cwd: root,
      env,
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`db ${command} failed:\n${result.stdout}${result.stderr}`);
  }
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [steps.serverEntry], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${log}`);
    const healthy = await fetch(`${baseUrl}/api/v1/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const expected = await expectedFigure();
const baselineDist = process.env.COLD_BASELINE_DIST;
const builds = [
  ...(baselineDist ? [{ name: 'baseline', dist: baselineDist }] : []),
  { name: baselineDist ? 'current' : 'Values', dist: join(root, 'dist') },
];
const servers = await Promise.all(builds.map((build) => startProductionServer(build.dist)));
const session = await launchBrowser();

/** One load's phases, each in ms from navigation start; NaN where a build does not give it (marks of an older build). */
type Phases = Record<(typeof PHASES)[number]['key'], number>;

const PHASES = [
  { key: 'html', label: 'HTML received' },
  { key: 'bundle', label: "app's JavaScript received (entry and chunks)" },
  { key: 'boot', label: 'entry executed, engine workers started (mark)' },
  { key: 'main', label: 'app bundle executed, first render starts (mark)' },
  { key: 'worker', label: 'first engine worker created' },
  { key: 'workerStart', label: 'engine worker script running (mark)' },
  { key: 'wasm', label: 'engine wasm received (first worker)' },
  { key: 'wasmReady', label: 'wasm compiled, instantiated, tables built (first worker)' },
  { key: 'wasmReadyAll', label: 'wasm ready in every worker' },
  { key: 'warm', label: 'warm-up done, every worker (mark)' },
  { key: 'chart', label: 'chart ready (player acts)' },
  { key: 'board', label: 'board complete' },
  { key: 'posted', label: 'flop job posted to a worker' },
  { key: 'equity', label: 'first postflop equity shown' },
  { key: 'boardToEquity', label: 'board complete → equity shown (interval)' },
  { key: 'wasmStart', label: 'wasm received → ready, first worker (interval)' },
  { key: 'compile', label: 'engine wasm compile alone, fresh renderer (interval)' },
  { key: 'instantiate', label: 'engine wasm instantiate alone (interval)' },
  { key: 'tables', label: 'start-up table build alone (interval)' },
] as const;

interface WorkerTimings {
  origin: number;
  marks: Record<string, number>;
  wasm: number;
}

// The engine's start alone, in a fresh browser context (a new renderer, so no compiled code is shared): compile the
// wasm, instantiate it without the glue (every import a no-op; the start function calls none that matter) and run its
// start function, which builds the evaluator's lookup tables. Run in a page of the app's origin showing no app code.
const startProbe = (wasmUrl: string) => `(async () => {
  const bytes = await (await fetch(${JSON.stringify(wasmUrl)})).arrayBuffer();
  let at = performance.now();
  const module = await WebAssembly.compile(bytes);
  const compile = performance.now() - at;
  const imports = {};
  for (const { module: from, name } of WebAssembly.Module.imports(module)) (imports[from] ??= {})[name] = () => {};
  at = performance.now();
  const instance = await WebAssembly.instantiate(module, imports);
  const instantiate = performance.now() - at;
  at = performance.now();
  instance.exports.__wbindgen_start();
  return JSON.stringify({ compile, instantiate, tables: performance.now() - at });
})()`;

async function engineStart(
  baseUrl: string,
  dist: string,
): Promise<{ compile: number; instantiate: number; tables: number }> {
  const wasmFile = readdirSync(join(dist, 'assets')).find((file) => /^equity_wasm_bg-.*\.wasm$/.test(file));
  if (!wasmFile) throw new Error(`no engine wasm in ${dist}/assets`);
  const context = await session.browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/manifest.webmanifest`);
    return JSON.parse((await page.evaluate(startProbe(`/assets/${wasmFile}`))) as string) as {
      compile: number;
      instantiate: number;
      tables: number;
    };
  } finally {
    await context.close();
  }
}

async function coldLoad(
  baseUrl: string,
): Promise<{ phases: Omit<Phases, 'compile' | 'instantiate' | 'tables'>; text: string }> {
  const context = await session.browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
    // A service worker from an earlier load could not survive the new context anyway; blocking it keeps its
    // precache downloads from competing with the page's own requests on this first visit.
    serviceWorkers: 'block',
  });
  try {
    await context.addInitScript({ content: playerScript });
    const page = await context.newPage();
    const workers: { evaluate(script: string): Promise<unknown> }[] = [];
    page.on('worker', (worker) => workers.push(worker));
    await page.goto(`${baseUrl}/`);
    // Polled from outside: waitForFunction would evaluate a string in the page, which the CSP forbids.
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const cold = (await page.evaluate('window.__cold')) as Timings | undefined;
      if (cold?.equity) {
        const at = JSON.parse((await page.evaluate(pageScript)) as string) as {
          origin: number;
          html: number;
          bundle: number;
          marks: Record<string, number>;
        };
        const inWorkers = await Promise.all(
          workers.map(
            async (worker) => JSON.parse((await worker.evaluate(workerScript)) as string) as WorkerTimings,
          ),
        );
        // A worker's clock starts at its creation: shift its times onto the page's.
        const shift = (worker: WorkerTimings, ms: number | undefined) =>
          ms ? worker.origin - at.origin + ms : NaN;
        const first = (pick: (worker: WorkerTimings) => number) => Math.min(...inWorkers.map(pick));
        const last = (pick: (worker: WorkerTimings) => number) => Math.max(...inWorkers.map(pick));
        const wasmReady = first((worker) => shift(worker, worker.marks['rangeforge:wasm-ready']));
        const wasm = first((worker) => shift(worker, worker.wasm));
        const phases = {
          html: at.html,
          bundle: at.bundle || NaN,
          boot: at.marks['rangeforge:boot'] ?? NaN,
          main: at.marks['rangeforge:main'] ?? NaN,
          worker: first((worker) => worker.origin - at.origin),
          workerStart: first((worker) => shift(worker, worker.marks['rangeforge:worker-start'])),
          wasm,
          wasmReady,
          wasmReadyAll: last((worker) => shift(worker, worker.marks['rangeforge:wasm-ready'])),
          warm: at.marks['rangeforge:engine-warm'] ?? NaN,
          chart: cold.chart,
          board: cold.board,
          posted: cold.posted || NaN,
          equity: cold.equity,
          boardToEquity: cold.equity - cold.board,
          wasmStart: wasmReady - wasm,
        };
        return { phases, text: cold.text };
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const state = await page.evaluate(
      `JSON.stringify({ cold: window.__cold, status: document.querySelector('.equity-panel__status')?.textContent })`,
    );
    throw new Error(`no flop equity within 60 s: ${String(state)}`);
  } finally {
    await context.close();
  }
}

const samples = builds.map(
  () => Object.fromEntries(PHASES.map(({ key }) => [key, [] as number[]])) as Record<keyof Phases, number[]>,
);
try {
  for (let load = 0; load < LOADS; load += 1) {
    for (const [index, server] of servers.entries()) {
      const { phases: loaded, text } = await coldLoad(server.baseUrl);
      const phases: Phases = { ...loaded, ...(await engineStart(server.baseUrl, builds[index]!.dist)) };
      if (text !== expected) {
        throw new Error(`${builds[index]!.name}: the page showed ${text}, the engine says ${expected}`);
      }
      for (const { key } of PHASES) if (Number.isFinite(phases[key])) samples[index]![key].push(phases[key]);
    }
  }
} finally {
  await session.close();
  await Promise.all(servers.map((server) => server.stop()));
}

const fmt = (samplesMs: number[]) => {
  if (samplesMs.length === 0) return '—';
  const { median, min, max } = stats(samplesMs);
  return `${median.toFixed(0)} ms [${min.toFixed(0)}–${max.toFixed(0)}]`;
};
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
console.log(
  `\nCold load of /, phases in ms from navigation start (AA vs KK on K♥ 9♦ 4♣, ${expected}): ` +
    `${LOADS} loads${baselineDist ? ' of each build, alternating' : ''}, median [min–max] per phase over the loads; ` +
    `load average ${load()}\n`,
);
console.table(
  Object.fromEntries(
    PHASES.map(({ key, label }) => [
      label,
      Object.fromEntries(builds.map((build, index) => [build.name, fmt(samples[index]![key])])),
    ]),
  ),
);
const current = samples.at(-1)!;
const baseline = baselineDist ? samples[0]! : undefined;
const versus = (key: keyof Phases) => (baseline ? ` (baseline ${fmt(baseline[key])})` : '');
console.log(
  `A page that opens with ranges and a board in place and shows equity with no click: none exists. On load the ` +
    `range tool restores no chart (the library selection starts empty) and no board (the board is saved nowhere), ` +
    `and there is no share link or URL state for the tool; so only the scripted player's figure is measured.`,
);
console.log(
  `scripted player (chart ready → AA, villain, KK, K♥ 9♦ 4♣, one task apart): board complete → equity shown ` +
    `${fmt(current.boardToEquity)}${versus('boardToEquity')}`,
);
console.log(
  `cold load: navigation start → first postflop equity shown, scripted player, ${fmt(current.equity)}` +
    `${versus('equity')}: this figure is compared with the target of ${TARGET_MS} ms`,
);
