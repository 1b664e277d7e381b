// Failures once seen in a walk through the app that only a jsdom test covered, checked again in a real browser
// against the real server: the burger menu closed by a tap on the grid without painting, the Premium window at once
// for a free user's share, unknown PDF paths answering 404 instead of the app, the registration error in the
// server's words alone and one tab stop for the whole grid.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import type { AppServer } from './support/app-server.ts';
import { type BrowserSession, withAppAndBrowser } from './support/browser.ts';
import { registerInPage as register } from './support/page-api.ts';

const cell = (page: Page, hand: string) => page.locator(`.range-grid [data-hand="${hand}"]`);

describe('failures of a walk through the app, in the browser', () => {
  const app = withAppAndBrowser();
  let server: AppServer;
  let session: BrowserSession;
  beforeAll(() => ({ server, session } = app));

  it('4: a tap on the grid closes the burger menu and paints nothing', async () => {
    const context = await session.browser.newContext({
      viewport: { width: 375, height: 812 },
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/`);
    await cell(page, 'KK').scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await page.locator('#burger-menu').waitFor();
    const rect = (await cell(page, 'KK').boundingBox())!;
    const [x, y] = [rect.x + rect.width / 2, rect.y + rect.height / 2];
    // The press must land on the cell itself (not on the open menu) for the check to mean anything.
    expect(
      await page.evaluate(
        ([px, py]) => document.elementFromPoint(px!, py!)?.closest('[data-hand]')?.getAttribute('data-hand'),
        [x, y],
      ),
    ).toBe('KK');
    await page.mouse.click(x, y);
    await page.locator('#burger-menu').waitFor({ state: 'detached' });
    expect(await cell(page, 'KK').getAttribute('data-weight')).toBe('0');
    // The next press paints as usual.
    await page.mouse.click(x, y);
    await expect.poll(() => cell(page, 'KK').getAttribute('data-weight')).toBe('100');
    await context.close();
  });

  it('8: a free user who shares gets the Premium window at once, never the share dialog', async () => {
    const context = await session.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/`);
    await register(page, 'walkfree');
    await page.goto(`${server.baseUrl}/`);
    await page.getByLabel('New item', { exact: true }).fill('My open');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.locator('.library-node__name', { hasText: 'My open' }).first().waitFor();
    await page.getByRole('button', { name: 'Actions for My open' }).click();
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await page.getByRole('dialog', { name: 'Premium' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(1);
    expect(await page.getByLabel('Find users by name').count()).toBe(0);
    await context.close();
  });

  it('9: a PDF path the site does not have answers 404, not the app', async () => {
    const page = await session.context.newPage();
    await page.goto(`${server.baseUrl}/`);
    const answers = await page.evaluate(async () => {
      const paths = ['/docs/en/privacy.pdf', '/docs/ru/terms_and_contitions.pdf', '/docs/es-ES/nothing.pdf'];
      return Promise.all(
        [...paths, '/docs/ru-RU/terms_and_contitions.pdf'].map(async (path) => {
          const response = await fetch(path);
          return { path, status: response.status, type: response.headers.get('content-type') ?? '' };
        }),
      );
    });
    for (const answer of answers.slice(0, 3)) {
      expect(answer.status, answer.path).toBe(404);
      expect(answer.type, answer.path).not.toContain('text/html');
    }
    expect(answers[3]).toMatchObject({ status: 200, type: expect.stringContaining('application/pdf') });
    await page.close();
  });

  it('10: a taken username reads the server reason alone, and the grid is one tab stop', async () => {
    const page = await session.context.newPage();
    await page.goto(`${server.baseUrl}/auth/register`);
    await page.getByLabel('Username').fill('walkfree');
    await page.getByLabel('E-mail').fill('other-walkfree@example.com');
    await page.getByLabel('Password').fill('secret123');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toBe('This username is already taken');

    await page.goto(`${server.baseUrl}/`);
    await cell(page, 'AA').waitFor();
    const stops = await page
      .locator('.range-grid [data-hand]')
      .evaluateAll((cells) => cells.map((element) => element.getAttribute('tabindex')));
    expect(stops).toHaveLength(169);
    expect(stops.filter((value) => value === '0')).toHaveLength(1);
    expect(stops.filter((value) => value === '-1')).toHaveLength(168);
    await page.close();
  });
});
