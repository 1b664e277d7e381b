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
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
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
  /** The equity figure of the flop appeared. */
  equity: number;
  text: string;
}

const BOARD = ['K♥', '9♦', '4♣'];

// In-page player and stopwatch (a string: this file is type-checked without the DOM library). Each action waits one
// task (setTimeout 0, about 1 ms) so React has rendered the previous one before the next event reads the state.
const playerScript = `
  const cold = { chart: 0, board: 0, equity: 0, text: '', acting: false };
  window.__cold = cold;
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
      button.click();
    }
    cold.board = performance.now();
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

async function coldLoad(baseUrl: string): Promise<Timings & { wasm: number }> {
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
    // The engine module is fetched by a worker, outside the page's resource timing: take its response end from
    // the browser's network events, on the same clock as navigation start.
    let wasmEnd = 0;
    context.on('requestfinished', (request) => {
      if (!/equity_wasm_bg-[^/]*\.wasm$/.test(request.url())) return;
      const timing = request.timing();
      wasmEnd = timing.startTime + timing.responseEnd;
    });
    await page.goto(`${baseUrl}/`);
    const origin = (await page.evaluate('performance.timeOrigin')) as number;
    // Polled from outside: waitForFunction would evaluate a string in the page, which the CSP forbids.
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const timings = (await page.evaluate('window.__cold')) as Timings | undefined;
      if (timings?.equity) return { ...timings, wasm: wasmEnd ? wasmEnd - origin : NaN };
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

const samples = builds.map(() => ({
  chart: [] as number[],
  board: [] as number[],
  wasm: [] as number[],
  equity: [] as number[],
}));
try {
  for (let load = 0; load < LOADS; load += 1) {
    for (const [index, server] of servers.entries()) {
      const timings = await coldLoad(server.baseUrl);
      if (timings.text !== expected) {
        throw new Error(
          `${builds[index]!.name}: the page showed ${timings.text}, the engine says ${expected}`,
        );
      }
      const into = samples[index]!;
      into.chart.push(timings.chart);
      into.board.push(timings.board);
      if (Number.isFinite(timings.wasm)) into.wasm.push(timings.wasm);
      into.equity.push(timings.equity);
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
console.log(
  `\nCold load, navigation start → first postflop equity shown (AA vs KK on K♥ 9♦ 4♣, ${expected}): ` +
    `${LOADS} loads${baselineDist ? ' of each build, alternating' : ''}, median [min–max]; load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}\n`,
);
const column = (pick: (into: (typeof samples)[number]) => number[]) =>
  Object.fromEntries(builds.map((build, index) => [build.name, fmt(pick(samples[index]!))]));
console.table({
  'chart ready (player acts)': column((into) => into.chart),
  'engine module received (worker)': column((into) => into.wasm),
  'board complete': column((into) => into.board),
  'first postflop equity shown': column((into) => into.equity),
});
const current = samples.at(-1)!;
console.log(
  `cold load: first postflop equity ${fmt(current.equity)}${
    baselineDist ? ` (baseline ${fmt(samples[0]!.equity)})` : ''
  } (target ${TARGET_MS} ms)`,
);
