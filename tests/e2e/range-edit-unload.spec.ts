// Nothing painted is lost to a reload or a closed tab right after the paint, in a real browser against the real
// server, on the worst day: IndexedDB has not written the edit when the page goes, and the save sent on leaving
// never arrives. The edit is written to localStorage inside the paint's own event; the next page replays it.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { withAppAndBrowser } from './support/browser.ts';
import { createRange, registerInPage, savedHands } from './support/page-api.ts';
import { cell, openRange, saveState } from './support/range-page.ts';

/**
 * Installed in every page before its scripts. The range saves' IndexedDB writes never land (as on a loaded machine
 * where they are still queued when the page goes 40 ms after the paint; here on every page, so only what survives
 * the unload in another way can come back), and a keepalive request (the save sent on pagehide) fails as if the
 * network dropped it.
 */
const WORST_DAY = `(() => {
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (...args) {
    if (this.name === 'saves') throw new DOMException('the page went before IndexedDB wrote this', 'AbortError');
    return put.apply(this, args);
  };
  const send = window.fetch.bind(window);
  window.fetch = (input, init) =>
    init && init.keepalive ? Promise.reject(new TypeError('Failed to fetch')) : send(input, init);
})();`;

/** Clicks the cells one after another as fast as a player's taps come, each a paint of its own. */
async function clickQuickly(page: Page, hands: string[]): Promise<void> {
  const boxes = await Promise.all(hands.map(async (hand) => (await cell(page, hand).boundingBox())!));
  for (const box of boxes) await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

const weights = (page: Page, hands: string[]) =>
  Promise.all(hands.map((hand) => cell(page, hand).getAttribute('data-weight')));

describe('a chart drawn without an account, right before the page goes away', () => {
  const app = withAppAndBrowser();

  it('is all there after a reload 40 ms after the paint, and after the tab is closed', async () => {
    const context = await app.session.browser.newContext({ viewport: { width: 375, height: 800 } });
    try {
      const page = await context.newPage();
      await page.goto(`${app.server.baseUrl}/`);
      await page.locator('.range-grid[aria-busy="false"]').waitFor();
      await clickQuickly(page, ['AA', 'KK', 'QQ']);
      await page.waitForTimeout(40);
      await page.reload();
      await expect.poll(() => weights(page, ['AA', 'KK', 'QQ'])).toEqual(['100', '100', '100']);

      await clickQuickly(page, ['JJ']);
      await page.waitForTimeout(40);
      await page.close({ runBeforeUnload: true });
      const next = await context.newPage();
      await next.goto(`${app.server.baseUrl}/`);
      await expect.poll(() => weights(next, ['AA', 'KK', 'QQ', 'JJ'])).toEqual(['100', '100', '100', '100']);
    } finally {
      await context.close();
    }
  });
});

describe('an edit right before the page goes away', () => {
  const app = withAppAndBrowser();
  let context: BrowserContext;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    context = await app.session.browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'en-US',
    });
    await context.addInitScript(WORST_DAY);
    // The browser's "leave site?" prompt on reload and close: accepted, as a player who leaves anyway.
    context.on('page', (opened) => opened.on('dialog', (dialog) => void dialog.accept()));
    page = await context.newPage();
    await page.goto(`${app.server.baseUrl}/`);
    token = await registerInPage(page, 'unloader');
  });
  afterAll(() => context?.close());

  it('is all there after a reload 40 ms after the last paint, and reaches the server', async () => {
    const id = await createRange(app.server.baseUrl, token, 'UTG open');
    await page.goto(`${app.server.baseUrl}/`);
    await openRange(page, id);
    await clickQuickly(page, ['AA', 'KK', 'QQ']);
    await page.waitForTimeout(40);
    await page.reload();
    // The tool opens the range again by itself, with the edit the server has not got yet.
    await page.locator(`[data-node-id="${id}"] .library-node__name[aria-current="true"]`).waitFor();
    await expect.poll(() => weights(page, ['AA', 'KK', 'QQ'])).toEqual(['100', '100', '100']);
    await expect.poll(() => savedHands(app.server.baseUrl, token, id)).toEqual(['AA', 'KK', 'QQ']);
    // Saved as the player's own edit: no conflict with itself, nothing left waiting.
    await expect.poll(() => saveState(page)).toMatch(/^(saved|idle)$/);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('is all there after the tab is closed 40 ms after the paint', async () => {
    const id = await createRange(app.server.baseUrl, token, 'MP open');
    const tab = await context.newPage();
    await tab.goto(`${app.server.baseUrl}/`);
    await openRange(tab, id);
    await clickQuickly(tab, ['AKs', 'JJ']);
    await tab.waitForTimeout(40);
    await tab.close({ runBeforeUnload: true });
    await expect.poll(() => tab.isClosed()).toBe(true);

    const next = await context.newPage();
    await next.goto(`${app.server.baseUrl}/`);
    await openRange(next, id);
    await expect.poll(() => weights(next, ['AKs', 'JJ'])).toEqual(['100', '100']);
    await expect.poll(() => savedHands(app.server.baseUrl, token, id)).toEqual(['AKs', 'JJ']);
    await next.close();
  });
});
