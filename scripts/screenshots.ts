/// <reference lib="dom" />
// `npm run screenshots`: the product as a player sees it, for the README. Builds the SPA, starts the real server on
// a freshly migrated and seeded SQLite in a throwaway folder (as the browser suite does), signs in as the demo
// player in Debian's chromium and saves the range tool, store, product page, payment window, profile and the push/fold
// solver at 375, 990 and 1440 px into docs/screenshots/. Run it after a visual change and commit the pictures.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';

import { startAppServer } from '../tests/e2e/support/app-server.ts';
import { launchBrowser, SCREENSHOT_WIDTHS } from '../tests/e2e/support/browser.ts';
import { PUSH_FOLD_SHOTS } from './screenshots-push-fold.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const outDir = join(root, 'docs', 'screenshots');

export interface Shot {
  name: string;
  /** Brings the page to the state worth showing; resolves when it has rendered. */
  prepare(page: Page, baseUrl: string): Promise<void>;
  /** A modal covers the viewport, not the page: the window alone is the picture. */
  viewportOnly?: boolean;
  /** The widths this shot is taken at (default: every checked width). */
  widths?: readonly number[];
  /** Undoes what prepare changed (the connection, a pending conflict) once the picture is taken. */
  after?(page: Page): Promise<void>;
  /** Only this part of the page (a CSS selector). */
  element?: string;
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // Fonts loaded and transitions over, so every width shows the finished look.
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** Below 990 px the range tool shows one part at a time: brings the part named to the screen (a no-op when wide). */
async function showPart(page: Page, part: 'Chart' | 'Equity' | 'Library'): Promise<void> {
  const tab = page.getByRole('tab', { name: part });
  if (await tab.isVisible()) await tab.click();
}

/** Opens a range from the library (its tab first, on a narrow screen); the tool then shows the range's chart. */
async function openFromLibrary(page: Page, name: Locator): Promise<void> {
  await showPart(page, 'Library');
  await name.click();
}

interface TreeNode {
  id: number;
  name: string;
  kind: string;
  children: TreeNode[];
}
const MULTIWAY_CHART = 'BTN vs CO, 4-way';

/** Creates, once, the demo player's chart the multiway shot shows (the seed has no multiway workspace). */
async function ensureMultiwayChart(baseUrl: string, token: string): Promise<void> {
  const call = async (path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { data: unknown }).data;
  };
  const tree = (await call('/api/v1/categories/tree?root_type=preflop_root')) as { children: TreeNode[] };
  const all = (nodes: TreeNode[]): TreeNode[] => nodes.flatMap((node) => [node, ...all(node.children)]);
  const nodes = all(tree.children);
  if (nodes.some((node) => node.name === MULTIWAY_CHART)) return;
  const open = nodes.find((node) => node.kind === 'range' && node.name.startsWith('CO open'));
  if (!open) throw new Error('the seed has no CO open chart');
  const opener = (await call(`/api/v1/categories/${open.id}`)) as { buttons: Array<{ color: string }> };
  const [raise, flat] = ['#1847BE', '#C0392B'];
  const layer = (hands: string[], color: string) =>
    hands.map((hand) => ({ hand, colors: [{ color, weight: 100 }] }));
  await call('/api/v1/categories', {
    name: MULTIWAY_CHART,
    kind: 'range',
    root_type: 'preflop_root',
    buttons: [
      { color: raise, label: '3-bet' },
      { color: flat, label: 'Call' },
    ],
    pairs: [
      ...layer(['AA', 'KK', 'QQ', 'AKs', 'AKo', 'A5s'], raise),
      ...layer(['JJ', 'TT', '99', '88', 'AQs', 'AJs', 'KQs', 'KJs', 'QJs', 'JTs', 'T9s', 'AQo'], flat),
    ],
    sides: { hero: [raise], villain: [flat] },
    workspace: {
      villains: [
        { text: '22+, A2s+, KTs+, QTs+, JTs, ATo+, KJo+' },
        { category_id: open.id, colors: [opener.buttons[0]!.color] },
      ],
      dead: ['2c'],
    },
  });
}

const DIFF_CHART = 'CO open, adjusted';

/**
 * Creates, once, the copy of the demo's CO open that the diff shot compares with it: small pairs dropped, wheel aces
 * at half weight, two suited connectors moved to a call colour and two suited kings added, so every kind of change
 * shows. Returns the ids of CO open and of the copy.
 */
