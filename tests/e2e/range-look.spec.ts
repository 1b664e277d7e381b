// The look of the range tool, measured in a real browser at 375, 990 and 1440 px: the grid's
// action bars and kind tints, the strategy legend, the four-colour deck, the equity summary before a computation and
// the library side panel (beside the editor at 990 px, full names, folders, inline rename, copy names, drag to
// reorder). The phone has its own suite (range-phone.spec.ts).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type AppServer, startAppServer } from './support/app-server.ts';
import {
  type BrowserSession,
  launchBrowser,
  screenshotAtWidths,
  withAppAndBrowser,
} from './support/browser.ts';
import { forgetWorkingState, logInInPage as logIn, registerInPage as register } from './support/page-api.ts';

const cell = (page: Page, hand: string) => page.locator(`.range-grid [data-hand="${hand}"]`);
const box = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);

async function create(page: Page, name: string, kind: 'range' | 'folder' = 'range'): Promise<void> {
  const form = page.locator('.library-create');
  await form.locator('input').fill(name);
  await form.getByLabel('Type').selectOption(kind);
  await form.getByRole('button', { name: 'Create', exact: true }).click();
  await page.locator('.library-node__text', { hasText: name }).first().waitFor();
}

const rowNames = (page: Page) =>
  page.locator('.library-tree--root > li > .library-node__row .library-node__text').allTextContents();

