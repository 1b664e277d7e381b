// A range's workspace (extra villains, dead cards) bumps no revision: it is saved last writer wins, so a chart edit in
// one tab must not carry that tab's unchanged, older workspace over villains another tab saved meanwhile. The range
// tool's library and autosave hooks over the real store, save queue and IndexedDB (fake-indexeddb); the server is a
// stand-in that keeps what it is sent, as the real one does (a save without a workspace leaves it as it is).
import 'fake-indexeddb/auto';

import { act } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { RangeWorkspace, UpdateCategoryBody } from '@contract/categories';

import type * as RangeApiModule from '../shared/api';
import { freshBrowser, mountRangeTool, pageActions, pageModules, PAINT_COLOR } from '../test-support';

vi.mock('../shared/api', async (original) => ({
  ...(await original<typeof RangeApiModule>()),
  ...(await import('../test-support')).rangeApiModule(),
}));

/** The stand-in server's range 31 of account 5. */
let server: { hands: string[]; revision: number; workspace: RangeWorkspace | null };

async function page() {
  const { appStore, atoms, api, ApiError, library } = await pageModules();
  const { handleApiError } = await import('@/app/providers');
  const category = () => ({
    id: 31,
    name: 'UTG open',
    note: '',
    buttons: [],
    sides: null,
    revision: server.revision,
    workspace: structuredClone(server.workspace),
  });
  api.tree.mockResolvedValue({ children: [] } as never);
  api.category.mockImplementation(() => Promise.resolve(category() as never));
  api.range.mockImplementation(() =>
    Promise.resolve(
      server.hands.map((hand) => ({ hand, colors: [{ color: PAINT_COLOR, weight: 100 }] })) as never,
    ),
  );
  /** Failures to answer the next saves with, before the server takes them. */
  const failures: Error[] = [];
  api.save.mockImplementation((_id, body: UpdateCategoryBody) => {
    const failure = failures.shift();
    if (failure) return Promise.reject(failure);
    if (body.base_revision !== undefined && body.base_revision !== server.revision)
      return Promise.reject(new ApiError(409, 'moved', 'rangeConflict'));
    server.hands = (body.pairs ?? []).map((pair) => pair.hand);
    server.revision += 1;
    if (body.workspace !== undefined) server.workspace = structuredClone(body.workspace);
    return Promise.resolve(category() as never);
  });
  await mountRangeTool();
  const { signIn, paint, settle } = await pageActions(handleApiError);
  await signIn(5);
  await act(() => library.openRange(31));
  const setWorkspace = (villains: RangeWorkspace['villains'], dead: string[] = []) =>
    act(() => {
      appStore.set(atoms.extraVillainsAtom, villains);
      appStore.set(atoms.deadCardsAtom, dead);
    });
  const offline = () => failures.push(new ApiError(0, 'Failed to fetch'));
  return { api, paint, settle, setWorkspace, offline };
}

beforeEach(() => {
  freshBrowser();
  server = { hands: ['AA'], revision: 4, workspace: { villains: [{ text: 'QQ+' }], dead: [] } };
});

describe('saving a range’s workspace', () => {
  it('keeps the villains and dead cards another tab saved when this tab paints the chart', async () => {
    const tab = await page();
    // Another tab adds a villain and a dead card: the workspace moves, the revision does not.
    server.workspace = { villains: [{ text: 'QQ+' }, { text: '22+' }], dead: ['Ah'] };
    tab.paint('KK');
    await vi.waitFor(() => expect(server.hands).toEqual(['AA', 'KK']));
    expect(server.workspace).toEqual({ villains: [{ text: 'QQ+' }, { text: '22+' }], dead: ['Ah'] });
  });

  it('still saves this tab’s own workspace edits, undone ones and ones whose first attempt failed included', async () => {
    const tab = await page();
    await tab.setWorkspace([{ text: 'QQ+' }, { text: 'JJ+' }], ['Kd']);
    await vi.waitFor(() =>
      expect(server.workspace).toEqual({ villains: [{ text: 'QQ+' }, { text: 'JJ+' }], dead: ['Kd'] }),
    );

    // Back to the loaded workspace: that is an edit too, and the server must hear of it.
    await tab.setWorkspace([{ text: 'QQ+' }]);
    await vi.waitFor(() => expect(server.workspace).toEqual({ villains: [{ text: 'QQ+' }], dead: [] }));

    // An attempt that never reached the server is sent again whole.
    tab.offline();
    await tab.setWorkspace([{ text: 'TT+' }], ['2c']);
    await vi.waitFor(() => expect(server.workspace).toEqual({ villains: [{ text: 'TT+' }], dead: ['2c'] }), {
      timeout: 5000,
    });
  });
});
