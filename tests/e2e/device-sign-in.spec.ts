// A stranger who knows a player's username locks the account's sign-in for every browser that never signed in to
// it; the player's own browser, which kept the device token of its sign-up past sign-out, still signs in.
import { beforeAll, describe, expect, it } from 'vitest';

import type { AppServer } from './support/app-server.ts';
import { type BrowserSession, withAppAndBrowser } from './support/browser.ts';
import { enterMailedCode } from './support/sign-up.ts';

describe('the owner signs in while a stranger locks the account', () => {
  const app = withAppAndBrowser();
  let server: AppServer;
  let session: BrowserSession;
  beforeAll(() => ({ server, session } = app));

  it('signs up, signs out, and signs in through the form after five wrong passwords of a stranger', async () => {
    const context = await session.browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'en-US',
    });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/auth/register`);
    await page.getByLabel('Username').fill('owner_here');
    await page.getByLabel('E-mail').fill('owner_here@example.com');
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByRole('button', { name: 'Register' }).click();
    await enterMailedCode(page, 'owner_here@example.com');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
    // Signed out, the browser still holds the device token its sign-up was given.
    const kept = await page.evaluate(() => localStorage.getItem('rangeforge.deviceTokens'));
    expect(JSON.parse(kept ?? '[]')).toHaveLength(1);

    // The stranger: no device token, so five guesses lock the account's untrusted sign-ins.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await fetch(`${server.baseUrl}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ login: 'owner_here', password: i < 5 ? `guess-${i}` : 'secret123' }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);

    await page.goto(`${server.baseUrl}/auth/login`);
    await page.getByLabel('Login or e-mail').fill('owner_here');
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    await context.close();
  });
});
