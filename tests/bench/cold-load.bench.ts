/**
 * `npm run bench:cold`: navigation start → the first postflop equity shown, after a cold page load, for two players.
 *
 * What runs: `npm start`'s production build (the same build steps: wasm engine, SPA with its brotli and gzip
 * siblings, the server compiled to build/server) and its server (`node build/server/server/server.js` on a
 * throwaway SQLite database), opened in Debian's chromium through playwright-core. Every load is a new browser
 * context: empty HTTP cache, empty Cache Storage, no service worker, no compiled wasm kept.
 *
 * The scripted player (a first visit): a script in the page acts the instant the chart is ready: it picks hero AA,
 * villain KK and the board K♥ 9♦ 4♣ (one task between actions so React renders each), so the figure is what a player
 * who acts at once waits for: page, engine module start, the clicks, and the flop job. The preflop equity the two
 * ranges ask for before the board is complete is superseded by the flop and must not delay it.
 *
 * The returning player: the same page opened again with what the scripted player's visit left in localStorage (the
 * app's working state: those ranges and that board), caches still cold, and nobody acting: the figure is navigation
 * start → the flop's equity shown with no click (any click or key press fails the run). A build that keeps no working
 * state (an older baseline) has no returning figure.
 *
 * The floor: in the same rounds, a bare page on a server of its own that does nothing but start one engine worker,
 * load the same wasm, compute the same flop from the returning player's working state and write the figure
 * (cold-load-support.ts, writeFloorSite). No page of any app shows the figure sooner on this machine and browser, so
 * the app's figure and the target are read against it, as bench:engine reads the pool against two bare threads.
 *
 * Every figure shown is checked against the engine's own answer. Medians with [min–max] over COLD_LOADS loads
 * (default 7), no best-of; the phases before the figure (chart ready, board complete, engine module received) are
 * printed beside it.
 *
 * Before/after: COLD_BASELINE_DIST=<a dist/ folder of another build> serves that folder from a second server of the
 * same build and alternates loads between the two (baseline, current, baseline…), so load on the machine falls on
 * both alike; a column per build and player.
 *
 * BENCH_CHROMIUM_ARGS passes extra chromium switches. `--disable-features=WebUIOmniboxPopup` keeps chromium from
 * starting its own omnibox popup (a WebUI renderer that loads about 400 chrome:// modules) in every new context, in
 * the middle of the load being timed: a player's browser has long started it.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { loadEquityWasm } from '../../src/engine/node/load-wasm.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import {
  ENGINE_WASM_ASSET,
  floorScript,
  pageScript,
  playerScript,
  returningScript,
  startProbe,
  startProductionServer,
  storedStateScript,
  workerScript,
  WORKING_STATE_KEY,
  writeFloorSite,
} from './cold-load-support.ts';
import { stats } from './stats.ts';

const LOADS = Number(process.env.COLD_LOADS ?? 7);
const TARGET_MS = 150;
const root = fileURLToPath(new URL('../../', import.meta.url));

interface Timings {
  /** Chart rendered and editable (the scripted player acts now). */
  chart: number;
  /** The last board card was picked (scripted player only). */
  board: number;
  /** The flop's equity job posted to an engine worker. */
  posted: number;
  /** Its answer back on the page's main thread (before the page renders it). */
  answered: number;
  /** The equity figure of the flop appeared. */
  equity: number;
  text: string;
  /** Clicks and key presses the returning player's page received. */
  inputs?: number;
}

const BOARD = ['K♥', '9♦', '4♣'];

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

const expected = await expectedFigure();
const baselineDist = process.env.COLD_BASELINE_DIST;
const builds = [
  ...(baselineDist ? [{ name: 'baseline', dist: baselineDist }] : []),
  { name: baselineDist ? 'current' : 'Values', dist: join(root, 'dist') },
];
const servers = await Promise.all(builds.map((build) => startProductionServer(root, steps, build.dist)));
const floorSite = writeFloorSite(
  join(root, 'dist'),
  join(root, 'crates', 'equity-wasm', 'pkg'),
  steps.precompress,
);
const floorServer = await startProductionServer(root, steps, floorSite);
const session = await launchBrowser({
  args: (process.env.BENCH_CHROMIUM_ARGS ?? '').split(' ').filter(Boolean),
});

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
  { key: 'chart', label: 'chart ready (the scripted player acts)' },
  { key: 'board', label: 'board complete' },
  { key: 'posted', label: 'flop job posted to a worker' },
  { key: 'answered', label: "flop job's answer back on the main thread" },
  { key: 'equity', label: 'first postflop equity shown' },
  { key: 'boardToEquity', label: 'board complete → equity shown (interval)' },
  { key: 'chartToEquity', label: 'chart ready → equity shown (interval)' },
  { key: 'postedToAnswered', label: 'job posted → answer back (interval: delivery, engine, reply)' },
  { key: 'answeredToEquity', label: 'answer back → equity shown (interval: the page renders it)' },
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

