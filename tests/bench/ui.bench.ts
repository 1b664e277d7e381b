/**
 * `npm run bench:ui`: interaction latency of the range tool in a real browser against the real server, and the
 * engine alone on the same jobs, in one run. Two cases on the flop K♥9♦4♣: a hero range of 124 combos against a
 * villain range of 246 (disjoint classes of one chart), and random against random. In each case one cell is clicked
 * on and off; a UI sample is the time from the pointer press to the moment the panel shows the new figures (paint,
 * job, workers, rendering). An engine sample is the same equity job through an EngineClient with one worker in Node.
 * UI and engine samples alternate (A, B, A, B…) after 5 warm-up pairs; medians with min and max, no best-of.
 * `BENCH_CHROMIUM_ARGS` passes extra chromium switches (bench:input shows why one would turn input deferral off).
 */
import { availableParallelism, loadavg } from 'node:os';

import { HAND_CLASSES } from '../../contract/hands.ts';
import { createNodeEngineClient } from '../../src/engine/node/node-engine-client.ts';
import { startAppServer } from '../e2e/support/app-server.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { forgetWorkingState } from '../e2e/support/page-api.ts';
import { type Stats, stats } from './stats.ts';

const PAINTS = Number(process.env.BENCH_PAINTS ?? 30);
const WARM_UP = 5;
const HERO = '77+, ATs+, KJs+, QJs, AJo+, KQo';
const FLOP = ['K♥', '9♦', '4♣'];
const FLOP_TEXT = 'Kh9d4c';

const combosOf = (hand: string) => (hand.length === 2 ? 6 : hand.endsWith('s') ? 4 : 12);
const heroClasses = new Set([
  'AA',
  'KK',
  'QQ',
  'JJ',
  'TT',
  '99',
  '88',
  '77',
  'AKs',
  'AQs',
  'AJs',
  'ATs',
  'KQs',
  'KJs',
  'QJs',
  'AKo',
  'AQo',
  'AJo',
  'KQo',
]);

/** Villain classes outside the hero's, mostly in grid order, summing to exactly `target` combos. */
function villainClasses(target: number): string[] {
  const free = HAND_CLASSES.filter((hand) => !heroClasses.has(hand));
  const chosen: string[] = [];
  let total = 0;
  // Greedy while far from the target, then a small search for the exact remainder (classes hold 4, 6 or 12).
  while (target - total > 24) {
    const hand = free.shift()!;
    chosen.push(hand);
    total += combosOf(hand);
  }
  const finish = (rest: number, from: number, picked: string[]): string[] | null => {
    if (rest === 0) return picked;
    for (let index = from; index < free.length; index += 1) {
      const hand = free[index]!;
      if (combosOf(hand) > rest) continue;
      const found = finish(rest - combosOf(hand), index + 1, [...picked, hand]);
      if (found) return found;
    }
    return null;
  };
  const tail = finish(target - total, 0, []);
  if (!tail) throw new Error(`could not reach ${target} combos`);
  return [...chosen, ...tail];
}

// In-page instrumentation (a string: this file is type-checked without the DOM library). A paint is shown when the
// range equity or the combo counts change while no progress bar is up. The page itself reports the time through a
// promise the bench awaits: polling it from here ran a script on the page's main thread every 2 ms, which took
// time from the very rendering being measured.
const INSTRUMENT = `
  const shown = () => ['range-equity', 'equity-combos']
    .map((id) => document.querySelector('[data-testid="' + id + '"]')?.textContent ?? '').join('|');
  window.__paint = { t0: 0, t1: 0, before: '' };
  document.addEventListener('pointerdown', () => {
    Object.assign(window.__paint, { t0: performance.now(), t1: 0, before: shown() });
  }, true);
  new MutationObserver(() => {
    const p = window.__paint;
    if (!p.t0 || p.t1 || document.querySelector('[data-testid="equity-progress"]')) return;
    if (shown() !== p.before) {
      p.t1 = performance.now();
      window.__paintShown?.(p.t1 - p.t0);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
`;

interface Case {
  name: string;
  /** Prepares the page and returns the toggled cell and the two ranges the engine alternates between. */
  setup(): Promise<{ toggled: string; hero: [string, string]; villain: [string, string] }>;
}

const heroCombos = [...heroClasses].reduce((sum, hand) => sum + combosOf(hand), 0);
const villain = villainClasses(246);
const allClasses = HAND_CLASSES.join(', ');
const server = await startAppServer();
/** Extra chromium switches, e.g. `--disable-features=DeferRendererTasksAfterInput` (see bench:input). */
const CHROMIUM_ARGS = (process.env.BENCH_CHROMIUM_ARGS ?? '').split(' ').filter(Boolean);
const session = await launchBrowser({ args: CHROMIUM_ARGS });
const engine = createNodeEngineClient(1);
const { page } = session;

/** The range tool as a first visit shows it: the last case's working state (ranges, board) is forgotten first. */
async function freshPage() {
  if (page.url().startsWith(server.baseUrl)) await forgetWorkingState(page);
  await page.goto(`${server.baseUrl}/`);
  await page.getByRole('button', { name: 'Import / export' }).click();
}

