// The player's own sign-out with a range edit the server has not confirmed yet (a paint a moment ago, still in the
// save queue's coalescing wait, or a connection that is down): the header, the range tool's library and autosave
// over the real store, save queue and IndexedDB (fake-indexeddb), against a stand-in server behind fetch that ends
// the session at POST /auth/logout, as the real one does.
import 'fake-indexeddb/auto';

import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type * as RenderModule from '@/test/render';

/** A fresh page: the app's store, save queue and session are the page's one instance. */
async function load() {
  // The page's own i18n instance, as the test set-up starts the first one.
  (await import('@/lib/i18n')).initI18n('en-US');
  const atoms = await import('@/features/range-tool/shared/atoms');
  const library = await import('@/features/range-tool/library/use-range-library');
  const { indexedDbStore } = await import('@/features/range-tool/saving/pending-store');
  const { appStore } = await import('@/lib/store');
  const render = await import('@/test/render');
  const { Header } = await import('./header');
  function RangeTool() {
    library.useRangeLibrary('preflop_root');
    library.useAutosave();
    return null;
  }
  const paint = (hand: string) =>
    act(() => {
      appStore.set(atoms.rangePairsAtom, {
        ...appStore.get(atoms.rangePairsAtom),
        [hand]: [{ color: '#1847BE', weight: 100 }],
      });
      appStore.set(atoms.editVersionAtom, (version) => version + 1);
    });
  const { server } = serve(render);
  render.renderApp(<Header />, { user: render.testUser });
  renderHook(() => RangeTool());
  await act(() => library.openRange(31));
  const held = async () =>
    (await indexedDbStore<{ pairs: { hand: string }[] }>().all()).map((save) => [
      save.key,
      save.body.pairs.map((pair) => pair.hand),
    ]);
  return { server, paint, held, userId: render.testUser.id };
}

/** The stand-in server: range 31 of the test user, the hands of each save it took, and whether the session is on. */
function serve({ mockFetch, requestBody }: typeof RenderModule) {
  const server = { signedIn: true, saved: [] as string[][], offline: false, calls: [] as string[] };
  const spy = mockFetch((url, init) => {
    server.calls.push(`${init.method ?? 'GET'} ${url}`);
    if (server.offline) throw new TypeError('Failed to fetch');
    if (url === '/api/v1/auth/logout') {
      server.signedIn = false;
      return { body: { data: { ok: true } } };
    }
    if (!server.signedIn)
      return { status: 401, body: { error: 'User is not authorized', code: 'unauthorized' } };
    if (url.startsWith('/api/v1/categories/tree'))
      return { body: { data: { root_type: 'preflop_root', children: [] } } };
    if (url.startsWith('/api/v1/categories/range')) return { body: { data: [] } };
    const category = { id: 31, name: 'UTG open', note: '', buttons: [], sides: null, workspace: null };
    if (url === '/api/v1/categories/31' && init.method === 'POST') {
      const body = requestBody(init) as { pairs: { hand: string }[] };
      server.saved.push(body.pairs.map((pair) => pair.hand));
      return { body: { data: { ...category, revision: 5 + server.saved.length } } };
    }
    if (url === '/api/v1/categories/31') return { body: { data: { ...category, revision: 5 } } };
    if (url.startsWith('/api/v1/categories/incoming/count')) return { body: { data: 0 } };
    return undefined;
  });
  return { server, spy };
}

beforeEach(() => {
  vi.resetModules();
  globalThis.indexedDB = new IDBFactory();
  localStorage.setItem('rangeforge.token', 'tok');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('signing out with a range edit the server has not confirmed', () => {
  it('sends the edit first, with the session it belongs to, then signs out', async () => {
    const { server, paint } = await load();
    const user = userEvent.setup();
    paint('KK');
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument());
    expect(server.saved).toEqual([['KK']]);
    const order = server.calls.filter((call) => call.startsWith('POST'));
    expect(order).toEqual(['POST /api/v1/categories/31', 'POST /api/v1/auth/logout']);
  });

  it('asks when the edit cannot be sent, and keeps it on this device for the account when the player leaves', async () => {
    const { server, paint, held, userId } = await load();
    const user = userEvent.setup();
    server.offline = true;
    paint('QQ');
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edits not saved yet' });
    expect(dialog).toHaveTextContent('They stay on this device');
    expect(server.calls).not.toContain('POST /api/v1/auth/logout');

    // Staying keeps the session: the edit goes once the connection is back.
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Log out' }));
    const again = await screen.findByRole('dialog', { name: 'Edits not saved yet' });
    await user.click(within(again).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument());
    expect(await held()).toEqual([[`${userId}:31`, ['QQ']]]);
    expect(server.saved).toEqual([]);
  });
});
