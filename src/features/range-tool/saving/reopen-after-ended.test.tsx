// After the server ended the session with a range open and edits held for the account, that account's sign-in finds
// the range open with the edits, however it signs in: back from the auth page (the tool was not on screen) or after
// a reload (a new page: fresh modules over the same localStorage and IndexedDB). Another account signing in gets
// neither. The range tool's library, autosave and working-state hooks over the real store, save queue and IndexedDB
// (fake-indexeddb); the server is a small stand-in that keeps what is saved.
import 'fake-indexeddb/auto';

import { act } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type * as RangeApiModule from '../shared/api';
import { freshBrowser, mountRangeTool, pageActions, pageModules, PAINT_COLOR } from '../test-support';

vi.mock('../shared/api', async (original) => ({
  ...(await original<typeof RangeApiModule>()),
  ...(await import('../test-support')).rangeApiModule(),
}));

type SavedPair = { hand: string; colors: { color: string; weight: number }[] };

/** The stand-in server's range 31 of account 5: its chart and revision, moved by every save. */
let server: { pairs: SavedPair[]; revision: number };

/** A page of the app with the range tool's hooks mounted (`mount`), over whatever this browser holds. */
async function page() {
  const { appStore, atoms, api } = await pageModules();
  const session = await import('@/lib/session');
  const { handleApiError } = await import('@/app/providers');
  const working = await import('../library/use-working-state');
  api.tree.mockResolvedValue({ children: [] } as never);
  api.category.mockImplementation(() =>
    Promise.resolve({ id: 31, revision: server.revision, note: '', buttons: [], sides: null } as never),
  );
  api.range.mockImplementation(() => Promise.resolve(structuredClone(server.pairs) as never));
  api.save.mockImplementation((id, body) => {
    server.pairs = structuredClone(body.pairs ?? []) as SavedPair[];
    server.revision += 1;
    return Promise.resolve({ id, revision: server.revision } as never);
  });
  const mount = () => mountRangeTool(() => working.useWorkingState('preflop_root'));
  const { signIn, refused, paint, settle } = await pageActions(handleApiError);
  const painted = () => Object.keys(appStore.get(atoms.rangePairsAtom)).sort();
  const { indexedDbStore } = await import('./pending-store');
  const held = async () => (await indexedDbStore().all()).map((save) => save.key);
  return { appStore, session, atoms, api, working, mount, signIn, refused, paint, settle, painted, held };
}

/** Account 5 with range 31 open (AA saved), its session ended by the server, KK and QQ painted and held. */
async function endedWithHeldEdits() {
  const first = await page();
  const tool = await first.mount();
  await first.signIn(5);
  await act(async () => {
    await (await import('../library/use-range-library')).openRange(31);
  });
  first.paint('AA');
  await vi.waitFor(() => expect(server.pairs.map((pair) => pair.hand)).toEqual(['AA']));
  first.refused();
  first.paint('KK');
  first.paint('QQ');
  await first.settle();
  expect(await first.held()).toEqual(['5:31']);
  // The stand-in server outlives the reloads below: each page counts its own calls.
  vi.clearAllMocks();
  return { first, tool };
}

/** A reload: the next page's modules over this browser's storage, started as the app starts. */
async function reload() {
  vi.resetModules();
  const next = await page();
  // The user endpoint answers a page without a token as the server does: nobody (me.id null).
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ data: { me: { id: null }, token: null } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    ),
  );
  next.working.restoreWorkingStateAtStart('/');
  await act(() => next.session.loadSession());
  vi.unstubAllGlobals();
  return next;
}

beforeEach(() => {
  freshBrowser();
  server = { pairs: [], revision: 4 };
});

describe('signing in again after the server ended the session', () => {
  it('reopens the range with its held edits when the sign-in was on the auth page, away from the tool', async () => {
    const { first, tool } = await endedWithHeldEdits();
    // The header's link leaves the tool for the auth page; the sign-in happens there.
    tool.unmount();
    await first.signIn(5);
    await first.mount();
    await vi.waitFor(() => expect(first.appStore.get(first.atoms.categoryIdAtom)).toBe(31));
    expect(first.painted()).toEqual(['AA', 'KK', 'QQ']);
    await vi.waitFor(() => expect(server.pairs.map((pair) => pair.hand)).toEqual(['AA', 'KK', 'QQ']));
    await vi.waitFor(async () => expect(await first.held()).toEqual([]));
  });

  it('keeps the ended session across a reload and reopens the range at that account’s sign-in', async () => {
    await endedWithHeldEdits();
    const next = await reload();
    expect(next.appStore.get(next.session.endedSessionAtom)).toEqual({ userId: 5 });
    await next.mount();
    await next.settle();
    // Nothing of the account's can be fetched before its sign-in: the range waits, and nothing is sent.
    expect(next.appStore.get(next.atoms.categoryIdAtom)).toBeNull();
    expect(next.api.save).not.toHaveBeenCalled();

    await next.signIn(5);
    await vi.waitFor(() => expect(next.appStore.get(next.atoms.categoryIdAtom)).toBe(31));
    expect(next.painted()).toEqual(['AA', 'KK', 'QQ']);
    await vi.waitFor(() => expect(server.pairs.map((pair) => pair.hand)).toEqual(['AA', 'KK', 'QQ']));
    expect(next.appStore.get(next.session.endedSessionAtom)).toBeNull();
    expect(localStorage.getItem('rangeforge.endedSession')).toBeNull();
  });

  it('shows the held edit and leaves the choice to the player when the range moved on the server meanwhile', async () => {
    await endedWithHeldEdits();
    // Saved elsewhere while this page was signed out.
    server = { pairs: [{ hand: '72o', colors: [{ color: PAINT_COLOR, weight: 100 }] }], revision: 9 };
    const next = await reload();
    next.api.save.mockImplementation(async () => {
      const { ApiError } = await import('@/lib/api-client');
      const category = { id: 31, name: 'UTG open', revision: 9, note: '', buttons: [], sides: null };
      const current = { category, pairs: server.pairs };
      throw new ApiError(409, 'The range changed', 'rangeConflict', { code: 'rangeConflict', current });
    });
    await next.mount();
    await next.signIn(5);
    await vi.waitFor(() => expect(next.appStore.get(next.atoms.categoryIdAtom)).toBe(31));
    expect(next.painted()).toEqual(['AA', 'KK', 'QQ']);
    await vi.waitFor(() => expect(next.appStore.get(next.atoms.rangeConflictsAtom)).toHaveLength(1));
    expect(next.api.save.mock.calls[0]?.[1].base_revision).toBe(5);
    expect(server.pairs.map((pair) => pair.hand)).toEqual(['72o']);
  });

  it('gives another account signing in after the reload neither the range nor the held edits', async () => {
    await endedWithHeldEdits();
    const next = await reload();
    await next.mount();
    await next.signIn(6);
    await next.settle();
    expect(next.appStore.get(next.atoms.categoryIdAtom)).toBeNull();
    expect(next.painted()).toEqual([]);
    expect(next.api.save).not.toHaveBeenCalled();
    expect(next.api.category).not.toHaveBeenCalled();
    expect(await next.held()).toEqual(['5:31']);
    expect(next.appStore.get(next.session.endedSessionAtom)).toBeNull();
  });
});