async function engineStart(
  baseUrl: string,
  dist: string,
): Promise<{ compile: number; instantiate: number; tables: number }> {
  const wasmFile = readdirSync(join(dist, 'assets')).find((file) => ENGINE_WASM_ASSET.test(file));
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

type LoadPhases = Omit<Phases, 'compile' | 'instantiate' | 'tables'>;

/**
 * One cold load of /. `stored`: the returning player, with that working state in localStorage before the page
 * starts; without it, the scripted player, whose load also returns the working state its visit left ('' for none).
 */
async function coldLoad(
  baseUrl: string,
  stored?: string,
): Promise<{ phases: LoadPhases; text: string; left: string }> {
  const context = await session.browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
    // A service worker from an earlier load could not survive the new context anyway; blocking it keeps its
    // precache downloads from competing with the page's own requests on this first visit.
    serviceWorkers: 'block',
    ...(stored === undefined
      ? {}
      : {
          storageState: {
            cookies: [],
            origins: [{ origin: baseUrl, localStorage: [{ name: WORKING_STATE_KEY, value: stored }] }],
          },
        }),
  });
  try {
    await context.addInitScript({ content: stored === undefined ? playerScript(BOARD) : returningScript });
    const page = await context.newPage();
    const workers: { evaluate(script: string): Promise<unknown> }[] = [];
    page.on('worker', (worker) => workers.push(worker));
    await page.goto(`${baseUrl}/`);
    // The page's own script says when the figure is up (window.__coldShown): polling from here ran a script on the
    // page's main thread every 20 ms during the very load being timed.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const shown = await Promise.race([
      page.evaluate('window.__coldShown').then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), 60_000))),
    ]);
    clearTimeout(timer);
    if (!shown) {
      const state = await page.evaluate(
        `JSON.stringify({ cold: window.__cold, status: document.querySelector('.equity-panel__status')?.textContent })`,
      );
      throw new Error(`no flop equity within 60 s: ${String(state)}`);
    }
    const cold = (await page.evaluate('window.__cold')) as Timings;
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
      chart: cold.chart || NaN,
      board: cold.board || NaN,
      posted: cold.posted || NaN,
      answered: cold.answered || NaN,
      equity: cold.equity,
      boardToEquity: cold.board ? cold.equity - cold.board : NaN,
      chartToEquity: cold.chart ? cold.equity - cold.chart : NaN,
      postedToAnswered: cold.posted && cold.answered ? cold.answered - cold.posted : NaN,
      answeredToEquity: cold.answered ? cold.equity - cold.answered : NaN,
      wasmStart: wasmReady - wasm,
    };
    if (cold.inputs) throw new Error(`the returning player's page received ${cold.inputs} clicks or keys`);
    // The app writes its working state shortly after the last change: wait for it (an older build writes none).
    let left = '';
    for (let wait = Date.now() + 3000; stored === undefined && !left && Date.now() < wait;) {
      left = (await page.evaluate(storedStateScript)) as string;
      if (!left) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { phases, text: cold.text, left };
  } finally {
    await context.close();
  }
}

/** One cold load of the floor page with the returning player's working state: navigation start → figure shown. */
async function floorLoad(stored: string): Promise<{ equity: number; text: string }> {
  const context = await session.browser.newContext({
    serviceWorkers: 'block',
    storageState: {
      cookies: [],
      origins: [{ origin: floorServer.baseUrl, localStorage: [{ name: WORKING_STATE_KEY, value: stored }] }],
    },
  });
  try {
    await context.addInitScript({ content: floorScript });
    const page = await context.newPage();
    await page.goto(`${floorServer.baseUrl}/`);
    return (await page.evaluate('window.__coldShown')) as { equity: number; text: string };
  } finally {
    await context.close();
  }
}

