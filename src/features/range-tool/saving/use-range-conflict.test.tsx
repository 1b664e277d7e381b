// The range conflict's three ways out, carried out by useRangeConflict over the real store, save queue and IndexedDB
// (fake-indexeddb); the server calls are stand-ins. The player's version is everything the editor saves with the
// range: chart, buttons, note, sides and the workspace (extra villains, dead cards).
import 'fake-indexeddb/auto';

import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { Category, RangeWorkspace } from '@contract/categories';

import type * as RangeApiModule from '../shared/api';
import { freshBrowser, mountRangeTool, pageActions, pageModules, PAINT_COLOR } from '../test-support';

vi.mock('../shared/api', async (original) => ({
  ...(await original<typeof RangeApiModule>()),
  ...(await import('../test-support')).rangeApiModule(),
}));

const CALL = '#C0392B';

/** Range 31 as another session saved it: revision 9, 72o painted, its own villain and dead card. */
const theirsWorkspace: RangeWorkspace = { villains: [{ text: '22+' }], dead: ['Kd'] };
const theirsCategory = {
  id: 31,
  name: 'UTG open',
  kind: 'range',
  root_type: 'preflop_root',
  parent_id: 8,
  position: 0,
  note: 'theirs',
  buttons: [],
  sides: null,
  revision: 9,
  workspace: theirsWorkspace,
  is_template: false,
  created_at: '',
  updated_at: '',
} satisfies Category;
const theirsPairs = [{ hand: '72o', colors: [{ color: PAINT_COLOR, weight: 100 }] }];

/**
 * Account 5 with range 31 open at revision 4; the player adds three villains (a text range, this very chart's call
 * colour, another chart) and a dead card and paints KK, and the save is refused: the range moved to revision 9.
 */
async function conflicted() {
  const { appStore, atoms, api, ApiError, library } = await pageModules();
  const { StoreProvider } = await import('@/lib/store');
  const { handleApiError } = await import('@/app/providers');
  const { useRangeConflict } = await import('./use-range-conflict');
  api.tree.mockResolvedValue({ children: [] } as never);
  api.category.mockResolvedValue({
    ...theirsCategory,
    revision: 4,
    note: '',
    workspace: null,
  } as never);
  api.range.mockResolvedValue([] as never);
  api.save.mockImplementation((id) => {
    if (id !== 31) return Promise.resolve({ id, revision: 1 } as never);
    const current = { category: theirsCategory, pairs: theirsPairs };
    return Promise.reject(
      new ApiError(409, 'The range changed', 'rangeConflict', { code: 'rangeConflict', current }),
    );
  });
  api.create.mockImplementation((body) =>
    Promise.resolve({ ...theirsCategory, id: 77, name: body.name, revision: 0 } as never),
  );
  const wrapper = ({ children }: { children: ReactNode }) => (
    <StoreProvider store={appStore}>{children}</StoreProvider>
  );
  await mountRangeTool();
  const { signIn, paint } = await pageActions(handleApiError);
  await signIn(5);
  await act(() => library.openRange(31));
  act(() => {
    appStore.set(atoms.extraVillainsAtom, [
      { text: 'QQ+,AKs' },
      { category_id: 31, colors: [CALL] },
      { category_id: 40, colors: [PAINT_COLOR] },
    ]);
    appStore.set(atoms.deadCardsAtom, ['10h']);
  });
  paint('KK');
  await vi.waitFor(() => expect(appStore.get(atoms.rangeConflictsAtom)).toHaveLength(1));
  const conflict = renderHook(() => useRangeConflict(), { wrapper });
  const choose = (choice: 'mine' | 'theirs' | 'copy') =>
    act(async () => {
      await conflict.result.current.choose(choice);
    });
  return { appStore, atoms, api, choose, conflict, paint };
}

beforeEach(freshBrowser);

describe('the range conflict dialog’s choices', () => {
  it('saves mine as a copy with its extra villains and dead cards, its own chart as the villain it names', async () => {
    const tool = await conflicted();
    await tool.choose('copy');
    expect(tool.conflict.result.current.error).toBeNull();
    expect(tool.api.create).toHaveBeenCalledTimes(1);
    const created = tool.api.create.mock.calls[0]?.[0];
    expect(created?.pairs?.map((pair) => pair.hand)).toEqual(['KK']);
    // The copy cannot name itself before it exists: the villain of this chart follows once it does.
    expect(created?.workspace).toEqual({
      villains: [{ text: 'QQ+,AKs' }, { category_id: 40, colors: [PAINT_COLOR] }],
      dead: ['Th'],
    });
    await vi.waitFor(() =>
      expect(tool.api.save).toHaveBeenCalledWith(
        77,
        expect.objectContaining({
          base_revision: 0,
          workspace: {
            villains: [
              { text: 'QQ+,AKs' },
              { category_id: 77, colors: [CALL] },
              { category_id: 40, colors: [PAINT_COLOR] },
            ],
            dead: ['Th'],
          },
        }),
        false,
        expect.any(AbortSignal),
      ),
    );
    // Mine now lives in the copy: the conflicted range keeps theirs, and nothing else is sent for it.
    expect(tool.appStore.get(tool.atoms.rangeConflictsAtom)).toEqual([]);
    expect(tool.api.save.mock.calls.filter(([id]) => id === 31)).toHaveLength(1);
  });

  it('keeping theirs shows their extra villains and dead cards, and the next edit keeps them, not mine', async () => {
    const tool = await conflicted();
    await tool.choose('theirs');
    expect(tool.appStore.get(tool.atoms.rangeConflictsAtom)).toEqual([]);
    expect(Object.keys(tool.appStore.get(tool.atoms.rangePairsAtom))).toEqual(['72o']);
    // Their whole version is on screen, as the server holds it: the editor says Saved and means it.
    expect(tool.appStore.get(tool.atoms.extraVillainsAtom)).toEqual([{ text: '22+' }]);
    expect(tool.appStore.get(tool.atoms.deadCardsAtom)).toEqual(['Kd']);

    tool.api.save.mockImplementation((id) =>
      Promise.resolve({ ...theirsCategory, id, revision: 10 } as never),
    );
    tool.paint('QQ');
    await vi.waitFor(() => expect(tool.api.save).toHaveBeenCalledTimes(2));
    const next = tool.api.save.mock.calls[1]?.[1];
    expect(next).toMatchObject({ base_revision: 9 });
    // Their workspace is the server's already: the save leaves it as it is, with nothing of mine over it.
    expect(next).not.toHaveProperty('workspace');
  });

  it('after a copy the range shows their version, extra villains and dead cards included', async () => {
    const tool = await conflicted();
    await tool.choose('copy');
    expect(Object.keys(tool.appStore.get(tool.atoms.rangePairsAtom))).toEqual(['72o']);
    expect(tool.appStore.get(tool.atoms.extraVillainsAtom)).toEqual([{ text: '22+' }]);
    expect(tool.appStore.get(tool.atoms.deadCardsAtom)).toEqual(['Kd']);
  });
});
