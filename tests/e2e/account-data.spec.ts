// A player takes their data and leaves, with the keyboard: "Download my data" saves a zip the browser downloads (read
// here with a separate zip reader, its range text read back by the engine itself), then "Delete my account" asks the
// password and the typed username, refuses a wrong password, deletes, and signs the page out; the account's token,
// name and e-mail no longer sign anyone in, and the name and e-mail are free to register again.
import { readFileSync } from 'node:fs';

import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { createEngineApi, type EngineApi } from '../../src/engine/engine-api.ts';
import { loadEquityWasm } from '../../src/engine/node/load-wasm.ts';
import type { AppServer } from './support/app-server.ts';
import { seriousViolations } from './support/axe.ts';
import { type BrowserSession, screenshotAtWidths, withAppAndBrowser } from './support/browser.ts';
import { api, register } from './support/page-api.ts';
import { signUpThroughApi } from './support/sign-up.ts';

const NAME = 'leaving_player';
const RAISE = '#D93A3A';

/** Keyboard only: Tab until `name` has the focus (at most 60 stops), then the caller presses a key. */
async function tabTo(page: Page, name: string): Promise<void> {
  for (let stop = 0; stop < 60; stop += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      return element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? '';
    });
    if (focused === name) return;
  }
  throw new Error(`${name} never took the focus`);
}

describe('a player downloads their data and deletes their account', () => {
  const app = withAppAndBrowser();
  let server: AppServer;
  let session: BrowserSession;
  let engine: EngineApi;
  beforeAll(async () => {
    ({ server, session } = app);
    engine = createEngineApi(await loadEquityWasm());
  });

  it('downloads a zip that opens and reads back, then deletes the account from the profile', async () => {
    const context = await session.browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'en-US',
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const token = await register(page, server.baseUrl, NAME);
    await api(server.baseUrl, token, '/api/v1/categories', {
      name: 'UTG open',
      kind: 'range',
      root_type: 'preflop_root',
      buttons: [{ color: RAISE, label: 'Raise' }],
      pairs: [
        { hand: 'AA', colors: [{ color: RAISE, weight: 100 }] },
        { hand: 'AKs', colors: [{ color: RAISE, weight: 50 }] },
      ],
    });
    await page.goto(`${server.baseUrl}/profile`);
    const section = page.getByRole('region', { name: 'Your data and your account' });
    await section.waitFor();
    await section.scrollIntoViewIfNeeded();
    expect(await seriousViolations(page, '.account-actions')).toEqual([]);
    await screenshotAtWidths(page, 'account-data');
    await page.setViewportSize({ width: 1440, height: 900 });

    // Download, by keyboard.
    await page.locator('body').focus();
    await tabTo(page, 'Download my data');
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toMatch(/^rangeforge-data-\d{4}-\d\d-\d\d\.zip$/);
    const files = unzipSync(new Uint8Array(readFileSync((await download.path()) as string)));
    const text = (name: string) => new TextDecoder().decode(files[name]);
    expect(JSON.parse(text('profile.json'))).toMatchObject({ username: NAME, email: `${NAME}@example.com` });
    const line = text('charts/cash-ranges.txt')
      .split('\n')
      .find((entry) => entry.trim().startsWith(`${RAISE} Raise: `));
    // The engine reads the exported text back to the chart: AA whole (6 combos), AKs at half (4 combos).
    const weights = engine.parseRange((line ?? '').split(': ')[1] ?? '');
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    expect(total).toBeCloseTo(6 + 4 * 0.5, 5);
    await page.getByText('Your data has been downloaded').waitFor();

    // Delete, by keyboard: the dialog, a wrong password first.
    await tabTo(page, 'Delete my account…');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete your account for good?' });
    await dialog.waitFor();
    expect(await seriousViolations(page, '.popup')).toEqual([]);
    await screenshotAtWidths(page, 'account-delete-dialog');
    await page.setViewportSize({ width: 1440, height: 900 });
    await dialog.getByLabel('Your password').focus();
    await page.keyboard.type('not-my-password');
    await page.keyboard.press('Tab');
    await page.keyboard.type(NAME.toUpperCase());
    await page.keyboard.press('Enter');
    await dialog.getByRole('alert').filter({ hasText: 'The password is incorrect' }).waitFor();

    await dialog.getByLabel('Your password').fill('');
    await dialog.getByLabel('Your password').focus();
    await page.keyboard.type('secret123');
    await page.keyboard.press('Enter');
    await page.getByText('Your account has been deleted').waitFor();
    await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('rangeforge.token'))).toBeNull();

    // The server agrees: the old session is refused, the name and e-mail sign nobody in and are free again.
    const profile = await fetch(`${server.baseUrl}/api/v1/users/userprofile`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(profile.status).toBe(401);
    const signIn = await fetch(`${server.baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ login: NAME, password: 'secret123' }),
    });
    expect(signIn.status).toBe(400);
    // The name and the address are free again: the whole sign-up with both makes a new account.
    const again = await signUpThroughApi(server.baseUrl, server.dataDir, {
      username: NAME,
      email: `${NAME}@example.com`,
      password: 'another1',
    });
    expect(again.me.username).toBe(NAME);
    await context.close();
  }, 120_000);
});
