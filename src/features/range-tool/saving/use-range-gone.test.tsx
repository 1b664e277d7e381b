// The player's two ways out for an edit of a range deleted meanwhile (held on this device, deleted-range.test.tsx):
// useRangeGone saves it as a new range (same folder, else the top level; a refusal says why) or discards it. Over
// the real store, save queue and IndexedDB (fake-indexeddb); the server calls are stand-ins that keep a set of
// deleted ranges.
import 'fake-indexeddb/auto';

import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { Category, RangeWorkspace } from '@contract/categories';

import type * as RangeApiModule from '../shared/api';
import { freshBrowser, mountRangeTool, pageActions, pageModules, PAINT_COLOR } from '../test-support';
import type { RangeBody } from './range-conflict';

vi.mock('../shared/api', async (original) => ({
  ...(await original<typeof RangeApiModule>()),
  ...(await import('../test-support')).rangeApiModule(),
}));

/** Ranges 31 ("UTG open") and 32 ("HJ open") of account 5, in folder 8 of the cash tree. */
const range = (id: number) =>
  ({
    id,
    name: id === 31 ? 'UTG open' : 'HJ open',
    kind: 'range',
    root_type: 'preflop_root',
    parent_id: 8,
    position: 0,
    note: '',
    buttons: [],
    sides: null,
    revision: 4,
    workspace: null,
    is_template: false,
    created_at: '',
    updated_at: '',
  }) satisfies Category;

/** The stand-in server: the ranges deleted, and how many ranges were made so far. */
let server: { deleted: Set<number>; made: number };

/** A page of the app with the range tool's library and autosave mounted, over whatever this browser holds. */
async function page() {
  (await import('@/lib/i18n')).initI18n('en-US');
  const { appStore, atoms, api, ApiError, library } = await pageModules();
  const { StoreProvider } = await import('@/lib/store');
  const { handleApiError } = await import('@/app/providers');
  const { rangeSaver } = await import('./range-saver');
  const { indexedDbStore } = await import('./pending-store');
  const missing = () => new ApiError(404, 'Not found', 'notFound');
  /** This page's connection: a page left offline stays so, and its queue never reaches the server again. */
  const net = { offline: false };
  api.tree.mockResolvedValue({ children: [] } as never);
  api.category.mockImplementation((id) =>
    server.deleted.has(id) ? Promise.reject(missing()) : Promise.resolve(range(id) as never),
  );
  api.range.mockResolvedValue([] as never);
  api.save.mockImplementation((id) => {
    if (net.offline) return Promise.reject(new ApiError(0, 'Failed to fetch'));
    if (server.deleted.has(id)) return Promise.reject(missing());
    return Promise.resolve({ ...range(id), revision: 5 } as never);
  });
  api.create.mockImplementation((body) => {
    server.made += 1;
    const made = { ...range(70 + server.made), ...body, revision: 0, workspace: body.workspace ?? null };
    return Promise.resolve(made as never);
  });
  api.remove.mockResolvedValue({ ok: true } as never);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <StoreProvider store={appStore}>{children}</StoreProvider>
  );
  const mount = () => mountRangeTool();
  const actions = await pageActions(handleApiError);
  /** The saves this browser holds in IndexedDB: key and painted hands. */
  const held = async () =>
    (await indexedDbStore<RangeBody>().all()).map((save) => [
      save.key,
      save.body.pairs.map((pair) => pair.hand),
    ]);
  /** The dialog's hook (imported when asked for: the first test shows the lost edit without it). */
  const gone = async () => {
    const { useRangeGone } = await import('./use-range-gone');
    const hook = renderHook(() => useRangeGone(), { wrapper });
    return {
      hook,
      saveAsNew: () => act(() => hook.result.current.saveAsNew()),
      discard: () => act(() => hook.result.current.discard()),
    };
  };
  const open = (id: number) => act(async () => void (await library.openRange(id)));
  const painted = () => Object.keys(appStore.get(atoms.rangePairsAtom)).sort();
  return { appStore, atoms, api, ApiError, rangeSaver, net, mount, held, gone, open, painted, ...actions };
}

/** Account 5 has range 31 open; another tab deletes it; the player paints KK in this one. */
async function deletedElsewhere() {
  const tab = await page();
  const tool = await tab.mount();
  await tab.signIn(5);
  await tab.open(31);
  server.deleted.add(31);
  tab.paint('KK');
  await vi.waitFor(() => expect(tab.appStore.get(tab.atoms.goneRangesAtom)).toHaveLength(1));
  return { ...tab, tool };
}

beforeEach(() => {
  freshBrowser();
  server = { deleted: new Set(), made: 0 };
});