async function ensureDiffCharts(baseUrl: string, token: string): Promise<[number, number]> {
  const call = async (path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { data: unknown }).data;
  };
  const tree = (await call('/api/v1/categories/tree?root_type=preflop_root')) as { children: TreeNode[] };
  const all = (nodes: TreeNode[]): TreeNode[] => nodes.flatMap((node) => [node, ...all(node.children)]);
  const open = all(tree.children).find((node) => node.kind === 'range' && node.name.startsWith('CO open'));
  if (!open) throw new Error('the seed has no CO open chart');
  const existing = all(tree.children).find((node) => node.name === DIFF_CHART);
  if (existing) return [open.id, existing.id];
  const opener = (await call(`/api/v1/categories/${open.id}`)) as {
    buttons: Array<{ color: string; label: string }>;
  };
  const pairs = (await call(`/api/v1/categories/range?category_id=${open.id}`)) as Array<{
    hand: string;
    colors: Array<{ color: string; weight: number }>;
  }>;
  const raise = opener.buttons[0]!.color;
  const flat = '#2E9E5B';
  const adjusted = pairs
    .filter((pair) => pair.colors.length > 0 && !['22', '33', '44'].includes(pair.hand))
    .map((pair) =>
      ['A2s', 'A3s', 'A4s', 'A5s'].includes(pair.hand)
        ? { hand: pair.hand, colors: [{ color: raise, weight: 50 }] }
        : ['98s', '87s'].includes(pair.hand)
          ? { hand: pair.hand, colors: [{ color: flat, weight: 100 }] }
          : pair,
    )
    .concat(['K5s', 'K4s'].map((hand) => ({ hand, colors: [{ color: raise, weight: 100 }] })));
  const created = (await call('/api/v1/categories', {
    name: DIFF_CHART,
    kind: 'range',
    root_type: 'preflop_root',
    buttons: [...opener.buttons.slice(0, 1), { color: flat, label: 'Call' }],
    pairs: adjusted,
  })) as { id: number };
  return [open.id, created.id];
}

