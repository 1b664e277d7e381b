/**
 * `npm run bench:ui`: interaction latency of the range tool in a real browser against the real server. A hero range
 * of 124 combos and a villain range of 246 combos (disjoint classes of one chart) are imported, a flop is set, then
 * one villain cell is clicked on and off many times. Each sample is the time from the pointer press to the moment
 * the panel shows the new range equity, so it includes the paint, the settle pause, the worker jobs and rendering.
 */
import { HAND_CLASSES } from '../../contract/hands.ts';
import { startAppServer } from '../e2e/support/app-server.ts';
import { launchBrowser } from '../e2e/support/browser.ts';

const PAINTS = Number(process.env.BENCH_PAINTS ?? 40);
const HERO = '77+, ATs+, KJs+, QJs, AJo+, KQo';
const FLOP = ['K♥', '9♦', '4♣'];

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

// In-page instrumentation (a string: this file is type-checked without the DOM library).
const INSTRUMENT = `
  window.__paint = { t0: 0, t1: 0, before: '' };
  document.addEventListener('pointerdown', () => {
    const el = document.querySelector('[data-testid="range-equity"]');
    Object.assign(window.__paint, { t0: performance.now(), t1: 0, before: el ? el.textContent : '' });
  }, true);
  new MutationObserver(() => {
    const p = window.__paint;
    const el = document.querySelector('[data-testid="range-equity"]');
    if (!p.t0 || p.t1 || !el || document.querySelector('[data-testid="equity-progress"]')) return;
    if (el.textContent !== p.before) p.t1 = performance.now();
  }).observe(document, { subtree: true, childList: true, characterData: true });
`;

const heroCombos = [...heroClasses].reduce((sum, hand) => sum + combosOf(hand), 0);
const villain = villainClasses(246);
const server = await startAppServer();
const session = await launchBrowser();
const { page } = session;
try {
  await page.addInitScript({ content: INSTRUMENT });
  await page.goto(`${server.baseUrl}/`);
  const importInto = async (buttonIndex: number, text: string) => {
    await page.locator('.range-button__choose').nth(buttonIndex).click();
    await page.getByLabel(/PokerStove notation/).fill(text);
    await page.getByRole('button', { name: 'Import into current colour' }).click();
  };
  await page.getByRole('button', { name: 'Import / export' }).click();
  await importInto(0, HERO);
  await importInto(1, villain.join(', '));
  for (const card of FLOP) await page.locator('.card-picker__deck button', { hasText: card }).click();
  await page.getByTestId('range-equity').waitFor({ timeout: 60_000 });
  const shown = await page.getByTestId('equity-combos').textContent();

  // The toggled cell: the villain's last class, so the villain range alternates 246 / 246 - its combos.
  const toggled = villain.at(-1)!;
  const cell = page.locator(`.range-grid [data-hand="${toggled}"]`);
  const samples: number[] = [];
  for (let paint = 0; paint < PAINTS + 3; paint += 1) {
    await cell.click();
    const deadline = Date.now() + 30_000;
    let ms = 0;
    while (!ms && Date.now() < deadline) {
      ms = await page.evaluate('window.__paint.t1 ? window.__paint.t1 - window.__paint.t0 : 0');
      if (!ms) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    if (!ms) throw new Error('equity did not update within 30 s');
    if (paint >= 3) samples.push(ms); // the first paints warm the workers and the JIT
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  const fmt = (value: number) => `${value.toFixed(1)} ms`;
  console.log(
    `\nRange tool: paint → updated equity (flop ${FLOP.join(' ')}, hero ${heroCombos} vs villain 246 combos)`,
  );
  console.log(`combos shown after the flop (hero / villain): ${shown}; toggled cell: ${toggled}\n`);
  console.table({
    'paint → equity': {
      paints: samples.length,
      median: fmt(at(0.5)),
      p90: fmt(at(0.9)),
      min: fmt(samples[0]!),
      max: fmt(samples.at(-1)!),
    },
  });
} finally {
  await session.close();
  await server.stop();
}
