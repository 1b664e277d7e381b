// A session the server ended (a 401 met by any call, not a save) while a range is open: the range stays open for its
// owner, edits made from then on are held for that account and sent at its next sign-in, never for another
// account; the player's own sign-out still closes the range. The library's and autosave hooks over the real store,
// save queue and IndexedDB (fake-indexeddb); only the server calls are stand-ins. Fresh modules per test: the save
// queue and the session are the page's one instance.
import 'fake-indexeddb/auto';

import { act } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type * as RangeApiModule from '../shared/api';
import { freshBrowser, mountRangeTool, pageActions, pageModules } from '../test-support';

// The server calls are stand-ins; the module's paths (the saver refreshes the offline copies by them) are real.
vi.mock('../shared/api', async (original) => ({
  ...(await original<typeof RangeApiModule>()),
  ...(await import('../test-support')).rangeApiModule(),
}));

/** The page with account 5 signed in and its range 31 open. */
async function load() {
  const { appStore, atoms, api, library } = await pageModules();
  const session = await import('@/lib/session');
  const { handleApiError } = await import('@/app/providers');
  const { indexedDbStore } = await import('./pending-store');
  api.tree.mockResolvedValue({ children: [] } as never);
  api.category.mockResolvedValue({ id: 31, revision: 4, note: '', buttons: [], sides: null } as never);
  api.range.mockResolvedValue([] as never);
  api.save.mockImplementation((id) => Promise.resolve({ id, revision: 5 } as never));
  // The range tool's library and autosave, as the tool mounts them.
  await mountRangeTool();
  const { signIn, refused, paint, settle } = await pageActions(handleApiError);
  const store = indexedDbStore<{ pairs: { hand: string }[] }>();
  /** The saves held on this device, and the hands of each. */
  const held = () => store.all();
  const heldHands = async () => (await store.all()).map((save) => save.body.pairs.map((pair) => pair.hand));
  const savedHands = () =>
    api.save.mock.calls.map(([id, body]) => [id, (body.pairs ?? []).map((pair) => pair.hand)] as const);
  // Every case starts with account 5 signed in and its range 31 open in the editor.
  await signIn(5);
  await act(() => library.openRange(31));
  expect(appStore.get(atoms.categoryIdAtom)).toBe(31);
  return { appStore, session, atoms, api, signIn, refused, paint, settle, held, heldHands, savedHands };
}

beforeEach(freshBrowser);

describe('a session the server ended while a range is open', () => {
  it('keeps the range open, holds its edits for the owner and sends them at the owner’s sign-in', async () => {
    const tool = await load();

    // Another call met the ended session first: the page signs out (providers.tsx), the range stays open.
    tool.refused();
    expect(tool.appStore.get(tool.session.sessionAtom).user).toBeNull();
    expect(tool.appStore.get(tool.atoms.categoryIdAtom)).toBe(31);
    expect(tool.appStore.get(tool.session.endedSessionAtom)).toEqual({ userId: 5 });
    expect(tool.appStore.get(tool.atoms.rangeOwnerAtom)).toBe(5);

    tool.paint('KK');
    tool.paint('QQ');
    await tool.settle();
    // Nothing goes out without the owner's token; the edit is held on this device for account 5.
    expect(tool.api.save).not.toHaveBeenCalled();
    await vi.waitFor(async () =>
      expect(await tool.held()).toEqual([
        expect.objectContaining({ key: '5:31', userId: 5, categoryId: 31 }),
      ]),
    );
    expect(await tool.heldHands()).toEqual([['KK', 'QQ']]);

    await tool.signIn(5);
    expect(tool.appStore.get(tool.session.endedSessionAtom)).toBeNull();
    expect(tool.appStore.get(tool.atoms.categoryIdAtom)).toBe(31);
    await vi.waitFor(() => expect(tool.savedHands()).toEqual([[31, ['KK', 'QQ']]]));
    // Made on the revision the range was opened at: a range moved meanwhile is a conflict, not overwritten.
    expect(tool.api.save.mock.calls[0]?.[1].base_revision).toBe(4);
    await vi.waitFor(async () => expect(await tool.held()).toEqual([]));
  });

  it('gives neither the range nor its held edits to another account that signs in on the page', async () => {
    const tool = await load();
    tool.refused();
    tool.paint('AKs');
    await tool.signIn(6);
    expect(tool.appStore.get(tool.atoms.rangeOwnerAtom)).toBe(6);
    expect(tool.appStore.get(tool.atoms.categoryIdAtom)).toBeNull();
    // An edit of the chart now on screen is no longer one of range 31.
    tool.paint('72o');
    await tool.settle();
    expect(tool.api.save).not.toHaveBeenCalled();
    expect(await tool.held()).toEqual([expect.objectContaining({ key: '5:31', userId: 5 })]);
    expect(await tool.heldHands()).toEqual([['AKs']]);

    // Its owner signs in later on the same page: the edit is theirs again, and sent.
    await tool.signIn(5);
    await vi.waitFor(() => expect(tool.savedHands()).toEqual([[31, ['AKs']]]));
  });

  it('still closes the range at the player’s own sign-out, and queues nothing after it', async () => {
    const tool = await load();
    act(() => tool.session.resetSession());
    expect(tool.appStore.get(tool.session.endedSessionAtom)).toBeNull();
    expect(tool.appStore.get(tool.atoms.rangeOwnerAtom)).toBeNull();
    expect(tool.appStore.get(tool.atoms.categoryIdAtom)).toBeNull();
    tool.paint('JJ');
    await tool.settle();
    expect(tool.api.save).not.toHaveBeenCalled();
    expect(await tool.held()).toEqual([]);
  });
});