const SHOTS: Shot[] = [
  {
    name: 'range-tool',
    async prepare(page, baseUrl) {
      await page.goto(`${baseUrl}/`);
      await openFromLibrary(page, page.locator('.library-node__name', { hasText: 'CO open' }).first());
      await page.locator('[data-hand="AA"][data-weight="100"]').waitFor();
    },
  },
  {
    // One class of CO open up close (a long press on a phone, a right click here): its colours, weights and combos.
    name: 'cell-inspector',
    widths: [375, 1440],
    viewportOnly: true,
    async prepare(page, baseUrl) {
      await page.goto(`${baseUrl}/`);
      await openFromLibrary(page, page.locator('.library-node__name', { hasText: 'CO open' }).first());
      await page.locator('[data-hand="AA"][data-weight="100"]').waitFor();
      await page.locator('.range-grid [data-hand="A5s"]').click({ button: 'right' });
      await page.getByTestId('cell-inspector').waitFor();
    },
    async after(page) {
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    },
  },
  {
    // The seeded CO open chart on every flop (its hero colour against itself when it has one colour only).
    name: 'flop-report',
    widths: [375, 1440],
    async prepare(page, baseUrl) {
      await page.goto(`${baseUrl}/`);
      await openFromLibrary(page, page.locator('.library-node__name', { hasText: 'CO open' }).first());
      await page.locator('[data-hand="AA"][data-weight="100"]').waitFor();
      // At 375 px the page links sit in the burger menu.
      const burger = page.getByRole('button', { name: 'Open the menu' });
      if (await burger.isVisible()) await burger.click();
      await page.getByRole('link', { name: 'Flop report' }).first().click();
      // Both sides on the chart's first colour, whatever the range tool's sides were.
      for (const side of ['hero', 'villain']) {
        const chip = page.locator(`[data-side="${side}"] .chip-toggle`).first();
        if ((await chip.getAttribute('aria-pressed')) !== 'true') await chip.click();
        await page.locator(`[data-side="${side}"] .chip-toggle[aria-pressed="true"]`).first().waitFor();
      }
      await page.getByRole('button', { name: 'Run the report' }).click();
      await page.getByTestId('flop-report-equity').waitFor({ timeout: 600_000 });
    },
  },
  {
    // Multiway equity: a 4-way flop, a text villain and a villain drawn from another chart of the library.
    name: 'multiway',
    element: '.equity-panel',
    widths: [375, 1440],
    async prepare(page, baseUrl) {
      await page.goto(`${baseUrl}/`);
      // A defence chart of the demo player whose extra villains are a text range and the seeded CO open chart.
      await ensureMultiwayChart(
        baseUrl,
        (await page.evaluate(() => localStorage.getItem('rangeforge.token')))!,
      );
      await page.reload();
      await openFromLibrary(page, page.locator('.library-node__name', { hasText: MULTIWAY_CHART }).first());
      await page.locator('[data-hand="AA"][data-weight="100"]').waitFor();
      await showPart(page, 'Equity');
      for (const card of ['Kh', '9d', '4c']) await page.locator(`.deck-card[data-card="${card}"]`).click();
      await page.locator('[data-testid="multiway-equity"][aria-busy="false"]').waitFor({ timeout: 60_000 });
    },
  },
  {
    // The strategy diff: the demo player's CO open against an adjusted copy, one re-coloured class in the detail.
    name: 'diff',
    widths: [375, 1440],
    async prepare(page, baseUrl) {
      await page.goto(`${baseUrl}/`);
      const token = (await page.evaluate(() => localStorage.getItem('rangeforge.token')))!;
      const [from, to] = await ensureDiffCharts(baseUrl, token);
      await page.goto(`${baseUrl}/compare?from=${from}&to=${to}`);
      await page.locator('[data-testid="diff-grid"] [data-hand="98s"]').click();
      await page.getByTestId('diff-detail').waitFor();
    },
  },
  {
    name: 'store',
    async prepare(page, baseUrl) {
      await page.goto(`${baseUrl}/store`);
      await page.locator('.offer').first().waitFor();
    },
  },
  {
    name: 'product-page',
    async prepare(page, baseUrl) {
      await page.goto(`${baseUrl}/store/1`);
      await page.locator('.product .card').first().waitFor();
    },
  },
  {
    name: 'payment-window',
    async prepare(page, baseUrl) {
      await page.goto(`${baseUrl}/store`);
      await page
        .locator('.offer')
        .first()
        .getByRole('button', { name: /^Buy for / })
        .click();
      await page.getByRole('dialog').getByRole('radio').first().waitFor();
    },
    viewportOnly: true,
  },
  {
    name: 'trainer',
    async prepare(page, baseUrl) {
      await page.goto(`${baseUrl}/trainer`);
      await page.getByRole('tab', { name: 'Tournament' }).click();
      await page.locator('.trainer-picker__train[data-chart-id]').first().click();
      // One hand answered, so the picture shows the feedback cell and the score beside the hand.
      await page.locator('.trainer-action[data-color="fold"]:enabled').click();
      await page.locator('.trainer-verdict').waitFor();
    },
  },
  {
    name: 'profile',
    async prepare(page, baseUrl) {
      await page.goto(`${baseUrl}/profile`);
      await page.getByRole('tab').first().waitFor();
    },
  },
  {
    // Started without a connection: the shell from the service worker, the chart from its cache.
    name: 'offline-banner',
    widths: [375, 1440],
    async prepare(page, baseUrl) {
      await page.goto(`${baseUrl}/`);
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.reload();
      await openFromLibrary(page, page.locator('.library-node__name', { hasText: 'CO open' }).first());
      await page.locator('[data-hand="AA"][data-weight="100"]').waitFor();
      await page.context().setOffline(true);
      await page.reload();
      await page.getByTestId('offline-notice').waitFor();
      await openFromLibrary(page, page.locator('.library-node__name', { hasText: 'CO open' }).first());
      await page.locator('[data-hand="AA"][data-weight="100"]').waitFor();
    },
    after: (page) => page.context().setOffline(false),
  },
  ...PUSH_FOLD_SHOTS,
  {
    // A range saved in another session while this one edited it: both versions side by side.
    name: 'range-conflict',
    widths: [375, 1440],
    viewportOnly: true,
    async prepare(page, baseUrl) {
      await page.goto(`${baseUrl}/`);
      const id = await page.evaluate(async () => {
        const headers = {
          Authorization: `Bearer ${localStorage.getItem('rangeforge.token') ?? ''}`,
          'Content-Type': 'application/json',
        };
        // No named functions in here: tsx's keepNames would wrap them in a helper the page does not have.
        const hands = ['AA', 'KK', 'QQ', 'AKs', 'AKo', 'KQs'];
        const created = await fetch('/api/v1/categories', {
          method: 'POST',
          headers,
          body: JSON.stringify({
            name: 'BTN open 2.5x',
            kind: 'range',
            root_type: 'preflop_root',
            buttons: [{ color: '#1847BE', label: 'Raise' }],
            pairs: hands.map((hand) => ({ hand, colors: [{ color: '#1847BE', weight: 100 }] })),
          }),
        });
        return ((await created.json()) as { data: { id: number } }).data.id;
      });
      await page.reload();
      await openFromLibrary(page, page.locator(`[data-node-id="${id}"] .library-node__name`));
      await page.locator('[data-hand="AA"][data-weight="100"]').waitFor();
      await page.evaluate(async (rangeId) => {
        const headers = {
          Authorization: `Bearer ${localStorage.getItem('rangeforge.token') ?? ''}`,
          'Content-Type': 'application/json',
        };
        const hands = ['AA', 'KK', 'QQ', 'JJ', 'TT', 'AKs', 'AQs', 'AKo'];
        await fetch(`/api/v1/categories/${rangeId}`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            pairs: hands.map((hand) => ({ hand, colors: [{ color: '#1847BE', weight: 100 }] })),
            base_revision: 0,
          }),
        });
      }, id);
      await page.locator('.range-grid [data-hand="KJs"]').click();
      await page.getByRole('dialog').getByTestId('conflict-mine').waitFor();
    },
    async after(page) {
      await page.getByRole('dialog').getByRole('button', { name: 'Keep theirs' }).click();
      await page.locator('[data-testid="save-state"]:not([data-state="conflict"])').waitFor();
    },
  },
];

