// The range tool's working state in a real browser against the real server: ranges and a board set, a reload shows
// the same chart, board and equity with no click; a corrupt stored state is ignored; an account's state is its own
// and leaves the browser when the account signs out.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import type { AppServer } from './support/app-server.ts';
import { withAppAndBrowser } from './support/browser.ts';
import { registerInPage } from './support/page-api.ts';

const cell = (page: Page, hand: string) => page.locator(`.range-grid [data-hand="${hand}"]`);
const equity = (page: Page) => page.getByTestId('range-equity');
const boardCards = (page: Page) =>
  page
    .locator('[data-testid="board-cards"] .card-chip')
    .evaluateAll((chips) => chips.map((chip) => chip.getAttribute('data-card')));
const storedKeys = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('rangeforge.workingState.'))
      .sort(),
  );

/** Hero AA, villain KK and the flop K♥ 9♦ 4♣, as a player sets them; resolves with the equity shown. */
async function setRangesAndBoard(page: Page): Promise<string> {
  await page.locator('.range-grid[aria-busy="false"]').waitFor();
  await cell(page, 'AA').click();
  await page.locator('.range-button__choose').nth(1).click();
  await cell(page, 'KK').click();
  for (const card of ['K♥', '9♦', '4♣']) {
    await page.locator('.card-picker__deck button', { hasText: card }).click();
  }
  await expect.poll(() => equity(page).textContent(), { timeout: 30_000 }).toMatch(/%$/);
  return (await equity(page).textContent())!;
}

/** Counts the clicks and key presses the page receives from now on (none may be needed for the equity). */
async function countInput(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const seen = { count: 0 };
    (window as unknown as { __input: typeof seen }).__input = seen;
    for (const type of ['pointerdown', 'click', 'keydown'])
      window.addEventListener(type, () => (seen.count += 1), { capture: true });
  });
  return () => page.evaluate(() => (window as unknown as { __input: { count: number } }).__input.count);
}

describe('range tool working state', () => {
  const app = withAppAndBrowser();
  let server: AppServer;
  let page: Page;
  beforeAll(() => ({ server, page } = app));

  it('reopens with the same ranges, board and equity after a reload, with no click', async () => {
    await page.goto(`${server.baseUrl}/`);
    const shown = await setRangesAndBoard(page);
    // AA vs KK on K♥ 9♦ 4♣: the set of kings leads.
    expect(Number.parseFloat(shown)).toBeLessThan(15);
    const inputs = await countInput(page);
    await page.reload();
    await expect.poll(() => equity(page).textContent(), { timeout: 30_000 }).toBe(shown);
    expect(await inputs()).toBe(0);
    expect(await cell(page, 'AA').getAttribute('data-weight')).toBe('100');
    expect(await cell(page, 'KK').getAttribute('data-weight')).toBe('100');
    expect(await boardCards(page)).toEqual(['Kh', '9d', '4c']);
  });

  it('ignores a corrupt stored state and opens the fresh tool', async () => {
    const keys = await storedKeys(page);
    expect(keys).toEqual(['rangeforge.workingState.preflop_root.anonymous']);
    await page.evaluate((key) => localStorage.setItem(key, '{"version":1,"chart":{"draft":'), keys[0]!);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.reload();
    await page.locator('.range-grid[aria-busy="false"]').waitFor();
    expect(await cell(page, 'AA').getAttribute('data-weight')).toBe('0');
    expect(await equity(page).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("keeps an account's state apart from the browser's and removes it at sign-out", async () => {
    await page.goto(`${server.baseUrl}/`);
    const browserEquity = await setRangesAndBoard(page);
    await registerInPage(page, 'restorer');
    await page.reload();
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    // The browser's draft is not the account's: the account opens the fresh tool.
    await page.locator('.range-grid[aria-busy="false"]').waitFor();
    expect(await cell(page, 'AA').getAttribute('data-weight')).toBe('0');
    const accountEquity = await setRangesAndBoard(page);
    await page.locator('.card-picker__deck button', { hasText: '2♠' }).click();
    await expect.poll(() => boardCards(page)).toEqual(['Kh', '9d', '4c', '2s']);
    await expect.poll(() => equity(page).textContent(), { timeout: 30_000 }).not.toBe(accountEquity);
    const turnEquity = (await equity(page).textContent())!;
    await expect
      .poll(() => storedKeys(page))
      .toEqual([
        'rangeforge.workingState.preflop_root.anonymous',
        expect.stringMatching(/^rangeforge\.workingState\.preflop_root\.user-\d+$/),
      ]);
    await page.reload();
    await expect.poll(() => equity(page).textContent(), { timeout: 30_000 }).toBe(turnEquity);
    expect(await boardCards(page)).toEqual(['Kh', '9d', '4c', '2s']);

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/auth\/login/);
    await expect.poll(() => storedKeys(page)).toEqual(['rangeforge.workingState.preflop_root.anonymous']);
    // Signed out, the browser gets its own draft back on its next visit.
    await page.goto(`${server.baseUrl}/`);
    await expect.poll(() => equity(page).textContent(), { timeout: 30_000 }).toBe(browserEquity);
  });
});
