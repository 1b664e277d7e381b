// A new chart's colour buttons are named in the interface language at creation, in a real browser against the real
// server, in Russian: the signed-out tool's chart, and a range made in the library, saved so. Once saved the names
// are the player's own: another interface language shows them as they are, while a fresh chart follows it.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { withAppAndBrowser, withPageIn } from './support/browser.ts';
import { ru, tr } from './support/i18n.ts';
import { api, forgetWorkingState } from './support/page-api.ts';
import { enterMailedCode } from './support/sign-up.ts';

const RAISE = '#1847BE';
const CALL = '#C0392B';

const names = (language: 'ru-RU' | 'es-ES') => [
  tr(language, 'ranges:buttons.defaultRaise'),
  tr(language, 'ranges:buttons.defaultCall'),
];

describe('default colour buttons in the interface language', () => {
  const app = withAppAndBrowser();
  const russian = withPageIn(app, 'ru-RU');
  let page: Page;
  const labels = () => page.locator('.range-button__label').allTextContents();
  beforeAll(() => ({ page } = russian));

  it('names the chart in Russian, saves a new range so, and never translates the saved names', async () => {
    const { server } = app;
    expect(names('ru-RU')).not.toEqual(['Raise', 'Call']);
    await page.goto(`${server.baseUrl}/`);
    await page.locator('.range-grid').waitFor();
    expect(await labels()).toEqual(names('ru-RU'));

    await page.goto(`${server.baseUrl}/auth/register`);
    await page.getByLabel(ru('auth:fields.username')).fill('knopki');
    await page.getByLabel(ru('auth:fields.email')).fill('knopki@example.com');
    await page.getByLabel(ru('auth:fields.password')).fill('secret123');
    await page.getByRole('button', { name: ru('auth:register.submit') }).click();
    await enterMailedCode(page, 'knopki@example.com', {
      code: ru('auth:fields.code'),
      confirm: ru('auth:register.confirm'),
    });
    await page.getByRole('button', { name: ru('common:header.logout') }).waitFor();
    const token = (await page.evaluate(() => localStorage.getItem('rangeforge.token')))!;

    await page.goto(`${server.baseUrl}/`);
    await page.getByLabel(ru('ranges:library.newItem'), { exact: true }).fill('BTN open');
    await page.getByRole('button', { name: ru('ranges:library.create'), exact: true }).click();
    const node = page.locator('.library-node__name', { hasText: 'BTN open' }).first();
    await node.click();
    await page.locator('.library-node__name[aria-current="true"]', { hasText: 'BTN open' }).waitFor();
    expect(await labels()).toEqual(names('ru-RU'));

    const tree = await api<{ children: Array<{ id: number; name: string }> }>(
      server.baseUrl,
      token,
      '/api/v1/categories/tree?root_type=preflop_root',
    );
    const id = tree.children.find((entry) => entry.name === 'BTN open')!.id;
    const saved = await api<{ buttons: Array<{ color: string; label: string }> }>(
      server.baseUrl,
      token,
      `/api/v1/categories/${id}`,
    );
    const [raise, call] = names('ru-RU');
    expect(saved.buttons).toEqual([
      { color: RAISE, label: raise },
      { color: CALL, label: call },
    ]);

    // In Spanish the fresh chart is Spanish, the saved range keeps its Russian names. The tool would reopen the
    // range of this visit (its working state): the fresh chart is asked for here.
    await api(server.baseUrl, token, '/api/v1/users/language', { language: 'es-ES' });
    await forgetWorkingState(page);
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('button', { name: tr('es-ES', 'common:header.logout') }).waitFor();
    await expect.poll(labels).toEqual(names('es-ES'));
    await page.locator(`[data-node-id="${id}"] .library-node__name`).click();
    await page.locator(`[data-node-id="${id}"] .library-node__name[aria-current="true"]`).waitFor();
    await expect.poll(labels).toEqual(names('ru-RU'));
  });
});
