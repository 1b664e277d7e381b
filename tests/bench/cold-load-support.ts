// bench:cold's parts that do not decide what is measured: the production server it loads the page from, and the
// scripts it runs in the page and in the engine workers (strings: this file is type-checked without the DOM library).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { freePort, stopServer, waitForHealth } from '../e2e/support/app-server.ts';

/** Where the app keeps the working state of a player who is not signed in, on the cash page (use-working-state.ts). */
export const WORKING_STATE_KEY = 'rangeforge.workingState.preflop_root.anonymous';

/**
 * Worker.prototype.postMessage wrapped to time the flop's equity job: the first heads-up equity call (a Comlink
 * message whose path names it) once the expression `counts` holds, and the moment its answer (the message with its id) is
 * back on the page's main thread, before the page renders it: on the worker's port or on a BroadcastChannel, which the
 * engine's workers answer on as well (answer-channel.ts), whichever comes first.
 */
const watchEquityJob = (counts: string) => `
  const EQUITY_CALLS = ['equityReportPacked', 'equityReport', 'shardRun'];
  const answerChannels = [];
  const NativeChannel = BroadcastChannel;
  window.BroadcastChannel = class extends NativeChannel {
    constructor(name) {
      super(name);
      answerChannels.push(this);
    }
  };
  // A worker's own postMessage, or a port's when the engine talks to its workers through channels.
  for (const target of [Worker.prototype, MessagePort.prototype]) {
    const post = target.postMessage;
    target.postMessage = function (...args) {
      const message = args[0];
      const call = message && message.path ? message.path[0] : '';
      if (!cold.posted && EQUITY_CALLS.includes(call) && ${counts}) {
        cold.posted = performance.now();
        const routes = [this, ...answerChannels];
        const answer = (event) => {
          if (!event.data || event.data.id !== message.id) return;
          cold.answered = performance.now();
          for (const route of routes) route.removeEventListener('message', answer, true);
        };
        // A capture listener runs before the engine client's own (added earlier, without capture), so the answer is
        // timed before the page renders it.
        for (const route of routes) route.addEventListener('message', answer, true);
      }
      return post.apply(this, args);
    };
  }
`;

/**
 * In-page player and stopwatch. Each action waits one task (setTimeout 0, about 1 ms) so React has rendered the
 * previous one before the next event reads the state. The flop's job is the first equity job after the board is
 * complete (the preflop job of AA against KK comes before it).
 */
export const playerScript = (board: readonly string[]) => `
  const cold = { chart: 0, board: 0, posted: 0, answered: 0, equity: 0, text: '', acting: false };
  window.__cold = cold;
  let shown;
  window.__coldShown = new Promise((resolve) => (shown = resolve));
  ${watchEquityJob('cold.board > 0')}
  const press = (element) => element.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  const cell = (hand) => document.querySelector('.range-grid [data-hand="' + hand + '"]');
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  async function act() {
    press(cell('AA'));
    await tick();
    document.querySelectorAll('.range-button__choose')[1].click();
    await tick();
    press(cell('KK'));
    for (const card of ${JSON.stringify(board)}) {
      await tick();
      const button = [...document.querySelectorAll('.card-picker__deck button')].find((b) => b.textContent === card);
      // The board counts as complete once the last card's click has been handled.
      if (card === ${JSON.stringify(board.at(-1))}) cold.board = performance.now();
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
      shown();
    }
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
`;

/**
 * The returning player's stopwatch: nobody acts. The first equity figure the page shows is timed (the board of the
 * previous visit is in place, so it is the flop's), with the chart's first appearance and the flop's equity job (posted
 * to an engine worker, answer back); any click or key press the page receives is counted (there must be none).
 */
export const returningScript = `
  const cold = { chart: 0, board: 0, posted: 0, answered: 0, equity: 0, text: '', inputs: 0 };
  window.__cold = cold;
  let shown;
  window.__coldShown = new Promise((resolve) => (shown = resolve));
  // The restored state holds a complete flop, so the first equity job is the flop's.
  ${watchEquityJob('true')}
  for (const type of ['pointerdown', 'click', 'keydown']) addEventListener(type, () => (cold.inputs += 1), true);
  new MutationObserver(() => {
    if (!cold.chart && document.querySelector('.range-grid[aria-busy="false"] [data-hand="KK"]')) {
      cold.chart = performance.now();
    }
    const figure = document.querySelector('[data-testid="range-equity"]');
    if (!cold.equity && figure && figure.textContent) {
      cold.equity = performance.now();
      cold.text = figure.textContent;
      shown();
    }
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
`;

/** The working state the app wrote in this page, once it holds a complete flop (written 300 ms after the edit). */
export const storedStateScript = `(() => {
  const text = localStorage.getItem(${JSON.stringify(WORKING_STATE_KEY)});
  try {
    return text && JSON.parse(text).board.length === 3 ? text : '';
  } catch {
    return '';
  }
})()`;

