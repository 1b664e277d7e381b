// Offline editing in a real browser against the real server: the app started without a connection (from the
// service worker) opens the range tool and the user's charts, computes equity in the wasm engine and holds an
// edit until the connection returns; a range changed in another session meanwhile is never overwritten silently,
// and each choice of the conflict dialog does what it says.
import { join } from 'node:path';

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { ARTIFACTS_DIR, withAppAndBrowser } from './support/browser.ts';
import { api, forgetWorkingState, playHandAgainstText, register, savedHands } from './support/page-api.ts';
import { cell, openRange, saveState } from './support/range-page.ts';

const RAISE = '#1847BE';
const raise = (...hands: string[]) =>
  hands.map((hand) => ({ hand, colors: [{ color: RAISE, weight: 100 }] }));

interface Range {
  revision: number;
  name: string;
  parent_id: number | null;
}

const createRange = (baseUrl: string, token: string, name: string, hands: string[]) =>
  api<{ id: number }>(baseUrl, token, '/api/v1/categories', {
    name,
    kind: 'range',
    root_type: 'preflop_root',
    parent_id: null,
    buttons: [{ color: RAISE, label: 'Raise' }],
    pairs: raise(...hands),
  }).then((created) => created.id);

const category = (baseUrl: string, token: string, id: number) =>
  api<Range>(baseUrl, token, `/api/v1/categories/${id}`);

/** Another session saves the range: the server moves to a new revision the open page does not know. */
async function changeElsewhere(baseUrl: string, token: string, id: number, hands: string[]): Promise<void> {
  const { revision } = await category(baseUrl, token, id);
  await api(baseUrl, token, `/api/v1/categories/${id}`, { pairs: raise(...hands), base_revision: revision });
}

const painted = (page: Page, hand: string) => cell(page, hand).getAttribute('data-weight');

describe('offline', () => {
  const app = withAppAndBrowser();

  it('starts offline from the service worker: charts, equity and an edit synced when the connection returns', async () => {
    const { page, server } = app;
    const token = await register(page, server.baseUrl, 'offline_player');
    const id = await createRange(server.baseUrl, token, 'BTN open', ['AA', 'AKs']);
    await page.goto(`${server.baseUrl}/`);
    // The worker installs on the first visit and controls the pages loaded after it.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await openRange(page, id);
    await expect.poll(() => painted(page, 'AA')).toBe('100');

    // This start types an opponent before any chart is open: the tool must not reopen the range of this visit.
    await forgetWorkingState(page);
    await page.context().setOffline(true);
    await page.reload();
    await page.getByTestId('offline-notice').waitFor();
    // The engine runs from the precached wasm: AhKh against QQ on Jh8h2c is 53.18% (csp.spec.ts, equity CLI),
    // computed before a chart is open so the typed opponent paints nothing into it.
    await expect
      .poll(() => page.getByTestId('engine-status').textContent(), { timeout: 30_000 })
      .toMatch(/Engine \d+\.\d+\.\d+ ready/);
    await playHandAgainstText(page, ['Ah', 'Kh'], 'QQ', ['Jh', '8h', '2c']);
    await expect
      .poll(() => page.getByTestId('hand-equity').textContent(), { timeout: 30_000 })
      .toContain('53.18%');

    // The chart opens from the cache the worker filled while online.
    await openRange(page, id);
    await expect.poll(() => painted(page, 'AKs')).toBe('100');
    expect(await painted(page, 'KK')).toBe('0');

    await cell(page, 'KK').click();
    await expect.poll(() => saveState(page), { timeout: 15_000 }).toBe('offline');
    expect(await savedHands(server.baseUrl, token, id)).toEqual(['AA', 'AKs']);

    await page.context().setOffline(false);
    await expect.poll(() => saveState(page), { timeout: 30_000 }).toBe('saved');
    expect(await savedHands(server.baseUrl, token, id)).toEqual(['AA', 'AKs', 'KK']);
    await expect.poll(() => page.getByTestId('offline-notice').count()).toBe(0);
  });

  it('shows a conflict with a range changed in another session and does what each choice says', async () => {
    const { page, server } = app;
    const token = await register(page, server.baseUrl, 'conflict_player');
    const ids = {
      mine: await createRange(server.baseUrl, token, 'CO open', ['AA']),
      theirs: await createRange(server.baseUrl, token, 'HJ open', ['AA']),
      copy: await createRange(server.baseUrl, token, 'UTG open', ['AA']),
    };
    await page.goto(`${server.baseUrl}/`);
    const dialog = page.getByRole('dialog', { name: 'This range was changed in another session' });

    const conflictOn = async (id: number) => {
      await openRange(page, id);
      await expect.poll(() => painted(page, 'AA')).toBe('100');
      await changeElsewhere(server.baseUrl, token, id, ['AA', '22']);
      await cell(page, 'KK').click();
      await dialog.waitFor();
      // Both versions side by side: mine has KK, theirs 22; nothing was overwritten.
      const mine = page.getByTestId('conflict-mine');
      const theirs = page.getByTestId('conflict-theirs');
      expect(await mine.locator('[data-hand="KK"]').getAttribute('data-coloured')).toBe('true');
      expect(await mine.locator('[data-hand="22"]').getAttribute('data-coloured')).toBe('false');
      expect(await theirs.locator('[data-hand="22"]').getAttribute('data-coloured')).toBe('true');
      expect(await page.getByTestId('conflict-differ').textContent()).toBe('2 hand classes differ');
      expect(await savedHands(server.baseUrl, token, id)).toEqual(['AA', '22']);
      await expect.poll(() => saveState(page)).toBe('conflict');
    };

    await conflictOn(ids.mine);
    await dialog.getByRole('button', { name: 'Keep mine' }).click();
    await expect
      .poll(() => savedHands(server.baseUrl, token, ids.mine), { timeout: 15_000 })
      .toEqual(['AA', 'KK']);
    await expect.poll(() => saveState(page)).toBe('saved');
    expect(await dialog.count()).toBe(0);

    await conflictOn(ids.theirs);
    await dialog.getByRole('button', { name: 'Keep theirs' }).click();
    await expect.poll(() => painted(page, '22')).toBe('100');
    expect(await painted(page, 'KK')).toBe('0');
    expect(await savedHands(server.baseUrl, token, ids.theirs)).toEqual(['AA', '22']);
    // The editor goes on from their revision: the next edit saves without a conflict.
    await cell(page, 'QQ').click();
    await expect
      .poll(() => savedHands(server.baseUrl, token, ids.theirs), { timeout: 15_000 })
      .toEqual(['AA', 'QQ', '22']);

    await conflictOn(ids.copy);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'offline-conflict-dialog.png') });
    await dialog.getByRole('button', { name: 'Save mine as a copy' }).click();
    const copyNode = page.locator('.library-node__name', { hasText: 'UTG open (my version)' });
    await copyNode.waitFor();
    expect(await savedHands(server.baseUrl, token, ids.copy)).toEqual(['AA', '22']);
    const tree = await api<{ children: { id: number; name: string }[] }>(
      server.baseUrl,
      token,
      '/api/v1/categories/tree?root_type=preflop_root',
    );
    const copy = tree.children.find((node) => node.name === 'UTG open (my version)');
    expect(copy).toBeDefined();
    expect(await savedHands(server.baseUrl, token, copy!.id)).toEqual(['AA', 'KK']);
    await expect.poll(() => painted(page, '22')).toBe('100');
    await expect.poll(() => saveState(page)).not.toBe('conflict');
  });
});
