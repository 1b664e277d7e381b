/**
 * `npm run bench:cold`: the first equity after a cold page load, in Debian's chromium against the real server serving
 * the production build (precompressed assets). Every load is a new browser context: empty HTTP cache, empty Cache
 * Storage, no compiled wasm kept. The time runs from navigation start (performance.timeOrigin) to the moment the
 * equity figure appears. The player's first action is made by a script in the page the instant the chart is
 * ready (hero AA, villain KK, and for the flop case the board K♥ 9♦ 4♣), so the figure is what a player who acts at
 * once would wait: page, engine start and, for preflop, the preflop table. Two cases alternate (A, B, A, B…): preflop
 * (needs the table) and flop (does not); medians with min and max over COLD_LOADS loads of each, no best-of.
 */
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { startAppServer } from '../e2e/support/app-server.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { type Stats, stats } from './stats.ts';

const LOADS = Number(process.env.COLD_LOADS ?? 7);
const TARGET_MS = 150;
const root = fileURLToPath(new URL('../../', import.meta.url));

interface Timings {
  /** Chart rendered and editable (the scripted player acts now). */
  chart: number;
  /** The preflop table's response end on the main thread, 0 when it had not arrived. */
  table: number;
  /** The equity figure appeared. */
  equity: number;
  text: string;
}

// In-page player and stopwatch (a string: this file is type-checked without the DOM library). Each action waits one
// task (setTimeout 0, about 1 ms) so React has rendered the previous one before the next event reads the state.
const playerScript = (board: string[]) => `
  const cold = { chart: 0, table: 0, equity: 0, text: '', acting: false };
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
    for (const card of ${JSON.stringify(board)}) {
      await tick();
      const button = [...document.querySelectorAll('.card-picker__deck button')].find((b) => b.textContent === card);
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
    if (cold.acting && !cold.equity && figure && figure.textContent) {
      cold.equity = performance.now();
      cold.text = figure.textContent;
      const table = performance.getEntriesByType('resource').find((entry) => /preflop-[^/]*\\.bin$/.test(entry.name));
      cold.table = table ? table.responseEnd : 0;
    }
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
`;

const cases = [
  { name: 'preflop AA vs KK (needs the table)', board: [] as string[], expect: '81.95%' },
  { name: 'flop K♥ 9♦ 4♣ AA vs KK', board: ['K♥', '9♦', '4♣'], expect: null },
];

// Production serving: brotli and gzip siblings beside every asset, as `npm run build` writes them.
const steps = (await import(pathToFileURL(join(root, 'scripts', 'lib', 'build-steps.mjs')).href)) as {
  precompress(dir: string): number;
};
steps.precompress(join(root, 'dist'));
const server = await startAppServer();
const session = await launchBrowser();

async function coldLoad(board: string[]): Promise<Timings> {
  const context = await session.browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
  });
  try {
    await context.addInitScript({ content: playerScript(board) });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/`);
    // Polled from outside: waitForFunction would evaluate a string in the page, which the CSP forbids.
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const timings = (await page.evaluate('window.__cold')) as Timings | undefined;
      if (timings?.equity) return timings;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const state = await page.evaluate(
      `JSON.stringify({ cold: window.__cold, aa: document.querySelector('[data-hand="AA"]')?.dataset.weight, kk: document.querySelector('[data-hand="KK"]')?.dataset.weight, status: document.querySelector('.equity-panel__status')?.textContent })`,
    );
    throw new Error(`no equity within 60 s: ${String(state)}`);
  } finally {
    await context.close();
  }
}

const samples = cases.map(() => ({ chart: [] as number[], table: [] as number[], equity: [] as number[] }));
try {
  for (let round = 0; round < LOADS; round += 1) {
    for (const [index, benchCase] of cases.entries()) {
      const timings = await coldLoad(benchCase.board);
      if (benchCase.expect && timings.text !== benchCase.expect) {
        throw new Error(`${benchCase.name}: showed ${timings.text}, expected ${benchCase.expect}`);
      }
      const into = samples[index]!;
      into.chart.push(timings.chart);
      into.equity.push(timings.equity);
      if (timings.table) into.table.push(timings.table);
    }
  }
} finally {
  await session.close();
  await server.stop();
}

const fmt = (value: Stats) =>
  `${value.median.toFixed(0)} ms [${value.min.toFixed(0)}–${value.max.toFixed(0)}]`;
const rows: Record<string, Record<string, string>> = {};
for (const [index, benchCase] of cases.entries()) {
  const into = samples[index]!;
  rows[benchCase.name] = {
    'chart ready': fmt(stats(into.chart)),
    'table arrived': into.table.length ? fmt(stats(into.table)) : '—',
    'first equity shown': fmt(stats(into.equity)),
  };
}
console.log(
  `\nFirst equity after a cold page load: navigation start → figure shown, ${LOADS} cold loads each\n`,
);
console.table(rows);
const [preflop, flop] = samples.map((into) => stats(into.equity)) as [Stats, Stats];
console.log(
  `cold load: preflop first equity ${fmt(preflop)}, flop first equity ${fmt(flop)} (median [min–max], target ${TARGET_MS} ms)`,
);
