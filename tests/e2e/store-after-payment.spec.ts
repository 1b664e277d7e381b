// After a card payment the store must show what the player now holds, at once and after a reload: a product page
// that went on saying "Buy for $97.00" and "Available after purchase", whose second Buy opened a $0.00 window ending
// in "The shopping list is empty", and a store that kept listing "Premium $25" and "Requires Premium" to a Premium
// player. In a real browser against the real server (test card payments); the oracle for ownership is the server's
// own answer, read through the API beside the page.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import type { Offer } from '../../contract/shop.ts';
import type { AppServer } from './support/app-server.ts';
import { screenshotAtWidths, withAppAndBrowser } from './support/browser.ts';
import { tr, untranslated } from './support/i18n.ts';
import { api, register } from './support/page-api.ts';

const CASH = '6-max Cash 100bb';
const PUSH = 'Tournament push/fold';

/** What the page must show within: far less than the 30 s and more it took, time for one answer on a busy machine. */
const AT_ONCE = { timeout: 3000 };

describe('the store after a payment', () => {
  const app = withAppAndBrowser();
  let server: AppServer;
  let page: Page;
  let token: string;

  // In English whatever the player's language, so the seeded packs are found by their English names.
  const offers = async () =>
    (await api<{ list: Offer[] }>(server.baseUrl, token, '/api/shop?lang=en-US')).list;

  /** Pays in the open payment window with the test card provider and waits for its answer. */
  async function payByCard(): Promise<void> {
    const window = page.getByRole('dialog');
    await window.locator('.payment-window__total strong').waitFor();
    await window.getByRole('button', { name: 'Buy', exact: true }).click();
    await page.locator('.toast', { hasText: 'Payment successful. Thank you!' }).first().waitFor();
    await window.waitFor({ state: 'detached' });
  }

  beforeAll(async () => {
    server = app.server;
    page = app.page;
    token = await register(page, server.baseUrl, 'buyer');
  });

  it('the product page shows the bought package as owned at once: no Buy, the lessons open', async () => {
    const cash = (await offers()).find((offer) => offer.name === CASH)!;
    await page.goto(`${server.baseUrl}/store/${cash.id}`);
    const product = page.locator('.product');
    await product.getByRole('button', { name: 'Buy for $97.00' }).click();
    await payByCard();

    await product.locator('.badge', { hasText: 'Owned' }).nth(2).waitFor(AT_ONCE);
    expect(await product.getByRole('button', { name: /^Buy for/ }).count()).toBe(0);
    await product.getByRole('button', { name: 'Watch' }).first().waitFor(AT_ONCE);
    expect(await product.getByText('Available after purchase').count()).toBe(0);
    // The server holds it too: every item owned, nothing for sale.
    const after = (await offers()).find((offer) => offer.id === cash.id)!;
    expect(after).toMatchObject({ all_owned: true, total: 0 });

    // Back in the store (no reload) the package is owned, and nothing opens a $0.00 window.
    await product.getByRole('link', { name: /Back to the store/ }).click();
    const card = page.locator(`.offer[data-offer-id="${cash.id}"]`);
    await card.locator('.offer__actions .badge', { hasText: 'Owned' }).waitFor(AT_ONCE);
    expect(await card.getByRole('button', { name: /^Buy for/ }).count()).toBe(0);
  });

  it('after Premium is paid the store shows it held: no Premium line, no "Requires Premium", also after a reload', async () => {
    const push = page.locator('.offer', { hasText: PUSH });
    await push.getByText('Premium (required for this package)').waitFor();
    await push.getByRole('button', { name: 'Buy for $79.00' }).waitFor();
    await page.getByRole('button', { name: 'Activate Premium' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Buy for $25.00' }).click();
    await payByCard();

    const check = async () => {
      await push.getByText('You have Premium').waitFor(AT_ONCE);
      await push.getByRole('button', { name: 'Buy for $54.00' }).waitFor(AT_ONCE);
      expect(await push.getByText('Premium (required for this package)').count()).toBe(0);
      expect(await push.getByText('Requires Premium').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Activate Premium' }).count()).toBe(0);
      await page.getByText('Premium is active on your account', { exact: false }).waitFor(AT_ONCE);
    };
    await check();
    // The server's answer says the same, so a reload does too.
    const held = (await offers()).find((offer) => offer.name === PUSH)!;
    expect(held).toMatchObject({ premium_required: true, premium_owned: true, premium_cost: 0, total: 54 });
    await page.reload();
    await check();
  });

  it('reads in Russian at 375 and 1440 px, with nothing left untranslated', async () => {
    await api(server.baseUrl, token, '/api/v1/users/language', { language: 'ru-RU' });
    await page.goto(`${server.baseUrl}/store`);
    await page.getByText(tr('ru-RU', 'shop:premiumHeld')).waitFor();
    await page.getByText(tr('ru-RU', 'shop:premium.active')).waitFor();
    // The interface and the store's own words (the seed translates its packs) are Russian.
    expect(await untranslated(page, 'ru-RU')).toEqual([]);
    await screenshotAtWidths(page, 'store-after-payment-ru');
    const cash = (await offers()).find((offer) => offer.name === CASH)!;
    await page.goto(`${server.baseUrl}/store/${cash.id}`);
    await page
      .getByRole('button', { name: tr('ru-RU', 'shop:lessons.watch') })
      .first()
      .waitFor();
    expect(await untranslated(page, 'ru-RU')).toEqual([]);
    await screenshotAtWidths(page, 'product-owned-ru');
    await page.setViewportSize({ width: 1440, height: 900 });
    await api(server.baseUrl, token, '/api/v1/users/language', { language: 'en-US' });
  });
});
