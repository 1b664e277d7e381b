// The range tool in a real browser against the real server: paint two ranges, set a board, compare the equity shown
// with the engine command line's, heat map, undo, the library (create, autosave, Premium window on move) and sharing
// a range to a second user who accepts it.

import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import type { AppServer } from './support/app-server.ts';
import { screenshotAtWidths, withAppAndBrowser } from './support/browser.ts';
import { cliEquity } from './support/equity-cli.ts';
import { forgetWorkingState, logInInPage as logIn, registerInPage as register } from './support/page-api.ts';

const cell = (page: Page, hand: string) => page.locator(`.range-grid [data-hand="${hand}"]`);

/** Presses on the first hand and drags across to the last, as a player paints a row. */
async function drag(page: Page, from: string, to: string): Promise<void> {
  const a = (await cell(page, from).boundingBox())!;
  const b = (await cell(page, to).boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
}

async function createRange(page: Page, name: string): Promise<void> {
  await page.getByLabel('New item', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await page.locator('.library-node__name', { hasText: name }).first().click();
  // The chart is editable once the range is the current one and its load has finished.
  await page.locator('.library-node__name[aria-current="true"]', { hasText: name }).first().waitFor();
  await page.locator('.range-grid[aria-busy="false"]').waitFor();
}

describe('range tool', () => {
  const app = withAppAndBrowser();
  let server: AppServer;
  let page: Page;
  beforeAll(() => ({ server, page } = app));

  it('paints two ranges, sets a board and shows the engine command line equity', async () => {
    await page.goto(`${server.baseUrl}/`);
    await expect
      .poll(() => page.getByTestId('engine-status').textContent(), { timeout: 30_000 })
      .toMatch(/ready/);
    // Hero: the default colour, dragged across the first row.
    await drag(page, 'AA', 'AJs');
    for (const hand of ['AA', 'AKs', 'AQs', 'AJs']) {
      await expect.poll(() => cell(page, hand).getAttribute('data-weight')).toBe('100');
    }
    await expect.poll(() => cell(page, 'ATs').getAttribute('data-weight')).toBe('0');
    // Villain: the second colour button, painted cell by cell.
    await page.locator('.range-button__choose').nth(1).click();
    for (const hand of ['KK', 'QQ', 'JJ', 'TT']) await cell(page, hand).click();
    // The counts follow the paint once its equity is shown (counted-chart.ts).
    await expect.poll(() => page.getByTestId('range-combos').textContent()).toContain('42 combos');
    for (const card of ['J♥', '8♥', '2♣']) {
      await page.locator('.card-picker__deck button', { hasText: card }).click();
    }
    const expected = cliEquity('AA,AKs,AQs,AJs', 'KK,QQ,JJ,TT', 'Jh8h2c');
    await expect
      .poll(() => page.getByTestId('range-equity').textContent(), { timeout: 30_000 })
      .toBe(expected);
    await page.locator('.next-cards__chips .card-chip').first().waitFor();
    await page.locator('.equity-stats tr').first().waitFor();

    // Undo takes the last cell back, redo restores it, and the equity follows.
    await page.locator('body').click({ position: { x: 2, y: 2 } });
    await page.keyboard.press('Control+z');
    await expect.poll(() => cell(page, 'TT').getAttribute('data-weight')).toBe('0');
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => cell(page, 'TT').getAttribute('data-weight')).toBe('100');
    await expect
      .poll(() => page.getByTestId('range-equity').textContent(), { timeout: 30_000 })
      .toBe(expected);

    // A hand against the villain range: hole cards As Ks.
    await page.getByRole('radio', { name: 'Hand' }).click();
    for (const card of ['A♠', 'K♠']) {
      await page.locator('.card-picker__deck button', { hasText: card }).click();
    }
    const handExpected = cliEquity('AsKs', 'KK,QQ,JJ,TT', 'Jh8h2c');
    await expect
      .poll(() => page.getByTestId('hand-equity').textContent(), { timeout: 30_000 })
      .toContain(handExpected);
    await page.getByRole('radio', { name: 'Board' }).click();

    await page.getByRole('button', { name: 'Heat map' }).click();
    await expect.poll(() => page.locator('.range-grid').getAttribute('data-heat')).toBe('on');
    const heat = await cell(page, 'AA').evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(heat).toMatch(/^rgb/);
    await expect(cell(page, 'AA').locator('.range-cell__value').textContent()).resolves.toMatch(/^\d+$/);
    await screenshotAtWidths(page, 'ranges-editor');

    // Clearing statistics resets the figures.
    await page.getByRole('button', { name: 'Clear statistics' }).click();
    await expect.poll(() => page.getByTestId('range-equity').count()).toBe(0);
  });

  it('switches the equity to Monte Carlo and shows progress and ± near the exact value', async () => {
    // The tool would reopen with the previous test's ranges and board: this one paints its own from empty.
    await forgetWorkingState(page);
    await page.goto(`${server.baseUrl}/`);
    await expect
      .poll(() => page.getByTestId('engine-status').textContent(), { timeout: 30_000 })
      .toMatch(/ready/);
    await drag(page, 'AA', 'AJs');
    await page.locator('.range-button__choose').nth(1).click();
    for (const hand of ['KK', 'QQ', 'JJ', 'TT']) await cell(page, hand).click();
    for (const card of ['J♥', '8♥', '2♣']) {
      await page.locator('.card-picker__deck button', { hasText: card }).click();
    }
    const exactText = cliEquity('AA,AKs,AQs,AJs', 'KK,QQ,JJ,TT', 'Jh8h2c');
    await expect
      .poll(() => page.getByTestId('range-equity').textContent(), { timeout: 30_000 })
      .toBe(exactText);
    const exact = Number.parseFloat(exactText);

    // Remember whether the progress bar and the live samples ever showed: a fast machine finishes quickly.
    await page.evaluate(() => {
      const seen = { progress: false, live: false };
      (window as unknown as { monteCarloSeen: typeof seen }).monteCarloSeen = seen;
      const check = () => {
        if (document.querySelector('[data-testid="equity-progress"]')) seen.progress = true;
        if (
          /samples, ± \d/.test(document.querySelector('[data-testid="monte-carlo-live"]')?.textContent ?? '')
        ) {
          seen.live = true;
        }
      };
      new MutationObserver(check).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    const monteCarlo = page.getByRole('radio', { name: 'Monte Carlo' });
    await monteCarlo.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => monteCarlo.isChecked()).toBe(true);

    const error = page.getByTestId('range-equity-error');
    await error.waitFor({ timeout: 30_000 });
    const seen = await page.evaluate(
      () => (window as unknown as { monteCarloSeen: { progress: boolean; live: boolean } }).monteCarloSeen,
    );
    expect(seen).toEqual({ progress: true, live: true });
    const shown = (await page.getByTestId('range-equity').textContent())!;
    expect(shown).toMatch(/^\d+\.\d\d% ± \d+\.\d\d%$/);
    const [equity, stdError] = shown.match(/\d+\.\d+/g)!.map(Number) as [number, number];
    expect(stdError).toBeGreaterThan(0);
    expect(Math.abs(equity - exact)).toBeLessThanOrEqual(4 * stdError);
    await expect.poll(() => page.getByTestId('monte-carlo-samples').textContent()).toMatch(/^[\d,]+$/);
    await page.getByText('the heat map and next cards need exact mode').waitFor();
    expect(await page.locator('.next-cards').count()).toBe(0);

    // The hand as its own one-combo range: As Ks against the villain, also with ±.
    const handExact = Number.parseFloat(cliEquity('AsKs', 'KK,QQ,JJ,TT', 'Jh8h2c'));
    await page.getByRole('radio', { name: 'Hand' }).click();
    for (const card of ['A♠', 'K♠']) {
      await page.locator('.card-picker__deck button', { hasText: card }).click();
    }
    await page.getByTestId('hand-equity-error').waitFor({ timeout: 30_000 });
    const hand = (await page.getByTestId('hand-equity').textContent())!;
    const [handEquity, handError] = hand.match(/\d+\.\d+/g)!.map(Number) as [number, number];
    expect(handError).toBeGreaterThan(0);
    expect(Math.abs(handEquity - handExact)).toBeLessThanOrEqual(4 * handError);
    await page.getByRole('radio', { name: 'Board' }).click();

    // Back to exact: the exact figure returns, without ±.
    await page.getByRole('radio', { name: 'Exact' }).check();
    await expect
      .poll(() => page.getByTestId('range-equity').textContent(), { timeout: 30_000 })
      .toBe(exactText);
  });

  it('saves a free user range and opens the Premium window on move', async () => {
    await page.goto(`${server.baseUrl}/`);
    await register(page, 'rangefree');
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('heading', { name: 'Library' }).waitFor();
    await page.getByText('Free plan: accepting a shared strategy').waitFor();
    await createRange(page, 'BTN open');
    await cell(page, 'AA').click();
    await expect.poll(() => page.getByTestId('save-state').textContent(), { timeout: 15_000 }).toBe('Saved');
    await page.reload();
    await page.locator('.library-node__name', { hasText: 'BTN open' }).click();
    await expect.poll(() => cell(page, 'AA').getAttribute('data-weight'), { timeout: 15_000 }).toBe('100');
    await page.getByRole('button', { name: 'Actions for BTN open' }).click();
    await page.getByRole('button', { name: 'Move down' }).click();
    await page.getByRole('dialog', { name: 'Premium' }).waitFor();
    await screenshotAtWidths(page, 'ranges-premium-on-move');

    // /tournament has its own tree (tournament_root): the cash range is not in it.
    await page.goto(`${server.baseUrl}/tournament`);
    await page.getByRole('heading', { name: 'Tournament ranges', level: 1 }).waitFor();
    await page.getByText('Nothing here yet').waitFor();
    expect(await page.locator('.library-node__name', { hasText: 'BTN open' }).count()).toBe(0);
  });

  it('shares a range to a second user who accepts it', async () => {
    await page.evaluate(() => localStorage.removeItem('rangeforge.token'));
    await page.goto(`${server.baseUrl}/`);
    await register(page, 'rangefriend');
    await page.evaluate(() => localStorage.removeItem('rangeforge.token'));
    await logIn(page, server.accounts.admin.username, server.accounts.admin.password);
    await page.goto(`${server.baseUrl}/`);
    await createRange(page, 'Shared 3bet');
    await page.getByRole('button', { name: 'Actions for Shared 3bet' }).click();
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /Share/ });
    await dialog.getByLabel('Find users by name').fill('rangefriend');
    await dialog.getByRole('button', { name: 'Search' }).click();
    await dialog.getByLabel('rangefriend').check();
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await dialog.getByText('Shared.').waitFor();

    await page.evaluate(() => localStorage.removeItem('rangeforge.token'));
    await logIn(page, 'rangefriend', 'secret123');
    await page.goto(`${server.baseUrl}/profile#strategy`);
    await page.getByRole('button', { name: 'Accept' }).first().click();
    // Leaving before the server answers would cut the accept short: its message says it is done.
    await page.getByText('“Shared 3bet” was added to your ranges').waitFor();
    await page.goto(`${server.baseUrl}/`);
    await page.locator('.library-node__name', { hasText: 'Shared 3bet' }).waitFor({ timeout: 15_000 });
  });
});
