// The preflop table as its own asset, in a real browser against the real server: one download however many workers
// there are, a content-hashed URL served for a year, kept in Cache Storage (a reload does not download it again),
// a loading line while a preflop job waits for it, and when it cannot be had, an error with "Try again" while
// postflop equity goes on working.
import type { BrowserContext, Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import type { AppServer } from './support/app-server.ts';
import { withAppAndBrowser } from './support/browser.ts';

const TABLE_URL = /\/assets\/preflop-[\w-]+\.bin$/;
/** AA against KK over all 1,712,304 boards per matchup: 81.946%, shown with two decimals. */
const AA_VS_KK = '81.95%';

/**
 * The service worker precaches every hashed asset, the table too (its precache is offline.spec's business): blocked
 * here, so what is counted and failed is the page's own download and Cache Storage.
 */
const PAGE_ONLY = { locale: 'en-US', serviceWorkers: 'block' } as const;

const cell = (page: Page, hand: string) => page.locator(`.range-grid [data-hand="${hand}"]`);

/** Hero AA (the first colour), villain KK (the second): a preflop job for the table. */
async function paintAaVsKk(page: Page): Promise<void> {
  await cell(page, 'AA').click();
  await page.locator('.range-button__choose').nth(1).click();
  await cell(page, 'KK').click();
}

const equityShown = (page: Page) => page.getByTestId('range-equity').textContent({ timeout: 30_000 });

/** Counts the table's requests that reach the network (Cache Storage hits never do). */
function countTableRequests(context: BrowserContext): { urls: string[] } {
  const seen = { urls: [] as string[] };
  context.on('request', (request) => {
    if (TABLE_URL.test(request.url())) seen.urls.push(request.url());
  });
  return seen;
}

describe('preflop table asset', () => {
  const app = withAppAndBrowser();
  let server: AppServer;
  beforeAll(() => ({ server } = app));

  it('downloads the table once for every worker, keeps it in Cache Storage and serves it immutable', async () => {
    const context = await app.session.browser.newContext(PAGE_ONLY);
    const requests = countTableRequests(context);
    const page = await context.newPage();
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    const tableResponse = page.waitForResponse((response) => TABLE_URL.test(response.url()));
    await page.goto(`${server.baseUrl}/`);
    await paintAaVsKk(page);
    await expect.poll(() => equityShown(page), { timeout: 30_000 }).toBe(AA_VS_KK);
    const response = await tableResponse;
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toContain('immutable');
    expect(workers.length).toBeGreaterThanOrEqual(1);
    expect(requests.urls).toHaveLength(1);
    const cached = await page.evaluate(async () => {
      const cache = await caches.open('rangeforge-preflop-table');
      return (await cache.keys()).map((request) => request.url);
    });
    expect(cached).toEqual(requests.urls);

    // A new page load takes the table from Cache Storage: no second download. The tool reopens with AA vs KK (its
    // working state), so the preflop equity comes back with no click.
    await page.reload();
    await expect.poll(() => equityShown(page), { timeout: 30_000 }).toBe(AA_VS_KK);
    expect(requests.urls).toHaveLength(1);
    await context.close();
  });

  it('shows a loading line, then an error with "Try again", while postflop equity keeps working', async () => {
    const context = await app.session.browser.newContext(PAGE_ONLY);
    const page = await context.newPage();
    // First the download hangs until released, then the server refuses it, then it is served again.
    let release: (() => void) | undefined;
    let mode: 'hold' | 'fail' | 'serve' = 'hold';
    await context.route(TABLE_URL, async (route: Route) => {
      if (mode === 'hold') await new Promise<void>((resolve) => (release = resolve));
      if (mode === 'serve') return route.continue();
      return route.fulfill({ status: 503, body: 'unavailable' });
    });
    await page.goto(`${server.baseUrl}/`);
    await paintAaVsKk(page);
    await page.getByTestId('preflop-table-loading').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('range-equity').count()).toBe(0);

    mode = 'fail';
    await expect.poll(() => release !== undefined, { timeout: 30_000 }).toBe(true);
    release!();
    const alert = page.getByTestId('preflop-table-error');
    await alert.waitFor({ timeout: 30_000 });
    expect(await alert.textContent()).toContain('The preflop table could not be loaded (HTTP 503)');

    // Postflop equity does not need the table.
    for (const card of ['K♥', '9♦', '4♣']) {
      await page.locator('.card-picker__deck button', { hasText: card }).click();
    }
    await expect.poll(() => equityShown(page), { timeout: 30_000 }).toMatch(/^\d+\.\d\d%$/);
    expect(await page.getByTestId('preflop-table-error').count()).toBe(0);

    // Back to preflop: the error again; the table is served again; "Try again" shows the equity.
    await page.getByRole('button', { name: 'Clear cards' }).click();
    await alert.waitFor({ timeout: 30_000 });
    mode = 'serve';
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => equityShown(page), { timeout: 30_000 }).toBe(AA_VS_KK);
    expect(await page.getByTestId('preflop-table-error').count()).toBe(0);
    await context.close();
  });
});