describe('an edit of a range deleted meanwhile', () => {
  it('is saved as a new range in the same folder, and the editor goes on in it', async () => {
    const tab = await deletedElsewhere();
    const dialog = await tab.gone();
    expect(dialog.hook.result.current.gone?.categoryId).toBe(31);
    await dialog.saveAsNew();
    expect(dialog.hook.result.current.error).toBeNull();
    expect(tab.api.create).toHaveBeenCalledTimes(1);
    expect(tab.api.create.mock.calls[0]?.[0]).toMatchObject({
      name: 'UTG open',
      kind: 'range',
      root_type: 'preflop_root',
      parent_id: 8,
      pairs: [{ hand: 'KK', colors: [{ color: PAINT_COLOR, weight: 100 }] }],
    });
    expect(tab.appStore.get(tab.atoms.goneRangesAtom)).toEqual([]);
    await vi.waitFor(async () => expect(await tab.held()).toEqual([]));
    expect(tab.appStore.get(tab.atoms.categoryIdAtom)).toBe(71);
    expect(tab.painted()).toEqual(['KK']);
    expect(tab.appStore.get(tab.atoms.saveStateAtom)).not.toBe('gone');

    // The next paint is saved to the new range, on the revision it was made at.
    tab.paint('QQ');
    await vi.waitFor(() =>
      expect(tab.api.save).toHaveBeenLastCalledWith(
        71,
        expect.objectContaining({ base_revision: 0 }),
        false,
        expect.any(AbortSignal),
      ),
    );
    expect(tab.api.save.mock.calls.filter(([id]) => id === 31)).toHaveLength(1);
  });

  it('keeps a villain of its own chart, naming the new range', async () => {
    const tab = await page();
    await tab.mount();
    await tab.signIn(5);
    await tab.open(31);
    server.deleted.add(31);
    const workspace: RangeWorkspace = { villains: [{ category_id: 31, colors: [PAINT_COLOR] }], dead: [] };
    act(() => tab.appStore.set(tab.atoms.extraVillainsAtom, workspace.villains));
    await vi.waitFor(() => expect(tab.appStore.get(tab.atoms.goneRangesAtom)).toHaveLength(1));
    await (await tab.gone()).saveAsNew();
    expect(tab.api.create.mock.calls[0]?.[0].workspace).toEqual({ villains: [], dead: [] });
    await vi.waitFor(() =>
      expect(tab.api.save).toHaveBeenLastCalledWith(
        71,
        expect.objectContaining({
          workspace: { villains: [{ category_id: 71, colors: [PAINT_COLOR] }], dead: [] },
        }),
        false,
        expect.any(AbortSignal),
      ),
    );
    // On screen the new range's villain of itself plays its own colours, which follow it through later copies.
    expect(tab.appStore.get(tab.atoms.extraVillainsAtom)).toEqual([{ colors: [PAINT_COLOR] }]);
  });

  it('goes to the top level of the same tree when its folder was deleted too', async () => {
    const tab = await deletedElsewhere();
    tab.api.create.mockRejectedValueOnce(
      new tab.ApiError(400, 'The parent category is not valid', 'invalidParent'),
    );
    await (await tab.gone()).saveAsNew();
    expect(tab.api.create.mock.calls.map(([body]) => [body.parent_id, body.root_type])).toEqual([
      [8, 'preflop_root'],
      [null, 'preflop_root'],
    ]);
    expect(tab.appStore.get(tab.atoms.goneRangesAtom)).toEqual([]);
    expect(tab.appStore.get(tab.atoms.categoryIdAtom)).toBe(71);
  });

  it('says why a new range is refused (free limit 402, category cap 409) and keeps the edit held', async () => {
    const tab = await deletedElsewhere();
    const dialog = await tab.gone();
    tab.api.create.mockRejectedValueOnce(
      new tab.ApiError(402, 'Please activate full version', 'premiumRequired'),
    );
    await dialog.saveAsNew();
    expect(dialog.hook.result.current.error).toBe(
      'Not saved: the free version holds at most 20 ranges and 100 categories in all. Delete one or activate the ' +
        'full version, then save again. Your edits are still kept on this device.',
    );
    tab.api.create.mockRejectedValueOnce(
      new tab.ApiError(409, 'You have reached the limit of 5,000 categories', 'categoryLimitReached'),
    );
    await dialog.saveAsNew();
    expect(dialog.hook.result.current.error).toBe(
      'Not saved: You have reached the limit of 5,000 categories. Your edits are still kept on this device.',
    );
    expect(await tab.held()).toEqual([['5:31', ['KK']]]);
    expect(tab.appStore.get(tab.atoms.goneRangesAtom)).toHaveLength(1);
    expect(tab.appStore.get(tab.atoms.categoryIdAtom)).toBe(31);

    // Once there is room, the same edit is saved.
    await dialog.saveAsNew();
    expect(dialog.hook.result.current.error).toBeNull();
    expect(tab.appStore.get(tab.atoms.goneRangesAtom)).toEqual([]);
  });

  it('is forgotten everywhere when the player discards it, and the editor leaves the range', async () => {
    const tab = await deletedElsewhere();
    await (await tab.gone()).discard();
    expect(tab.appStore.get(tab.atoms.goneRangesAtom)).toEqual([]);
    await vi.waitFor(async () => expect(await tab.held()).toEqual([]));
    expect(tab.appStore.get(tab.atoms.categoryIdAtom)).toBeNull();
    expect(tab.api.create).not.toHaveBeenCalled();
    expect(tab.appStore.get(tab.atoms.saveStateAtom)).not.toBe('gone');
  });

  it('held across a reload, several of them, each waits its turn', async () => {
    // The first page paints two ranges of folder 8 while the server cannot be reached: both edits are held.
    const first = await page();
    first.net.offline = true;
    await first.mount();
    await first.signIn(5);
    await first.open(31);
    first.paint('KK');
    await first.open(32);
    first.paint('AA');
    await vi.waitFor(async () =>
      expect(await first.held()).toEqual([
        ['5:31', ['KK']],
        ['5:32', ['AA']],
      ]),
    );

    // Meanwhile folder 8 is deleted with both ranges in it. The next page replays the held edits.
    vi.resetModules();
    server = { deleted: new Set([8, 31, 32]), made: 0 };
    const next = await page();
    await next.mount();
    await next.signIn(5);
    await vi.waitFor(() => expect(next.appStore.get(next.atoms.goneRangesAtom)).toHaveLength(2));
    expect(next.appStore.get(next.atoms.saveStateAtom)).toBe('gone');
    const dialog = await next.gone();
    expect(dialog.hook.result.current.gone?.mine.origin?.name).toBe('UTG open');
    expect(dialog.hook.result.current.more).toBe(1);

    next.api.create.mockRejectedValueOnce(
      new next.ApiError(400, 'The parent category is not valid', 'invalidParent'),
    );
    await dialog.saveAsNew();
    expect(next.api.create).toHaveBeenLastCalledWith(
      expect.objectContaining({ name: 'UTG open', parent_id: null }),
      true,
    );
    expect(dialog.hook.result.current.gone?.mine.origin?.name).toBe('HJ open');
    expect(dialog.hook.result.current.more).toBe(0);
    await dialog.discard();
    expect(next.appStore.get(next.atoms.goneRangesAtom)).toEqual([]);
    await vi.waitFor(async () => expect(await next.held()).toEqual([]));
  });

  it('of a ready-made strategy offers no copy of its chart, only to discard', async () => {
    const tab = await page();
    await tab.mount();
    await tab.signIn(5);
    tab.api.category.mockResolvedValueOnce({ ...range(31), is_template: true } as never);
    await tab.open(31);
    server.deleted.add(31);
    act(() => tab.appStore.set(tab.atoms.deadCardsAtom, ['Ah']));
    await vi.waitFor(() => expect(tab.appStore.get(tab.atoms.goneRangesAtom)).toHaveLength(1));
    const dialog = await tab.gone();
    expect(dialog.hook.result.current.gone?.mine.template).toBe(true);
    await dialog.saveAsNew();
    expect(tab.api.create).not.toHaveBeenCalled();
    await dialog.discard();
    expect(tab.appStore.get(tab.atoms.goneRangesAtom)).toEqual([]);
  });
});

