import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/api-client';
import { appStore } from '@/lib/store';
import { treeNode } from '@/test/fixtures';
import { renderApp, testUser } from '@/test/render';

import { rangeApi } from '../../shared/api';
import {
  categoryIdAtom,
  comboExclusionsAtom,
  editVersionAtom,
  heroSideAtom,
  rangeHistoryAtom,
  villainSideAtom,
} from '../../shared/atoms';
import { initHistory } from '../../shared/range-history';
import { useAutosave } from '../use-range-library';
import { RangeLibrary } from './range-library';

vi.mock('../../shared/api', () => import('../../test-support').then((support) => support.rangeApiModule()));

const api = vi.mocked(rangeApi);

function Library() {
  useAutosave();
  return <RangeLibrary rootType="preflop_root" />;
}

beforeEach(() => {
  vi.clearAllMocks();
  appStore.set(categoryIdAtom, null);
  appStore.set(rangeHistoryAtom, initHistory({}));
  api.tree.mockResolvedValue({
    root_type: 'preflop_root',
    children: [treeNode(1, 'Opens', 'folder'), treeNode(2, 'BTN', 'range')],
  });
  api.category.mockResolvedValue({
    id: 2,
    name: 'BTN',
    kind: 'range',
    root_type: 'preflop_root',
    parent_id: null,
    position: 2,
    note: 'wide',
    buttons: [{ color: '#1847BE', label: 'Open' }],
    is_template: false,
    created_at: '',
    updated_at: '',
    sides: null,
    revision: 0,
    workspace: null,
  });
  api.range.mockResolvedValue([{ hand: 'AA', colors: [{ color: '#1847BE', weight: 100 }] }]);
});