// Read in the page once the figure is shown: the HTML and the app's JavaScript from resource timing (every script
// requested before the app ran: entry, app bundle and their chunks; the lazy service worker client aside), the marks.
export const pageScript = `(() => {
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

/** The engine module the app's workers start in Chromium (simd128 validates there): its asset in dist/assets. */
export const ENGINE_WASM_ASSET = /^equity_wasm_simd_bg-.*\.wasm$/;

// Read in each engine worker: its time origin (the worker's creation), its marks and the wasm's resource timing
// (either build's module, whichever the worker fetched).
export const workerScript = `JSON.stringify({
  origin: performance.timeOrigin,
  marks: Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime])),
  wasm: performance.getEntriesByType('resource').find((e) => /equity_wasm(?:_simd)?_bg-[^/]*\\.wasm$/.test(e.name))?.responseEnd ?? 0,
})`;

// The engine's start alone, in a fresh browser context (a new renderer, so no compiled code is shared): compile the
// wasm, instantiate it without the glue (every import a no-op; the start function calls none that matter) and run its
// start function, which builds the evaluator's lookup tables. Run in a page of the app's origin showing no app code.
export const startProbe = (wasmUrl: string) => `(async () => {
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

/** `npm start`'s server (the compiled entry, migrated and seeded) on a free port and a throwaway database. */
export async function startProductionServer(
  root: string,
  entries: { serverEntry: string; dbCliEntry: string },
  staticDir: string,
): Promise<{ baseUrl: string; stop(): Promise<void> }> {
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
    const result = spawnSync(process.execPath, [entries.dbCliEntry, command], {
      cwd: root,
      env,
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`db ${command} failed:\n${result.stdout}${result.stderr}`);
  }
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [entries.serverEntry], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  await waitForHealth(baseUrl, child, () => log);
  return { baseUrl, stop: () => stopServer(child, dataDir) };
}

/**
 * The floor: a page that does nothing but what the first equity needs, to read the app's figure against. Its one
 * module script reads the returning player's working state and starts one module worker; the worker imports the
 * engine's wasm-bindgen glue, starts the app's own wasm file (the same bytes, served by the same server with the same
 * compression), computes the flop job and posts the figure, which the page writes. No React, router, translations,
 * styles, app bundle or second worker: whatever this page needs on this machine and browser, any page does.
 * Written into a new folder (with the production build's brotli and gzip siblings) for a server of its own.
 */
export function writeFloorSite(dist: string, pkgDir: string, precompress: (dir: string) => number): string {
  const site = mkdtempSync(join(tmpdir(), 'rangeforge-floor-'));
  const wasm = readdirSync(join(dist, 'assets')).find((file) => ENGINE_WASM_ASSET.test(file));
  if (!wasm) throw new Error(`no engine wasm in ${dist}/assets`);
  copyFileSync(join(dist, 'assets', wasm), join(site, 'engine.wasm'));
  copyFileSync(join(pkgDir, 'equity_wasm.js'), join(site, 'equity_wasm.js'));
  writeFileSync(
    join(site, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>floor</title>' +
      '<script type="module" src="/floor.js"></script></head><body><output data-testid="range-equity"></output></body></html>',
  );
  writeFileSync(
    join(site, 'floor.js'),
    `const state = JSON.parse(localStorage.getItem(${JSON.stringify(WORKING_STATE_KEY)}) ?? 'null');
const worker = new Worker('/floor-worker.js', { type: 'module' });
worker.onmessage = ({ data }) => {
  document.querySelector('[data-testid="range-equity"]').textContent = data;
};
worker.postMessage({ board: state ? state.board.join('') : 'Kh9d4c' });
`,
  );
  writeFileSync(
    join(site, 'floor-worker.js'),
    `import init, { equityTally, finishEquity, parseRange } from '/equity_wasm.js';
const ready = init({ module_or_path: '/engine.wasm' });
self.onmessage = async ({ data }) => {
  await ready;
  const report = finishEquity(equityTally(parseRange('AA'), parseRange('KK'), data.board, '', 0, 1), 0.02);
  self.postMessage((report.hero.equity * 100).toFixed(2) + '%');
};
`,
  );
  precompress(site);
  return site;
}

/** The floor page's stopwatch: the moment its figure appears (a returning player's, as `returningScript` times it). */
export const floorScript = `
  window.__coldShown = new Promise((resolve) => new MutationObserver(() => {
    const figure = document.querySelector('[data-testid="range-equity"]');
    if (figure && figure.textContent) resolve({ equity: performance.now(), text: figure.textContent });
  }).observe(document, { subtree: true, childList: true, characterData: true }));
`;
