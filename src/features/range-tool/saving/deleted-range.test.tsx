// A range deleted while this page still edits it (in another tab, on another device, or swapped out when a free
// account accepted a shared strategy): its save meets 404. The edit must not be lost: it stays held on this device,
// painting on joins it, and the player is told the range is gone instead of "error renewing range". Also for an edit
// held by an earlier page and replayed after a reload. The library and autosave hooks over the real store, save queue
// and IndexedDB (fake-indexeddb); the server is a stand-in with a set of deleted ranges.
import 'fake-indexeddb/auto';

import { act } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type * as RangeApiModule from '../shared/api';
import { freshBrowser, mountRangeTool, pageActions, pageModules } from '../test-support';
import type { RangeBody } from './range-conflict';

vi.mock('../shared/api', async (original) => ({
  ...(await original<typeof RangeApiModule>()),
  ...(await import('../test-support')).rangeApiModule(),
}));

/** The ranges deleted on the stand-in server. */
let deleted: Set<number>;

/** A page of the app with the range tool mounted; `net.offline` cuts this page's saves off the server. */
async function page() {
  const { appStore, atoms, api, ApiError, library } = await pageModules();
  const { handleApiError } = await import('@/app/providers');
  const { rangeSaver } = await import('./range-saver');
  const { indexedDbStore } = await import('./pending-store');
  const net = { offline: false };
  api.tree.mockResolvedValue({ children: [] } as never);
  api.category.mockImplementation((id) =>
    Promise.resolve({ id, name: 'UTG open', root_type: 'preflop_root', parent_id: 8, revision: 4 } as never),
  );
  api.range.mockResolvedValue([] as never);
  api.save.mockImplementation((id) => {
    if (net.offline) return Promise.reject(new ApiError(0, 'Failed to fetch'));
    if (deleted.has(id)) return Promise.reject(new ApiError(404, 'Not found', 'notFound'));
    return Promise.resolve({ id, revision: 5 } as never);
  });
  await mountRangeTool();
  const held = async () =>
    (await indexedDbStore<RangeBody>().all()).map((save) => [
      save.key,
      save.body.pairs.map((pair) => pair.hand),
    ]);
  const open = (id: number) => act(async () => void (await library.openRange(id)));
  return { appStore, atoms, api, rangeSaver, net, held, open, ...(await pageActions(handleApiError)) };
}

beforeEach(() => {
  freshBrowser();
  deleted = new Set();
});

describe('a save of a range deleted meanwhile', () => {
  it('keeps the edit on this device and says the range is gone, not "error renewing range"', async () => {
    const tab = await page();
    await tab.signIn(5);
    await tab.open(31);
    deleted.add(31);
    tab.paint('KK');
    await vi.waitFor(() => expect(tab.api.save).toHaveBeenCalledTimes(1));
    await tab.settle();
    // Not dropped: still held in IndexedDB, and still what the editor shows for the range.
    expect(await tab.held()).toEqual([['5:31', ['KK']]]);
    expect(tab.rangeSaver.pendingBody(31)?.pairs.map((pair) => pair.hand)).toEqual(['KK']);
    expect(tab.appStore.get(tab.atoms.saveStateAtom)).toBe('gone');
    const [gone] = tab.appStore.get(tab.atoms.goneRangesAtom);
    expect(gone).toMatchObject({ key: '5:31', userId: 5, categoryId: 31 });
    // Its name and place travel with it, so it can be made again after a reload too.
    expect(gone?.mine.origin).toEqual({ name: 'UTG open', root_type: 'preflop_root', parent_id: 8 });

    // Painting on joins the held edit; nothing more is sent to a range that is not there.
    tab.paint('QQ');
    await vi.waitFor(async () => expect(await tab.held()).toEqual([['5:31', ['KK', 'QQ']]]));
    const hands = tab.appStore
      .get(tab.atoms.goneRangesAtom)
      .map((entry) => entry.mine.pairs.map((p) => p.hand));
    expect(hands).toEqual([['KK', 'QQ']]);
    expect(tab.api.save).toHaveBeenCalledTimes(1);
  });

  it('keeps an edit held by an earlier page when its replay after a reload meets the deletion', async () => {
    const first = await page();
    first.net.offline = true;
    await first.signIn(5);
    await first.open(31);
    first.paint('KK');
    await vi.waitFor(async () => expect(await first.held()).toEqual([['5:31', ['KK']]]));
    // The page is reloaded: its retries end with it (the stand-in server's calls are shared by both pages).
    first.rangeSaver.dispose();

    vi.resetModules();
    deleted.add(31);
    const next = await page();
    await next.signIn(5);
    await vi.waitFor(() => expect(next.api.save).toHaveBeenCalledTimes(1));
    await next.settle();
    expect(await next.held()).toEqual([['5:31', ['KK']]]);
    expect(next.appStore.get(next.atoms.saveStateAtom)).toBe('gone');
    expect(next.appStore.get(next.atoms.goneRangesAtom).map((entry) => entry.mine.origin?.name)).toEqual([
      'UTG open',
    ]);
  });
});
