// Every route of the SPA checked by axe-core in chromium (no serious or critical violations), signed out, as a
// user and as the admin; the popups as native modal dialogs with an inert page behind them; the language of a
// first visit taken from the browser.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import type { AppServer } from './support/app-server.ts';
import { seriousViolations } from './support/axe.ts';
import { type BrowserSession, withAppAndBrowser } from './support/browser.ts';
import { logInThroughForm as logIn } from './support/page-api.ts';

/** Opens a route and waits until its main content has rendered (not a loading state). */
async function open(page: Page, url: string, ready: string): Promise<void> {
  await page.goto(url);
  await page.locator(ready).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}

describe('accessibility', () => {
  const app = withAppAndBrowser();
  let server: AppServer;
  let session: BrowserSession;
  let page: Page;
  beforeAll(() => ({ server, session, page } = app));

  const signedOutRoutes: [string, string][] = [
    ['/', '[data-hand="AA"]'],
    ['/tournament', '[data-hand="AA"]'],
    ['/store', '.offer'],
    ['/store/1', '.product'],
    ['/auth/login', 'form'],
    ['/auth/register', 'form'],
    ['/auth/restore', 'form'],
    ['/no-such-page', '.not-found'],
  ];

  it.each(signedOutRoutes)('%s has no serious axe violations (signed out)', async (path, ready) => {
    await open(page, `${server.baseUrl}${path}`, ready);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('the signed-in routes and the profile tabs have no serious axe violations', async () => {
    const context = await session.browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'en-US',
    });
    const user = await context.newPage();
    await logIn(user, server.baseUrl, server.accounts.demo.email, server.accounts.demo.password);
    for (const [path, ready] of signedOutRoutes.slice(0, 4)) {
      await open(user, `${server.baseUrl}${path}`, ready);
      expect(await seriousViolations(user), path).toEqual([]);
    }
    await open(user, `${server.baseUrl}/profile`, '[role="tab"]');
    for (const tab of await user.getByRole('tab').all()) {
      await tab.click();
      await user.waitForLoadState('networkidle');
      expect(await seriousViolations(user), `/profile ${await tab.textContent()}`).toEqual([]);
    }
    await context.close();
  });

  it('/admin has no serious axe violations', async () => {
    const context = await session.browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'en-US',
    });
    const admin = await context.newPage();
    await logIn(admin, server.baseUrl, server.accounts.admin.email, server.accounts.admin.password);
    await open(admin, `${server.baseUrl}/admin`, '.admin h1');
    expect(await seriousViolations(admin)).toEqual([]);
    await context.close();
  });

  it('opens popups as native modal dialogs: the page behind is inert and Tab stays inside', async () => {
    await logIn(page, server.baseUrl, server.accounts.demo.email, server.accounts.demo.password);
    await open(page, `${server.baseUrl}/store`, '.offer');
    await page.getByRole('button', { name: 'Activate Premium' }).click();
    const dialog = page.getByRole('dialog', { name: 'Premium' });
    await dialog.getByRole('button', { name: /^Buy for / }).waitFor();
    expect(
      await dialog.evaluate((element) => element.tagName === 'DIALOG' && element.matches(':modal')),
    ).toBe(true);
    expect(await seriousViolations(page, 'dialog')).toEqual([]);
    // Inert: a control behind the dialog can be neither focused nor clicked.
    const outsideFocused = await page.evaluate(() => {
      const link = document.querySelector<HTMLElement>('header a[href]');
      link?.focus();
      return document.activeElement === link;
    });
    expect(outsideFocused).toBe(false);
    await expect(
      page.locator('header a[href="/store"]').first().click({ timeout: 1_000, trial: true }),
    ).rejects.toThrow();
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(
        () => document.activeElement === document.body || !!document.activeElement?.closest('dialog'),
      );
      expect(inside, `Tab ${step + 1}`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Activate Premium');
  });

  it('shows a first visit in the browser language', async () => {
    const context = await session.browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'es-ES',
    });
    const visitor = await context.newPage();
    await open(visitor, `${server.baseUrl}/store`, '.offer');
    expect(await visitor.evaluate(() => document.documentElement.lang)).toBe('es-ES');
    await visitor.getByRole('link', { name: 'Tienda de rangos' }).first().waitFor();
    await context.close();
  });
});