const VISITS = ['scripted', 'returning'] as const;
const emptySamples = () =>
  Object.fromEntries(PHASES.map(({ key }) => [key, [] as number[]])) as Record<keyof Phases, number[]>;
const samples = builds.map(() => ({ scripted: emptySamples(), returning: emptySamples() }));
const floor: number[] = [];
try {
  for (let load = 0; load < LOADS; load += 1) {
    let left = '';
    for (const [index, server] of servers.entries()) {
      const name = builds[index]!.name;
      const scripted = await coldLoad(server.baseUrl);
      const start = await engineStart(server.baseUrl, builds[index]!.dist);
      const visits: Array<{ visit: (typeof VISITS)[number]; phases: LoadPhases; text: string }> = [
        { visit: 'scripted', ...scripted },
      ];
      if (scripted.left)
        visits.push({ visit: 'returning' as const, ...(await coldLoad(server.baseUrl, scripted.left)) });
      left ||= scripted.left;
      for (const { visit, phases: loaded, text } of visits) {
        if (text !== expected)
          throw new Error(`${name}, ${visit}: the page showed ${text}, the engine says ${expected}`);
        const phases: Phases = { ...loaded, ...start };
        for (const { key } of PHASES)
          if (Number.isFinite(phases[key])) samples[index]![visit][key].push(phases[key]);
      }
    }
    if (left) {
      const shown = await floorLoad(left);
      if (shown.text !== expected)
        throw new Error(`floor: the page showed ${shown.text}, the engine says ${expected}`);
      floor.push(shown.equity);
    }
  }
} finally {
  await session.close();
  await Promise.all([...servers, floorServer].map((server) => server.stop()));
  rmSync(floorSite, { recursive: true, force: true });
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
    `${LOADS} loads${baselineDist ? ' of each build, alternating' : ''} per player, median [min–max] per phase over ` +
    `the loads; load average ${load()}\n`,
);
const columns = builds.flatMap((build, index) =>
  VISITS.map((visit) => ({
    name: `${build.name === 'Values' ? '' : `${build.name}, `}${visit}`,
    samples: samples[index]![visit],
  })),
);
console.table(
  Object.fromEntries(
    PHASES.map(({ key, label }) => [
      label,
      Object.fromEntries(columns.map((column) => [column.name, fmt(column.samples[key])])),
    ]),
  ),
);
const current = samples.at(-1)!;
const baseline = baselineDist ? samples[0]! : undefined;
const versus = (visit: (typeof VISITS)[number], key: keyof Phases) =>
  baseline ? ` (baseline ${fmt(baseline[visit][key])})` : '';
console.log(
  `scripted player, a first visit (chart ready → AA, villain, KK, K♥ 9♦ 4♣, one task apart): board complete → ` +
    `equity shown ${fmt(current.scripted.boardToEquity)}${versus('scripted', 'boardToEquity')}; navigation start → ` +
    `equity shown ${fmt(current.scripted.equity)}${versus('scripted', 'equity')}`,
);
const returning = current.returning.equity.length > 0;
console.log(
  returning
    ? `returning player (the working state its last visit left in localStorage, caches cold, no click): ` +
        `navigation start → equity shown ${fmt(current.returning.equity)}${versus('returning', 'equity')}`
    : `returning player: this build keeps no working state, so no page opens with ranges and a board in place`,
);
if (floor.length > 0) {
  console.log(
    `floor (a bare page: one engine worker, the same wasm, the same flop from the returning player's working state, ` +
      `the figure written; nothing else): navigation start → equity shown ${fmt(floor)}`,
  );
}
const headline = returning ? current.returning : current.scripted;
console.log(
  `cold load: navigation start → first postflop equity shown, ${returning ? 'returning' : 'scripted'} player, ` +
    `${fmt(headline.equity)}${versus(returning ? 'returning' : 'scripted', 'equity')}: this figure is compared with ` +
    `the target of ${TARGET_MS} ms${floor.length > 0 ? ` (this machine's floor: ${fmt(floor)})` : ''}`,
);
