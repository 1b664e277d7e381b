// Accepting a shared strategy on the free plan deletes the player's first category (SPEC §4). In a real browser
// against the real server: the accept button asks first, naming the category that goes; "keep" deletes nothing; a
// change of the library while the question is open (another tab deletes the named category) is caught by the
// server, and the question is asked again naming the one that would go now. The oracle is the server's own tree,
// read through the API, never the page.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import type { AppServer } from './support/app-server.ts';
import { seriousViolations } from './support/axe.ts';
import { screenshotAtWidths, withAppAndBrowser } from './support/browser.ts';
import { type Language, tr, untranslated } from './support/i18n.ts';
import { api, createRange, logInToken, register } from './support/page-api.ts';

interface Node {
  id: number;
  name: string;
}

describe('accepting a shared strategy on the free plan', () => {
  const app = withAppAndBrowser();
  let server: AppServer;
  let page: Page;
  let token: string;
  let sender: string;
  let me: number;

  const topNames = async () =>
    (
      await api<{ children: Node[] }>(server.baseUrl, token, '/api/v1/categories/tree?root_type=preflop_root')
    ).children.map((node) => node.name);

  /** The seeded admin (Premium, so it may share) sends one of its ranges to the player. */
  async function share(name: string): Promise<void> {
    const id = await createRange(server.baseUrl, sender, name);
    await api(server.baseUrl, sender, '/api/v1/categories/share', { category_id: id, user_ids: [me] });
  }

  const row = (name: string) => page.locator('.strategy-list__item', { hasText: name });

  beforeAll(async () => {
    server = app.server;
    page = app.page;
    sender = await logInToken(server.baseUrl, server.accounts.admin.username, server.accounts.admin.password);
    token = await register(page, server.baseUrl, 'swapper');
    me = (await api<{ me: { id: number } }>(server.baseUrl, token, '/api/v1/auth/user')).me.id;
  });

  it('names the range that goes, deletes nothing on "keep", and asks again when another tab changed the list', async () => {
    await createRange(server.baseUrl, token, 'CO open');
    const threeBet = await createRange(server.baseUrl, token, 'BTN 3bet');
    const first = (
      await api<{ children: Node[] }>(server.baseUrl, token, '/api/v1/categories/tree?root_type=preflop_root')
    ).children[0]!;
    await share('Gift opens');

    await page.goto(`${server.baseUrl}/profile#strategy`);
    await row('Gift opens').getByRole('button', { name: 'Accept', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Accept “Gift opens”?' });
    await dialog.getByText('Accepting “Gift opens” deletes your range “CO open”.').waitFor();
    expect(await dialog.locator('[data-replaces]').getAttribute('data-replaces')).toBe(String(first.id));
    expect(await seriousViolations(page, '.accept-dialog')).toEqual([]);

    await dialog.getByRole('button', { name: 'Keep my category' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await topNames()).toEqual(['CO open', 'BTN 3bet']);
    await row('Gift opens').waitFor();

    await row('Gift opens').getByRole('button', { name: 'Accept', exact: true }).click();
    await dialog.getByText('deletes your range “CO open”', { exact: false }).waitFor();
    // Another tab deletes "CO open" while the question is open: the agreed range is gone, "BTN 3bet" would go now.
    const deleted = await fetch(`${server.baseUrl}/api/v1/categories/${first.id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(deleted.status).toBe(200);
    await dialog.getByRole('button', { name: 'Delete “CO open” and accept' }).click();
    await dialog
      .getByRole('alert')
      .getByText('Your list changed since you opened this', { exact: false })
      .waitFor();
    await dialog.getByText('Accepting “Gift opens” deletes your range “BTN 3bet”.').waitFor();
    expect(await topNames()).toEqual(['BTN 3bet']);

    await dialog.getByRole('button', { name: 'Delete “BTN 3bet” and accept' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .locator('.toast', {
        hasText: '“Gift opens” was added; “BTN 3bet” was deleted to make room on the free plan',
      })
      .waitFor();
    expect(await topNames()).toEqual(['Gift opens']);
    expect(
      (
        await api<{ children: Node[] }>(
          server.baseUrl,
          token,
          '/api/v1/categories/tree?root_type=preflop_root',
        )
      ).children.map((node) => node.id),
    ).not.toContain(threeBet);
    await page.getByText('No incoming strategies.').waitFor();
  });

  it('asks in Russian, at 375 and 1440 px, with nothing left untranslated', async () => {
    const language: Language = 'ru-RU';
    await share('Подарок SB');
    await api(server.baseUrl, token, '/api/v1/users/language', { language });
    // A new document (the same address with a hash only would not load one), so the language applies.
    await page.goto(`${server.baseUrl}/profile`);
    await page.goto(`${server.baseUrl}/profile#strategy`);
    await row('Подарок SB')
      .getByRole('button', { name: tr(language, 'profile:strategies.accept'), exact: true })
      .click();
    const values = { name: 'Подарок SB', replaced: 'Gift opens' };
    const dialog = page.getByRole('dialog', {
      name: tr(language, 'profile:strategies.confirm.title', values),
    });
    await dialog.getByText(tr(language, 'profile:strategies.confirm.deletesRange', values)).waitFor();
    expect(await untranslated(page, language)).toEqual([]);
    await screenshotAtWidths(page, 'accept-dialog-ru');
    await page.setViewportSize({ width: 375, height: 900 });
    // The whole question and both choices fit a phone's width.
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    const confirm = dialog.getByRole('button', {
      name: tr(language, 'profile:strategies.confirm.accept', values),
    });
    const button = await confirm.boundingBox();
    expect(button!.x + button!.width).toBeLessThanOrEqual(375);
    await confirm.click();
    await dialog.waitFor({ state: 'detached' });
    expect(await topNames()).toEqual(['Подарок SB']);
    await page.setViewportSize({ width: 1440, height: 900 });
    await api(server.baseUrl, token, '/api/v1/users/language', { language: 'en-US' });
  });
});
