// A range deleted in another tab while this one still edits it, in a real browser against the real server: the paint
// made afterwards is not dropped as "error renewing range". It stays held on this device, the player is told the
// range no longer exists, and saves their version as a new range in the same folder, where the editor goes on.
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import type { TreeResponse } from '../../contract/categories.ts';
import { ARTIFACTS_DIR, withAppAndBrowser } from './support/browser.ts';
import { api, heldSaves, register, savedHands } from './support/page-api.ts';
import { cell, openRange, saveState } from './support/range-page.ts';

describe('a range deleted in another tab', () => {
  const app = withAppAndBrowser();

  it('keeps the edit made afterwards, says why and saves it as a new range in the same folder', async () => {
    const { page, server } = app;
    const token = await register(page, server.baseUrl, 'deleted_player');
    const create = (body: object) => api<{ id: number }>(server.baseUrl, token, '/api/v1/categories', body);
    const folder = await create({ name: 'Cash 6-max', kind: 'folder', root_type: 'preflop_root' });
    const range = await create({
      name: 'CO open',
      kind: 'range',
      root_type: 'preflop_root',
      parent_id: folder.id,
      buttons: [{ color: '#1847BE', label: 'Raise' }],
      pairs: [],
    });
    await page.goto(`${server.baseUrl}/`);
    await openRange(page, range.id);
    await cell(page, 'AA').click();
    await expect.poll(() => savedHands(server.baseUrl, token, range.id)).toEqual(['AA']);

    // A second tab of the same browser deletes the range through the library.
    const other = await page.context().newPage();
    await other.goto(`${server.baseUrl}/`);
    const node = other.locator(`[data-node-id="${range.id}"]`);
    await node.getByRole('button', { name: 'Actions for CO open' }).click();
    await node.getByRole('button', { name: 'Delete', exact: true }).click();
    await other
      .getByRole('dialog', { name: 'Delete item' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await node.waitFor({ state: 'detached' });
    await other.close();

    // The first tab, still on the range, paints on: the save meets the deletion.
    await cell(page, 'KK').click();
    const dialog = page.getByRole('dialog', { name: 'This range no longer exists' });
    await dialog.waitFor();
    await dialog.getByText('“CO open” was deleted after your edit began', { exact: false }).waitFor();
    await expect.poll(() => saveState(page)).toBe('gone');
    expect(await page.getByTestId('save-state').textContent()).toBe(
      'Range deleted: your edits are kept here',
    );
    // Held on this device, both paints in the version the dialog shows.
    expect(await heldSaves(page)).toEqual([range.id]);
    const mine = page.getByTestId('gone-mine');
    for (const hand of ['AA', 'KK'])
      expect(await mine.locator(`[data-hand="${hand}"]`).getAttribute('data-coloured')).toBe('true');
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'range-deleted-dialog.png') });

    await dialog.getByRole('button', { name: 'Save as a new range' }).click();
    await dialog.waitFor({ state: 'detached' });
    const tree = await api<TreeResponse>(
      server.baseUrl,
      token,
      '/api/v1/categories/tree?root_type=preflop_root',
    );
    const inFolder = tree.children.find((entry) => entry.id === folder.id)?.children ?? [];
    expect(inFolder.map((entry) => entry.name)).toEqual(['CO open']);
    const made = inFolder[0]!.id;
    expect(made).not.toBe(range.id);
    expect(await savedHands(server.baseUrl, token, made)).toEqual(['AA', 'KK']);
    await expect.poll(() => heldSaves(page)).toEqual([]);

    // The editor holds the new range, and the next paint is saved there.
    await page.locator(`[data-node-id="${made}"] .library-node__name[aria-current="true"]`).waitFor();
    await cell(page, 'QQ').click();
    await expect.poll(() => savedHands(server.baseUrl, token, made)).toEqual(['AA', 'KK', 'QQ']);
    await expect.poll(() => saveState(page)).toBe('saved');
  });
});