describe('range library', () => {
  it('asks a signed-out player to sign in to save', () => {
    renderApp(<Library />);
    expect(screen.getByRole('link', { name: 'Sign in to save' })).toHaveAttribute('href', '/auth/login');
    expect(api.tree).not.toHaveBeenCalled();
  });

  it('loads a range into the editor and shows "error renewing range" when the server refuses the save', async () => {
    const user = userEvent.setup();
    // A body the server refuses for good (a range deleted meanwhile, 404, is held instead: deleted-range.test.tsx).
    api.save.mockRejectedValue(new ApiError(400, 'Invalid request', 'invalidRequest'));
    renderApp(<Library />, { user: testUser });
    expect(screen.getByText(/accepting a shared strategy deletes the first category/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /^Range\s*BTN$/ }));
    await waitFor(() => expect(appStore.get(categoryIdAtom)).toBe(2));
    expect(appStore.get(rangeHistoryAtom).present).toEqual({ AA: [{ color: '#1847BE', weight: 100 }] });
    expect(screen.getByLabelText('Note')).toHaveValue('wide');
    expect(api.save).not.toHaveBeenCalled();
    appStore.set(editVersionAtom, (version) => version + 1);
    await waitFor(() => expect(screen.getByTestId('save-state')).toHaveTextContent('Unsaved changes'));
    await waitFor(() => expect(screen.getByTestId('save-state')).toHaveTextContent('Error renewing range'), {
      timeout: 3000,
    });
    expect(api.save).toHaveBeenCalledWith(
      2,
      expect.objectContaining({ note: 'wide' }),
      false,
      expect.any(AbortSignal),
    );
  });

  it('restores left-out combos and sides on load and saves them with the range', async () => {
    const user = userEvent.setup();
    appStore.set(comboExclusionsAtom, {});
    api.save.mockResolvedValue({} as never);
    api.category.mockResolvedValueOnce({
      ...(await api.category(2)),
      sides: { hero: { colors: ['#C0392B'] }, villain: { colors: ['#1847BE'] } },
    });
    api.category.mockClear();
    api.range.mockResolvedValue([
      { hand: 'AA', colors: [{ color: '#1847BE', weight: 100 }] },
      { hand: 'AKs', colors: [], excluded: ['AhKh', 'AsKs'] },
    ]);
    renderApp(<Library />, { user: testUser });
    await user.click(await screen.findByRole('button', { name: /^Range\s*BTN$/ }));
    await waitFor(() => expect(appStore.get(categoryIdAtom)).toBe(2));
    expect(appStore.get(comboExclusionsAtom)).toEqual({ AKs: ['AhKh', 'AsKs'] });
    expect(appStore.get(heroSideAtom)).toEqual({ colors: ['#C0392B'] });
    expect(appStore.get(villainSideAtom)).toEqual({ colors: ['#1847BE'] });
    // Loading is not an edit; leaving one more combo out is.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(api.save).not.toHaveBeenCalled();
    appStore.set(comboExclusionsAtom, { AKs: ['AhKh', 'AsKs'], AA: ['AhAc'] });
    await waitFor(() => expect(api.save).toHaveBeenCalled(), { timeout: 3000 });
    expect(api.save).toHaveBeenCalledWith(
      2,
      expect.objectContaining({
        pairs: [
          { hand: 'AA', colors: [{ color: '#1847BE', weight: 100 }], excluded: ['AhAc'] },
          { hand: 'AKs', colors: [], excluded: ['AhKh', 'AsKs'] },
        ],
        sides: { hero: { colors: ['#C0392B'] }, villain: { colors: ['#1847BE'] } },
      }),
      false,
      expect.any(AbortSignal),
    );
  });

  it('deletes only after confirmation and moves through the server', async () => {
    const user = userEvent.setup();
    api.remove.mockResolvedValue({ ok: true });
    api.action.mockResolvedValue({} as never);
    renderApp(<Library />, { user: testUser });
    await user.click(await screen.findByRole('button', { name: 'Actions for Opens' }));
    await user.click(screen.getByRole('button', { name: 'Move down' }));
    expect(api.action).toHaveBeenCalledWith(1, 'moveDown');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(api.remove).not.toHaveBeenCalled();
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete “Opens”');
    await user.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1)!);
    expect(api.remove).toHaveBeenCalledWith(1);
  });

  it.each([
    ['the folder holding it', 'Opens', 1, null],
    ['another folder', 'Empty', 4, 2],
  ])('deleting %s leaves the open range in the editor only when it survives', async (_, name, id, open) => {
    const user = userEvent.setup();
    api.remove.mockResolvedValue({ ok: true });
    api.tree.mockResolvedValue({
      root_type: 'preflop_root',
      children: [
        treeNode(1, 'Opens', 'folder', [treeNode(2, 'BTN', 'range')] as never),
        treeNode(4, 'Empty', 'folder'),
      ],
    });
    renderApp(<Library />, { user: testUser });
    await user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
    appStore.set(categoryIdAtom, 2);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click((await screen.findAllByRole('button', { name: 'Delete' })).at(-1)!);
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith(id));
    await waitFor(() => expect(appStore.get(categoryIdAtom)).toBe(open));
  });

  it('copies a range with the edit made just before (the waiting save goes first)', async () => {
    const user = userEvent.setup();
    const saved = { ...(await api.category(2)), revision: 1 };
    api.save.mockResolvedValue(saved);
    api.action.mockResolvedValue({ ...saved, id: 3 });
    appStore.set(comboExclusionsAtom, {});
    renderApp(<Library />, { user: testUser });
    await user.click(await screen.findByRole('button', { name: /^Range\s*BTN$/ }));
    await waitFor(() => expect(appStore.get(categoryIdAtom)).toBe(2));
    // A paint, then "Copy down" at once, within the save queue's coalescing wait.
    appStore.set(rangeHistoryAtom, initHistory({ KK: [{ color: '#1847BE', weight: 100 }] }));
    appStore.set(editVersionAtom, (version) => version + 1);
    await user.click(screen.getByRole('button', { name: 'Actions for BTN' }));
    await user.click(screen.getByRole('button', { name: 'Copy down' }));
    await waitFor(() => expect(api.action).toHaveBeenCalledWith(2, 'copyDown'));
    const withKings = api.save.mock.calls.findIndex(
      ([id, body]) => id === 2 && body.pairs?.some((pair) => pair.hand === 'KK'),
    );
    expect(withKings).toBeGreaterThanOrEqual(0);
    expect(api.save.mock.invocationCallOrder[withKings]).toBeLessThan(
      api.action.mock.invocationCallOrder[0]!,
    );
  });
});