/**
 * One part of the page, whole: in a viewport as tall as the page nothing sticks or scrolls (the sticky header and
 * equity column of wide screens), so the part is drawn once and complete.
 */
async function partShot(page: Page, selector: string, width: number): Promise<Buffer> {
  const part = page.locator(selector);
  // Grow the viewport by whatever the part or a scrolling ancestor still hides, until nothing is hidden.
  for (let round = 0; round < 5; round += 1) {
    const hidden = await part.evaluate((element) => {
      let most = 0;
      for (let node: Element | null = element; node; node = node.parentElement) {
        most = Math.max(most, node.scrollHeight - node.clientHeight);
        node.scrollTop = 0;
      }
      return most;
    });
    if (hidden <= 0) break;
    const viewport = page.viewportSize()!;
    await page.setViewportSize({ width, height: viewport.height + hidden });
  }
  await settle(page);
  const box = await part.boundingBox();
  if (!box) throw new Error(`${selector} is not on the page`);
  const png = await page.screenshot({ clip: box });
  await page.setViewportSize({ width, height: 900 });
  return png;
}

async function main(): Promise<void> {
  console.log('building the SPA…');
  const build = spawnSync(join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('vite build failed');
  const server = await startAppServer();
  const session = await launchBrowser();
  try {
    const { page } = session;
    await page.goto(`${server.baseUrl}/auth/login`);
    await page.getByLabel('Login or e-mail').fill(server.accounts.demo.email);
    await page.getByLabel('Password', { exact: true }).fill(server.accounts.demo.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    mkdirSync(outDir, { recursive: true });
    // Shot by shot, each at every width: a shot that changes the data (a conflict's range) comes last.
    // `npm run screenshots -- offline-banner range-conflict` re-takes only the shots named.
    const named = process.argv.slice(2);
    for (const shot of named.length > 0 ? SHOTS.filter((entry) => named.includes(entry.name)) : SHOTS) {
      for (const width of shot.widths ?? SCREENSHOT_WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await shot.prepare(page, server.baseUrl);
        await settle(page);
        const png = shot.element
          ? await partShot(page, shot.element, width)
          : await page.screenshot({ fullPage: !shot.viewportOnly });
        // A 256-colour palette keeps the committed pictures small; the UI's flat colours survive it.
        const file = join(outDir, `${shot.name}-${width}.png`);
        writeFileSync(file, await sharp(png).png({ palette: true, compressionLevel: 9 }).toBuffer());
        console.log(`  ${file.slice(root.length)}`);
        await shot.after?.(page);
      }
    }
  } finally {
    await session.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