describe('what stays as it was', () => {
  it('a range the player deletes on this page takes its edits with it, asking nothing', async () => {
    const tab = await page();
    const tool = await tab.mount();
    await tab.signIn(5);
    await tab.open(31);
    tab.paint('KK');
    server.deleted.add(31);
    await act(() => tool.result.current.remove(31));
    await tab.settle();
    expect(tab.appStore.get(tab.atoms.goneRangesAtom)).toEqual([]);
    expect(await tab.held()).toEqual([]);
    expect(tab.appStore.get(tab.atoms.categoryIdAtom)).toBeNull();
  });

  it('other refusals (an invalid body, a ready-made chart) are still dropped as "error renewing range"', async () => {
    for (const [status, code] of [
      [400, 'invalidRequest'],
      [403, 'templateReadOnly'],
    ] as const) {
      vi.resetModules();
      globalThis.indexedDB = new IDBFactory();
      const tab = await page();
      await tab.mount();
      await tab.signIn(5);
      await tab.open(31);
      tab.api.save.mockRejectedValue(new tab.ApiError(status, 'refused', code));
      tab.paint('KK');
      await vi.waitFor(() => expect(tab.appStore.get(tab.atoms.saveStateAtom)).toBe('error'));
      await tab.settle();
      expect(tab.appStore.get(tab.atoms.goneRangesAtom)).toEqual([]);
      expect(await tab.held()).toEqual([]);
    }
  });
});
