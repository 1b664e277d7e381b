// Painting keeps to the open chart's own colours, "Create" opens the new chart, and the weight field refuses what is
// no weight: the editor as a player uses it (library, legend, toolbar and chart together), the server mocked.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { appStore } from '@/lib/store';
import { treeNode } from '@/test/fixtures';
import { renderApp, testUser } from '@/test/render';
import type { Category } from '@contract/categories';

import { RangeLibrary } from '../../library/components/range-library';
import { useAutosave } from '../../library/use-range-library';
import { rangeSaver } from '../../saving/range-saver';
import type * as apiModule from '../../shared/api';
import { rangeApi } from '../../shared/api';
import { categoryIdAtom, comboExclusionsAtom, displayModeAtom, rangeHistoryAtom } from '../../shared/atoms';
import { initHistory } from '../../shared/range-history';
import { cell, resetPainting } from '../../test-support';
import { ColorButtons } from './color-buttons';
import { EditorToolbar } from './editor-toolbar';
import { RangeGrid } from './range-grid';

// The server's answers are the test's; the paths the saver caches its answers under are the app's.
vi.mock('../../shared/api', async (original) => ({
  ...(await original<ApiModule>()),
  ...(await import('../../test-support')).rangeApiModule(),
}));
// The toolbar's text import never reaches the engine here.
vi.mock('@/engine/engine-instance', () => import('@/test/idle-engine'));

type ApiModule = typeof apiModule;
const api = vi.mocked(rangeApi);
const RAISE = '#D64545';
const BLUE = '#1847BE';

const category = (id: number, name: string, buttons: Category['buttons']): Category => ({
  id,
  name,
  kind: 'range',
  root_type: 'preflop_root',
  parent_id: null,
  position: id,
  note: '',
  buttons,
  is_template: false,
  created_at: '',
  updated_at: '',
  sides: null,
  revision: 1,
  workspace: null,
});

/** "CO open (28%)" as the demo player has it: one colour, "Raise 2.5bb", and AA in it. */
const coOpen = category(2, 'CO open (28%)', [{ color: RAISE, label: 'Raise 2.5bb' }]);

function Editor() {
  useAutosave();
  return (
    <>
      <RangeLibrary rootType="preflop_root" />
      <EditorToolbar />
      <ColorButtons />
      <RangeGrid />
    </>
  );
}

/** Chooses a cell from the keyboard, as a click does: one stroke of one cell. */
async function choose(user: ReturnType<typeof userEvent.setup>, hand: string) {
  cell(hand).focus();
  await user.keyboard('{Enter}');
}

/** The body of the last save sent for range `id`. */
const lastSave = (id: number) => api.save.mock.calls.filter(([saved]) => saved === id).at(-1)?.[1];

beforeEach(() => {
  vi.clearAllMocks();
  resetPainting();
  appStore.set(categoryIdAtom, null);
  appStore.set(comboExclusionsAtom, {});
  appStore.set(displayModeAtom, 2);
  api.tree.mockResolvedValue({
    root_type: 'preflop_root',
    children: [treeNode(1, 'BTN open'), treeNode(2, coOpen.name)],
  });
  api.category.mockImplementation(async (id) => (id === 2 ? coOpen : category(id, `Range ${id}`, [])));
  api.range.mockImplementation(async (id) =>
    id === 2 ? [{ hand: 'AA', colors: [{ color: RAISE, weight: 100 }] }] : [],
  );
  api.save.mockImplementation(async (id) => ({ ...coOpen, id, revision: 2 }));
});

// A test's edits still waiting in the page's one save queue would be shown by the next test's open of the range.
afterEach(() => rangeSaver.flush());