/** WCAG contrast ratio of two computed `rgb(...)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (rgb: string) => {
    const [r, g, bl] = rgb
      .match(/\d+(\.\d+)?/g)!
      .slice(0, 3)
      .map((value) => {
        const c = Number(value) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

describe('range tool look', () => {
  const app = withAppAndBrowser();
  let server: AppServer;
  let page: Page;
  beforeAll(() => ({ server, page } = app));

  it('draws action bars as wide as their weight, tints pairs / suited / offsuit, and shows a strategy legend', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.baseUrl}/`);
    await page.getByLabel('Weight, %').fill('40');
    await cell(page, 'AA').click();
    await page.getByLabel('Weight, %').fill('100');
    await cell(page, 'AKs').click();
    const aa = await box(page, '.range-grid [data-hand="AA"]');
    const bar = await box(page, '.range-grid [data-hand="AA"] .range-cell__bar');
    expect(bar.width / aa.width).toBeGreaterThan(0.37);
    expect(bar.width / aa.width).toBeLessThan(0.43);
    expect(bar.height).toBeCloseTo(aa.height, 0);
    const tint = (hand: string) =>
      cell(page, hand).evaluate((element) => getComputedStyle(element).backgroundColor);
    const [pair, suited, offsuit] = await Promise.all([tint('QQ'), tint('KQs'), tint('KQo')]);
    expect(new Set([pair, suited, offsuit]).size).toBe(3);
    // The legend: the bar's Raise share is the combos of the Raise colour over all 1,326. The counts follow a paint
    // once its equity is shown (counted-chart.ts), the bar in the same render as the buttons' counts.
    await expect.poll(() => page.locator('.range-button__count').first().textContent()).toBe('6.4 · 0.5%');
    const legend = await box(page, '[data-testid="strategy-bar"]');
    const share = await box(page, '[data-testid="strategy-bar"] .strategy-bar__share');
    expect(share.width / legend.width).toBeCloseTo((6 * 0.4 + 4) / 1326, 2);
    // The toolbar is one row of icons with names and tooltips, main actions first.
    const tools = page.locator('.range-toolbar__row .tool-button');
    await expect(tools.first().getAttribute('aria-label')).resolves.toBe('Undo');
    await expect(tools.first().getAttribute('title')).resolves.toBe('Undo (Ctrl+Z)');
    const toolbar = await box(page, '.range-toolbar__row');
    expect(toolbar.height).toBeLessThan(48);
  });

  it('deals a four-colour deck by default, grouped by suit, and remembers the two-colour choice', async () => {
    await page.goto(`${server.baseUrl}/`);
    const face = (card: string) =>
      page.locator(`.deck-card[data-card="${card}"]`).evaluate((element) => {
        const style = getComputedStyle(element);
        return { color: style.color, background: style.backgroundColor };
      });
    const suits = await Promise.all(['As', 'Ah', 'Ad', 'Ac'].map(face));
    expect(new Set(suits.map((suit) => suit.background)).size).toBe(4);
    for (const suit of suits) expect(contrast(suit.color, suit.background)).toBeGreaterThanOrEqual(4.5);
    expect(await page.locator('.card-picker__suit').count()).toBe(4);
    await expect(
      page
        .locator('.card-picker__suit')
        .nth(1)
        .locator('.deck-card')
        .evaluateAll((cards) => cards.map((card) => (card as HTMLElement).dataset.card)),
    ).resolves.toEqual(['Ah', 'Kh', 'Qh', 'Jh', '10h', '9h', '8h', '7h', '6h', '5h', '4h', '3h', '2h']);
    const picker = await box(page, '.deck-card');
    expect(picker.height).toBeGreaterThanOrEqual(44);

    await page.getByLabel('Four-colour deck').uncheck();
    await page.reload();
    await expect(page.getByLabel('Four-colour deck').isChecked()).resolves.toBe(false);
    const [hearts, diamonds] = await Promise.all([face('Ah'), face('Ad')]);
    expect(hearts.color).toBe(diamonds.color);
    expect(contrast(hearts.color, hearts.background)).toBeGreaterThanOrEqual(4.5);
    await page.getByLabel('Four-colour deck').check();
  });

  it('shows combos, range share and next steps before any computation', async () => {
    // The tool would reopen with the previous tests' chart: this one starts from an empty one.
    await forgetWorkingState(page);
    await page.goto(`${server.baseUrl}/`);
    await cell(page, 'AA').click();
    await page.locator('.card-picker__deck [data-card="Ah"]').click();
    const summary = page.getByTestId('equity-summary');
    await expect.poll(() => summary.getByTestId('summary-hero').textContent()).toContain('6 combos');
    await expect(summary.getByTestId('summary-hero').textContent()).resolves.toContain('0.5% of all hands');
    await expect(summary.locator('[data-step="villain"]').getAttribute('class')).resolves.toBeNull();
    await expect(summary.locator('[data-step="hero"]').getAttribute('class')).resolves.toBe('is-done');
    expect(await page.getByTestId('range-equity').count()).toBe(0);
  });
});

describe('one equity workspace', () => {
  const app = withAppAndBrowser();
  let server: AppServer;
  let page: Page;
  beforeAll(() => ({ server, page } = app));

  it('ties text ranges to the chart, adds villains, and takes dead cards and the hand out of the next cards', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.baseUrl}/`);
    await expect
      .poll(() => page.getByTestId('engine-status').textContent(), { timeout: 30_000 })
      .toMatch(/ready/);
    // The separate calculator is gone: one equity panel on the page.
    expect(await page.getByRole('heading', { name: 'Equity calculator' }).count()).toBe(0);
    expect(await page.locator('.equity-panel').count()).toBe(1);

    // Painting a player's colour writes its text; typing over it makes that player a typed range of its own and
    // leaves the chart as it is.
    const heroText = page.getByLabel('Your range as text');
    for (const hand of ['AA', 'KK', 'QQ', 'AKs']) await cell(page, hand).click();
    await expect.poll(() => heroText.inputValue()).toBe('QQ+, AKs');
    await page.locator('.range-button__choose').nth(1).click();
    for (const hand of ['JJ', 'TT']) await cell(page, hand).click();
    const villainText = page.getByLabel('Opponent as text');
    await expect.poll(() => villainText.inputValue()).toBe('JJ-TT');
    await expect.poll(() => page.getByTestId('summary-villain').textContent()).toContain('12 combos');
    await villainText.fill('99+');
    await villainText.press('Enter');
    await expect.poll(() => page.getByTestId('summary-villain').textContent()).toContain('36 combos');
    expect(await page.locator('[data-player="villain-1"] .player__source').inputValue()).toBe('text');
    expect(await cell(page, '99').getAttribute('data-colors')).toBeNull();
    expect(await cell(page, 'AA').getAttribute('data-colors')).toBe('#1847BE:100');

    // A third player typed as text gives each player an equity, summing to 100%.
    await page.getByRole('button', { name: 'Add villain' }).click();
    const third = page.getByLabel('Villain 2 as text');
    await third.fill('99');
    await third.press('Enter');
    const table = page.getByTestId('multiway-equity');
    await table.waitFor({ timeout: 30_000 });
    const equities = (await table.locator('tbody td:nth-child(2)').allTextContents()).map((text) =>
      Number.parseFloat(text),
    );
    expect(equities).toHaveLength(3);
    expect(equities.reduce((sum, value) => sum + value, 0)).toBeCloseTo(100, 0);
    await page.getByRole('button', { name: 'Remove Villain 2' }).click();
    await expect.poll(() => table.count()).toBe(0);

    // Board, a dead card and the hero's hole cards: none of them is offered as a next card.
    for (const card of ['Jh', '8d', '2c']) await page.locator(`.deck-card[data-card="${card}"]`).click();
    await page.getByRole('radio', { name: 'Dead' }).click();
    await page.locator('.deck-card[data-card="5s"]').click();
    await page.getByRole('radio', { name: 'Hand' }).click();
    for (const card of ['As', 'Ks']) await page.locator(`.deck-card[data-card="${card}"]`).click();
    await page.getByTestId('hand-equity').waitFor({ timeout: 30_000 });
    await page.locator('.next-cards__chips .card-chip').first().waitFor({ timeout: 30_000 });
    const next = await page
      .locator('.next-cards__chips .card-chip')
      .evaluateAll((chips) => chips.map((chip) => (chip as HTMLElement).dataset.card));
    for (const card of ['As', 'Ks', '5s', 'Jh', '8d', '2c']) expect(next).not.toContain(card);
    expect(next.length).toBeGreaterThan(30);
    await screenshotAtWidths(page, 'range-workspace');
  });
});

describe('library side panel', () => {
  let server: AppServer;
  let session: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    server = await startAppServer();
    session = await launchBrowser();
    page = session.page;
    await page.goto(`${server.baseUrl}/`);
    await logIn(page, server.accounts.admin.username, server.accounts.admin.password);
  });

  afterAll(async () => {
    await session?.close();
    await server?.stop();
  });

  it('sits beside the editor at 990 px with a wide New item box and full names', async () => {
    await page.setViewportSize({ width: 990, height: 900 });
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('heading', { name: 'Library' }).waitFor();
    const library = await box(page, '.range-library');
    const editor = await box(page, '.range-editor');
    expect(library.right).toBeLessThanOrEqual(editor.left);
    expect(Math.abs(library.top - editor.top)).toBeLessThan(2);
    const input = page.locator('.library-create input');
    expect((await box(page, '.library-create input')).width).toBeGreaterThanOrEqual(200);
    await expect(input.getAttribute('placeholder')).resolves.toBe('Name of a new range or folder');

    await create(page, 'My push/fold 20bb');
    const long = 'BTN vs BB single-raised pot 100bb deep, flop continuation';
    await create(page, long);
    const fits = await page
      .locator('.library-node__text', { hasText: 'My push/fold 20bb' })
      .evaluate((element) => element.scrollWidth <= element.clientWidth);
    expect(fits).toBe(true);
    await expect(page.locator('.library-node__name', { hasText: long }).getAttribute('title')).resolves.toBe(
      long,
    );
    await screenshotAtWidths(page, 'range-library');
  });

  it('collapses folders, renames inline and names copies "Copy of …"', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.baseUrl}/`);
    await create(page, 'Openings', 'folder');
    await page.getByRole('button', { name: 'Actions for Openings' }).click();
    await page.getByRole('button', { name: 'Add inside' }).click();
    await create(page, 'UTG open');
    const child = page.locator('.library-node__text', { hasText: 'UTG open' });
    await child.waitFor();
    await page.getByRole('button', { name: 'Close Openings' }).click();
    await expect.poll(() => child.count()).toBe(0);
    await page.getByRole('button', { name: 'Open Openings' }).click();
    await child.waitFor();

    await page.locator('.library-node__name', { hasText: 'UTG open' }).dblclick();
    const rename = page.getByLabel('Name', { exact: true });
    await rename.fill('UTG open 9-max');
    await rename.press('Enter');
    await page.locator('.library-node__text', { hasText: 'UTG open 9-max' }).waitFor();

    await page.getByRole('button', { name: 'Actions for Openings' }).click();
    await page.getByRole('button', { name: 'Actions for My push/fold 20bb' }).click();
    const copyDown = page.getByRole('button', { name: 'Copy down' });
    await copyDown.click();
    await page.locator('.library-node__text', { hasText: 'Copy of My push/fold 20bb' }).waitFor();
    await copyDown.click();
    await page.locator('.library-node__text', { hasText: 'Copy of My push/fold 20bb (2)' }).waitFor();
    const names = await rowNames(page);
    expect(new Set(names).size).toBe(names.length);
  });

  it('reorders by drag for Premium and collapses to a rail that remembers its width', async () => {
    const before = await rowNames(page);
    const last = before.at(-1)!;
    await page
      .locator('.library-tree--root > li > .library-node__row', { hasText: last })
      .dragTo(page.locator('.library-tree--root > li > .library-node__row').first());
    await expect.poll(() => rowNames(page).then((names) => names[0])).toBe(last);

    const handle = page.getByRole('separator', { name: 'Resize the library' });
    await handle.focus();
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => box(page, '.range-library').then((rect) => Math.round(rect.width)))
      .toBe(260 + 48);
    await page.reload();
    await expect.poll(() => box(page, '.range-library').then((rect) => Math.round(rect.width))).toBe(308);
    const editorWidth = (await box(page, '.range-editor')).width;
    await page.getByRole('button', { name: 'Hide the library' }).click();
    try {
      expect((await box(page, '.range-library')).width).toBeLessThanOrEqual(48);
      // The editor takes most of the panel's room (308 px panel → 48 px rail, the equity column grows by 20).
      expect((await box(page, '.range-editor')).width - editorWidth).toBeGreaterThan(200);
      await page.reload();
      await expect.poll(() => box(page, '.range-library').then((rect) => rect.width)).toBeLessThanOrEqual(48);
    } finally {
      await page.getByRole('button', { name: 'Show the library' }).click();
    }
  });

  it('opens the Premium window when a free user drops a row', async () => {
    await page.evaluate(() => localStorage.removeItem('rangeforge.token'));
    await register(page, 'dragfree');
    await page.goto(`${server.baseUrl}/`);
    await create(page, 'First');
    await create(page, 'Second');
    await page
      .locator('.library-node__row', { hasText: 'Second' })
      .dragTo(page.locator('.library-node__row', { hasText: 'First' }));
    await page.getByRole('dialog', { name: 'Premium' }).waitFor();
  });
});
