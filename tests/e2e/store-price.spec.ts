// Once seen: a free user saw "Buy for $54.00" on the Premium-required pack's card and was asked $79.00 in the payment
// window. The card, the product page and the window must show the server's one total, and what the user owns is
// marked and not sold again.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type AppServer, dataDirOf, startAppServer } from './support/app-server.ts';
import { type BrowserSession, launchBrowser } from './support/browser.ts';
import { signUpThroughApi } from './support/sign-up.ts';

const PACK = 'Tournament push/fold';
const stamp = Date.now().toString(36).slice(-6);

/** A fresh free account made through the API, then signed in through the login form. */
async function signInNewUser(page: Page, baseUrl: string): Promise<void> {
  const made = await signUpThroughApi(baseUrl, dataDirOf(baseUrl), {
    username: `price_${stamp}`,
    email: `price_${stamp}@example.com`,
    password: 'price-pass1',
  });
  expect(made.me.username).toBe(`price_${stamp}`);
  await page.goto(`${baseUrl}/auth/login`);
  await page.getByLabel('Login or e-mail').fill(`price_${stamp}`);
  await page.getByLabel('Password', { exact: true }).fill('price-pass1');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.getByRole('button', { name: 'Log out' }).waitFor();
}

/** The amount in a "Buy for $79.00" / "To pay: $79.00" text. */
const amount = (text: string | null) => /\$[\d,]+\.\d{2}/.exec(text ?? '')?.[0] ?? `no amount in "${text}"`;

describe('one price everywhere', () => {
  let server: AppServer;
  let session: BrowserSession;

  beforeAll(async () => {
    server = await startAppServer();
    session = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await session?.close();
    await server?.stop();
  });

  it('the store card, the product page and the payment window ask a free user the same total', async () => {
    const { page } = session;
    await signInNewUser(page, server.baseUrl);
    await page.goto(`${server.baseUrl}/store`);
    const card = page.locator('.offer', { hasText: PACK });
    const cardButton = card.getByRole('button', { name: /^Buy for / });
    await cardButton.waitFor();
    const onCard = amount(await cardButton.textContent());
    // $15 + $39 for the pack, $25 for the Premium it requires.
    expect(onCard).toBe('$79.00');
    await card.getByText('Premium (required for this package)').waitFor();

    await cardButton.click();
    const window = page.getByRole('dialog', { name: PACK });
    const total = window.locator('.payment-window__total strong');
    await total.waitFor();
    await expect.poll(async () => amount(await total.textContent())).toBe(onCard);
    await window.getByRole('note').getByText('Test payments: no money is taken.', { exact: false }).waitFor();
    await page.keyboard.press('Escape');
    await window.waitFor({ state: 'detached' });

    await card.getByRole('link', { name: PACK }).click();
    await page.waitForURL(/\/store\/\d+$/);
    // The product page's own button (the store list it replaces has one per package).
    const productButton = page.locator('.product').getByRole('button', { name: /^Buy for / });
    await productButton.waitFor();
    expect(amount(await productButton.textContent())).toBe(onCard);
  });

  it('after buying, the items are marked owned and nothing is sold again', async () => {
    const { page } = session;
    await page.goto(`${server.baseUrl}/store`);
    const card = page.locator('.offer', { hasText: PACK });
    await card.getByRole('button', { name: /^Buy for / }).click();
    const window = page.getByRole('dialog', { name: PACK });
    await window.locator('.payment-window__total strong').waitFor();
    await window.getByRole('button', { name: 'Buy', exact: true }).click();
    await page
      .locator('.toast', { hasText: 'Payment successful. Thank you!' })
      .first()
      .waitFor({ timeout: 20_000 });

    await page.goto(`${server.baseUrl}/store`);
    await card.locator('.badge', { hasText: 'Owned' }).first().waitFor();
    expect(await card.getByRole('button', { name: /^Buy for / }).count()).toBe(0);
    expect(await card.getByText('Premium (required for this package)').count()).toBe(0);
    await card.getByRole('link', { name: PACK }).click();
    await page.getByRole('heading', { name: PACK, level: 1 }).waitFor();
    await expect.poll(() => page.locator('.badge', { hasText: 'Owned' }).count()).toBe(2);
    expect(await page.getByRole('button', { name: /^Buy for / }).count()).toBe(0);
  });
});