describe("painting in the chart's own colours", () => {
  it('paints a one-colour chart in its colour, never in the default blue, and the legend counts every combo', async () => {
    const user = userEvent.setup();
    renderApp(<Editor />, { user: testUser });
    // The fresh chart's blue was the current colour before the chart was opened.
    await user.click(await screen.findByRole('button', { name: /^Range\s*CO open/ }));
    await waitFor(() => expect(appStore.get(categoryIdAtom)).toBe(2));
    await choose(user, 'K5s');
    expect(cell('K5s')).toHaveAttribute('data-colors', `${RAISE}:100`);
    expect(screen.getByRole('button', { name: /^Raise 2.5bb/ })).toHaveAttribute('aria-pressed', 'true');
    // The range line and the legend agree: AA (6) and K5s (4).
    expect(screen.getByTestId('range-combos')).toHaveTextContent('Range: 10 combos');
    expect(screen.getByRole('button', { name: /^Raise 2.5bb/ })).toHaveTextContent('10 ·');
    await waitFor(() => expect(lastSave(2)).toBeDefined(), { timeout: 3000 });
    const saved = lastSave(2)!.pairs!.flatMap((pair) => pair.colors.map((entry) => entry.color));
    expect(new Set(saved)).toEqual(new Set([RAISE]));
  });

  it("opens a chart in its first colour and leaves another chart's colour behind", async () => {
    const user = userEvent.setup();
    api.category.mockImplementation(async (id) =>
      id === 1
        ? category(1, 'BTN open', [
            { color: BLUE, label: 'Raise' },
            { color: '#2E9E5B', label: 'Call' },
          ])
        : coOpen,
    );
    renderApp(<Editor />, { user: testUser });
    await user.click(await screen.findByRole('button', { name: /^Range\s*BTN open/ }));
    await waitFor(() => expect(appStore.get(categoryIdAtom)).toBe(1));
    await user.click(screen.getByRole('button', { name: /^Call/ }));
    await choose(user, 'QQ');
    expect(cell('QQ')).toHaveAttribute('data-colors', '#2E9E5B:100');
    // CO open has no "Call": its own colour is the one painted.
    await user.click(screen.getByRole('button', { name: /^Range\s*CO open/ }));
    await waitFor(() => expect(appStore.get(categoryIdAtom)).toBe(2));
    await choose(user, 'QQ');
    expect(cell('QQ')).toHaveAttribute('data-colors', `${RAISE}:100`);
  });

  it('paints display mode 1 in the chart colour too', async () => {
    const user = userEvent.setup();
    renderApp(<Editor />, { user: testUser });
    await user.click(await screen.findByRole('button', { name: /^Range\s*CO open/ }));
    await waitFor(() => expect(appStore.get(categoryIdAtom)).toBe(2));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Display mode' }), '1');
    await choose(user, '72o');
    expect(cell('72o')).toHaveAttribute('data-colors', `${RAISE}:100`);
  });

  it('lists a colour the chart holds without a button in its legend, with its combos', async () => {
    const user = userEvent.setup();
    // K5s painted blue before painting kept to the legend's colours.
    api.range.mockResolvedValue([
      { hand: 'AA', colors: [{ color: RAISE, weight: 100 }] },
      { hand: 'K5s', colors: [{ color: BLUE, weight: 100 }] },
    ]);
    renderApp(<Editor />, { user: testUser });
    await user.click(await screen.findByRole('button', { name: /^Range\s*CO open/ }));
    await waitFor(() => expect(appStore.get(categoryIdAtom)).toBe(2));
    expect(screen.getByTestId('range-combos')).toHaveTextContent('Range: 10 combos');
    expect(screen.getByRole('button', { name: /^Colour 2/ })).toHaveTextContent('4 ·');
    // Shown, not yet an edit: nothing is saved until the player changes the chart.
    expect(api.save).not.toHaveBeenCalled();
  });
});

describe('"Create"', () => {
  it('opens the new range at once, so the next paint lands in it and not in the range open before', async () => {
    const user = userEvent.setup();
    api.create.mockResolvedValue(category(5, 'SB open', [{ color: BLUE, label: 'Raise' }]));
    renderApp(<Editor />, { user: testUser });
    await user.click(await screen.findByRole('button', { name: /^Range\s*CO open/ }));
    await waitFor(() => expect(appStore.get(categoryIdAtom)).toBe(2));
    await user.type(screen.getByLabelText('New item'), 'SB open');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(appStore.get(categoryIdAtom)).toBe(5));
    expect(cell('AA')).toHaveAttribute('data-weight', '0');
    await choose(user, 'JJ');
    await waitFor(() => expect(lastSave(5)).toBeDefined(), { timeout: 3000 });
    expect(lastSave(5)!.pairs).toEqual([{ hand: 'JJ', colors: [{ color: BLUE, weight: 100 }] }]);
    expect(api.save.mock.calls.filter(([id]) => id === 2)).toEqual([]);
  });

  it('keeps the chart drawn with no range open: the new range is made with it', async () => {
    const user = userEvent.setup();
    api.create.mockImplementation(async (body) => ({ ...category(6, body.name, body.buttons ?? []) }));
    api.range.mockResolvedValue([{ hand: 'TT', colors: [{ color: BLUE, weight: 100 }] }]);
    renderApp(<Editor />, { user: testUser });
    await screen.findByRole('button', { name: /^Range\s*CO open/ });
    appStore.set(rangeHistoryAtom, initHistory({ TT: [{ color: BLUE, weight: 100 }] }));
    await user.type(screen.getByLabelText('New item'), 'Drawn');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(appStore.get(categoryIdAtom)).toBe(6));
    expect(api.create).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'Drawn',
        pairs: [{ hand: 'TT', colors: [{ color: BLUE, weight: 100 }] }],
      }),
    );
    expect(cell('TT')).toHaveAttribute('data-weight', '100');
  });
});

describe('the weight field', () => {
  it.each([
    ['abc', '“abc” is not a number. Type a weight from 0.01 to 100, like 50 or 12.5.'],
    ['', 'Type a weight to paint: a number from 0.01 to 100.'],
    ['0', 'A weight must be more than 0 and at most 100.'],
    ['150', 'A weight must be more than 0 and at most 100.'],
  ])('refuses "%s" with a message and paints nothing with it', async (typed, message) => {
    const user = userEvent.setup();
    renderApp(<Editor />);
    const field = screen.getByLabelText('Weight, %');
    await user.clear(field);
    if (typed) await user.type(field, typed);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await choose(user, 'AKs');
    expect(cell('AKs')).toHaveAttribute('data-weight', '0');
    expect(appStore.get(rangeHistoryAtom).past).toHaveLength(0);
    // A weight again: the message goes and the paint uses it.
    await user.clear(field);
    await user.type(field, '40');
    expect(screen.queryByRole('alert')).toBeNull();
    await choose(user, 'AKs');
    expect(cell('AKs')).toHaveAttribute('data-weight', '40');
  });
});
