// A page hidden with an edit not yet sent gives it to fetch keepalive (range-saver.ts, pagehide); a page kept in the
// browser's back/forward cache comes back with the same modules, so the answer to that request is its save's answer
// like any other. The library and autosave hooks over the real store, save queue and IndexedDB (fake-indexeddb);
// the server is a stand-in that keeps a revision and refuses a save from an older one, as the real one does.
import 'fake-indexeddb/auto';

import { act } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { UpdateCategoryBody } from '@contract/categories';

import type * as RangeApiModule from '../shared/api';
import { freshBrowser, mountRangeTool, pageActions, pageModules } from '../test-support';

vi.mock('../shared/api', async (original) => ({
  ...(await original<typeof RangeApiModule>()),
  ...(await import('../test-support')).rangeApiModule(),
}));

/** The stand-in server's range 31 of account 5. */
let server: { hands: string[]; revision: number };

beforeEach(() => {
  freshBrowser();
  server = { hands: [], revision: 4 };
});

describe('a page back from the back/forward cache', () => {
  it('counts the save its keepalive request made as saved, so the next edit is no conflict with it', async () => {
    const { appStore, atoms, api, ApiError, library } = await pageModules();
    const { handleApiError } = await import('@/app/providers');
    const category = () => ({
      id: 31,
      name: 'UTG open',
      note: '',
      buttons: [],
      sides: null,
      workspace: null,
    });
    api.tree.mockResolvedValue({ children: [] } as never);
    api.category.mockImplementation(() =>
      Promise.resolve({ ...category(), revision: server.revision } as never),
    );
    api.range.mockResolvedValue([] as never);
    api.save.mockImplementation((_id, body: UpdateCategoryBody) => {
      if (body.base_revision !== server.revision) {
        const current = { category: { ...category(), revision: server.revision }, pairs: [] };
        return Promise.reject(
          new ApiError(409, 'moved', 'rangeConflict', { code: 'rangeConflict', current }),
        );
      }
      server.hands = (body.pairs ?? []).map((pair) => pair.hand);
      server.revision += 1;
      return Promise.resolve({ ...category(), revision: server.revision } as never);
    });
    await mountRangeTool();
    const { signIn, paint } = await pageActions(handleApiError);
    await signIn(5);
    await act(() => library.openRange(31));

    // A paint, and the page is hidden at once (another site opened in the tab): keepalive takes the edit.
    paint('KK');
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
    });
    expect(api.save).toHaveBeenLastCalledWith(
      31,
      expect.objectContaining({ base_revision: 4 }),
      true,
      undefined,
    );
    await vi.waitFor(() => expect(server.hands).toEqual(['KK']));
    await vi.waitFor(() => expect(appStore.get(atoms.saveStateAtom)).toBe('saved'));

    // Back to the page: the next paint builds on the revision the keepalive save made.
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    paint('QQ');
    await vi.waitFor(() => expect(server.hands).toEqual(['KK', 'QQ']));
    expect(appStore.get(atoms.rangeConflictsAtom)).toEqual([]);
    expect(server.revision).toBe(6);
  });
});