async function importInto(buttonIndex: number, text: string) {
  await page.locator('.range-button__choose').nth(buttonIndex).click();
  await page.getByLabel(/PokerStove notation/).fill(text);
  await page.getByRole('button', { name: 'Import into current colour' }).click();
}

async function dealFlop() {
  for (const card of FLOP) await page.locator('.card-picker__deck button', { hasText: card }).click();
  await page.getByTestId('range-equity').waitFor({ timeout: 60_000 });
  // A board left from before would have been toggled off by these clicks, and the case timed preflop instead.
  const board = await page.locator('[data-testid="board-cards"] .card-chip').count();
  if (board !== FLOP.length) throw new Error(`the board has ${board} cards after dealing the flop`);
}

const cases: Case[] = [
  {
    name: `flop ${FLOP.join(' ')} ${heroCombos} vs 246 combos`,
    setup: async () => {
      await freshPage();
      await importInto(0, HERO);
      await importInto(1, villain.join(', '));
      await dealFlop();
      // The villain's last class is toggled, so the villain range alternates 246 / 246 - its combos.
      const toggled = villain.at(-1)!;
      const without = villain.slice(0, -1).join(', ');
      return { toggled, hero: [HERO, HERO], villain: [without, villain.join(', ')] };
    },
  },
  {
    name: `random vs random, flop ${FLOP.join(' ')}`,
    setup: async () => {
      await freshPage();
      await importInto(0, 'random');
      // Both sides read the first colour: hero and villain are the same full range.
      const chooser = (side: string) => page.locator(`.player[data-player="${side}"] .chip-toggle`);
      await chooser('villain-1').nth(0).click();
      await chooser('villain-1').nth(1).click();
      await dealFlop();
      const toggled = '72o';
      const without = HAND_CLASSES.filter((hand) => hand !== toggled).join(', ');
      return { toggled, hero: [without, allClasses], villain: [without, allClasses] };
    },
  },
];

async function paintOnce(cell: ReturnType<typeof page.locator>): Promise<number> {
  // Listening starts before the click: the page runs the evaluation before the click's input events.
  const shown = page.evaluate(
    'new Promise((resolve) => { window.__paintShown = resolve; })',
  ) as Promise<number>;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('equity did not update within 30 s')), 30_000);
  });
  try {
    await cell.click();
    return await Promise.race([shown, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const fmt = (value: number) => `${value.toFixed(1)} ms`;
const rows: Record<string, Record<string, string | number>> = {};
const summary: Array<{ ui: Stats; engine: Stats }> = [];
try {
  await page.addInitScript({ content: INSTRUMENT });
  await engine.warm();
  for (const benchCase of cases) {
    const { toggled, hero, villain: villainTexts } = await benchCase.setup();
    const cell = page.locator(`.range-grid [data-hand="${toggled}"]`);
    const ranges = await Promise.all(
      [0, 1].map(async (state) => ({
        hero: await engine.parseRange(hero[state]!),
        villain: await engine.parseRange(villainTexts[state]!),
      })),
    );
    const ui: number[] = [];
    const alone: number[] = [];
    for (let round = 0; round < WARM_UP + PAINTS; round += 1) {
      const paint = await paintOnce(cell);
      // After an odd number of clicks the cell is off (state 0), after an even number on (state 1).
      const job = ranges[round % 2 === 0 ? 0 : 1]!;
      const started = performance.now();
      await engine.equity({ hero: job.hero, villain: job.villain, board: FLOP_TEXT });
      const ms = performance.now() - started;
      if (round < WARM_UP) continue;
      ui.push(paint);
      alone.push(ms);
    }
    const [uiStats, engineStats] = [stats(ui), stats(alone)];
    summary.push({ ui: uiStats, engine: engineStats });
    for (const [label, value] of [
      ['paint → equity shown', uiStats],
      ['engine alone (1 worker)', engineStats],
    ] as const) {
      rows[`${benchCase.name}: ${label}`] = {
        samples: ui.length,
        median: fmt(value.median),
        min: fmt(value.min),
        max: fmt(value.max),
      };
    }
  }
} finally {
  engine.terminate();
  await session.close();
  await server.stop();
}

console.log(
  `\nRange tool: paint → equity shown, and the engine alone on the same job (${PAINTS} alternating pairs; load ` +
    `average ${loadavg()
      .map((load) => load.toFixed(1))
      .join(
        ' ',
      )} on ${availableParallelism()} cores${CHROMIUM_ARGS.length ? `; chromium ${CHROMIUM_ARGS.join(' ')}` : ''})\n`,
);
console.table(rows);
const [flop, random] = summary as [{ ui: Stats; engine: Stats }, { ui: Stats; engine: Stats }];
const ratio = (pair: { ui: Stats; engine: Stats }) => (pair.ui.median / pair.engine.median).toFixed(2);
console.log(
  `ui: flop median ${flop.ui.median.toFixed(1)} ms, engine ${flop.engine.median.toFixed(2)} ms, ratio ${ratio(flop)}; ` +
    `random vs random median ${random.ui.median.toFixed(1)} ms, engine ${random.engine.median.toFixed(2)} ms, ratio ${ratio(random)}`,
);
