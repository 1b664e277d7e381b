import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { appStore } from '@/lib/store';
import { renderApp, testUser } from '@/test/render';
import type { Category } from '@contract/categories';

import { ColorButtons } from '../../editor/components/color-buttons';
import { EditorToolbar } from '../../editor/components/editor-toolbar';
import { RangeGrid } from '../../editor/components/range-grid';
import { rangeApi } from '../../shared/api';
import {
  categoryIdAtom,
  comboExclusionsAtom,
  deadCardsAtom,
  heroSideAtom,
  rangeHistoryAtom,
  templateRangeIdAtom,
} from '../../shared/atoms';
import { cell, resetPainting } from '../../test-support';
import { useAutosave } from '../use-range-library';
import { RangeLibrary } from './range-library';
import { TemplateNotice } from './template-notice';

vi.mock('../../shared/api', () => import('../../test-support').then((support) => support.rangeApiModule()));
vi.mock('@/engine/engine-instance', () => import('@/test/idle-engine'));

const api = vi.mocked(rangeApi);

const category = (id: number, template: boolean): Category => ({
  id,
  name: template ? 'BTN open (pack)' : 'BTN open (copy)',
  kind: 'range',
  root_type: 'preflop_root',
  parent_id: null,
  position: id,
  note: 'as sold',
  buttons: [
    { color: '#1847BE', label: 'Open' },
    { color: '#C0392B', label: 'Fold' },
  ],
  sides: null,
  revision: 4,
  workspace: null,
  is_template: template,
  created_at: '',
  updated_at: '',
});

function Editor() {
  useAutosave();
  return (
    <>
      <RangeLibrary rootType="preflop_root" />
      <TemplateNotice />
      <EditorToolbar />
      <ColorButtons />
      <RangeGrid />
    </>
  );
}

beforeEach(() => {
  vi.clearAllMocks();
  resetPainting();
  appStore.set(categoryIdAtom, null);
  appStore.set(templateRangeIdAtom, null);
  appStore.set(comboExclusionsAtom, {});
  api.tree.mockResolvedValue({
    root_type: 'preflop_root',
    children: [
      { id: 2, name: 'BTN open (pack)', kind: 'range', position: 2, is_template: true, children: [] },
    ],
  });
  api.category.mockImplementation(async (id: number) => category(id, id === 2));
  api.range.mockResolvedValue([{ hand: 'AA', colors: [{ color: '#1847BE', weight: 100 }] }]);
  api.save.mockImplementation(async (id: number) => category(id, id === 2));
});

describe('a ready-made strategy in the editor', () => {
  it('cannot be painted, saves only how it is studied, and opens an editable copy', async () => {
    const user = userEvent.setup();
    renderApp(<Editor />, { user: testUser });
    await user.click(await screen.findByRole('button', { name: /^Range\s*BTN open \(pack\)$/ }));
    await waitFor(() => expect(appStore.get(categoryIdAtom)).toBe(2));
    expect(screen.getByRole('note')).toHaveTextContent('Ready-made strategy');

    // A press, a key and the toolbar change nothing of the chart as sold.
    document.elementFromPoint = () => cell('KK');
    fireEvent.pointerDown(screen.getByRole('group', { name: /13 by 13/ }), {
      button: 0,
      clientX: 1,
      clientY: 1,
    });
    fireEvent.pointerUp(window);
    cell('QQ').focus();
    await user.keyboard('{Enter}');
    expect(cell('KK')).toHaveAttribute('data-weight', '0');
    expect(cell('QQ')).toHaveAttribute('data-weight', '0');
    expect(appStore.get(rangeHistoryAtom).past).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Clear range' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add colour' })).toBeNull();
    expect(screen.getByLabelText('Note')).toHaveAttribute('readonly');

    // Choosing the sides is the player's own study: saved, and nothing but it goes to the server (the workspace,
    // unchanged, stays as the server has it).
    appStore.set(heroSideAtom, { colors: ['#C0392B'] });
    await waitFor(() => expect(api.save).toHaveBeenCalled(), { timeout: 3000 });
    expect(api.save).toHaveBeenLastCalledWith(
      2,
      { sides: { hero: { colors: ['#C0392B'] }, villain: expect.any(Object) } },
      false,
      expect.any(AbortSignal),
    );
    appStore.set(deadCardsAtom, ['Ah']);
    await waitFor(() => expect(api.save).toHaveBeenCalledTimes(2), { timeout: 3000 });
    expect(api.save).toHaveBeenLastCalledWith(
      2,
      {
        sides: { hero: { colors: ['#C0392B'] }, villain: expect.any(Object) },
        workspace: { villains: [], dead: ['Ah'] },
      },
      false,
      expect.any(AbortSignal),
    );

    // The copy opens at once, and it paints.
    api.action.mockResolvedValue(category(3, false));
    await user.click(screen.getByRole('button', { name: 'Make an editable copy' }));
    expect(api.action).toHaveBeenCalledWith(2, 'createFromTemplate');
    await waitFor(() => expect(appStore.get(categoryIdAtom)).toBe(3));
    expect(screen.queryByRole('note')).toBeNull();
    cell('KK').focus();
    await user.keyboard('{Enter}');
    expect(cell('KK')).toHaveAttribute('data-weight', '100');
  });
});
