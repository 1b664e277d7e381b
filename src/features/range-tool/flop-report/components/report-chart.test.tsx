// /flop-report opened directly: it takes up the player's last chart (the range tool's working state, cash first),
// and a signed-in player picks any chart of the library there. The server is mocked; the stores are the app's.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { appStore } from '@/lib/store';
import { treeNode } from '@/test/fixtures';
import { renderApp, testUser } from '@/test/render';
import type { Category } from '@contract/categories';

import type * as ApiModule from '../../shared/api';
import { rangeApi } from '../../shared/api';
import { categoryIdAtom, selectionScopeAtom } from '../../shared/atoms';
import { workingStateKey } from '../../shared/working-state';
import { chartsOf } from '../use-report-chart';
import { FlopReportPage } from './flop-report-page';

vi.mock('../../shared/api', async (original) => ({
  ...(await original<typeof ApiModule>()),
  ...(await import('../../test-support')).rangeApiModule(),
}));
vi.mock('@/engine/engine-instance', () => import('@/test/idle-engine'));

const api = vi.mocked(rangeApi);
const category = (id: number): Category => ({
  id,
  name: `Chart ${id}`,
  kind: 'range',
  root_type: id === 9 ? 'tournament_root' : 'preflop_root',
  parent_id: null,
  position: id,
  note: '',
  buttons: [
    { color: '#D64545', label: 'Raise' },
    { color: '#2E9E5B', label: 'Call' },
  ],
  is_template: false,
  created_at: '',
  updated_at: '',
  sides: null,
  revision: 1,
  workspace: null,
});

describe('the chart of the flop report', () => {
  it('lists the library with its folders', () => {
    const tree = [
      treeNode(1, 'Opens', 'folder', [treeNode(2, 'CO open', 'range'), treeNode(3, 'BTN open', 'range')]),
      treeNode(4, 'SB', 'range'),
    ];
    expect(chartsOf(tree, 'preflop_root').map((chart) => chart.name)).toEqual([
      'Opens › CO open',
      'Opens › BTN open',
      'SB',
    ]);
  });

  it("opened directly, takes up the player's last chart, and opens another one picked there", async () => {
    const user = userEvent.setup();
    api.tree.mockImplementation(async (root) =>
      root === 'preflop_root'
        ? { root_type: root, children: [treeNode(1, 'Opens', 'folder', [treeNode(5, 'CO open', 'range')])] }
        : { root_type: root, children: [treeNode(9, 'Push 10bb', 'range')] },
    );
    api.category.mockImplementation(async (id) => category(id));
    api.range.mockImplementation(async (id) =>
      id === 5
        ? [
            { hand: 'AA', colors: [{ color: '#D64545', weight: 100 }] },
            { hand: 'KK', colors: [{ color: '#2E9E5B', weight: 100 }] },
          ]
        : [{ hand: '22', colors: [{ color: '#D64545', weight: 100 }] }],
    );
    // The range tool left CO open open on the last visit.
    localStorage.setItem(
      workingStateKey('preflop_root', { userId: testUser.id }),
      JSON.stringify({ version: 1, chart: { id: 5 }, board: [], hole: [] }),
    );
    renderApp(<FlopReportPage />, { user: testUser, route: '/flop-report' });
    await waitFor(() => expect(appStore.get(categoryIdAtom)).toBe(5));
    const picker = await screen.findByRole('combobox', { name: 'Chart' });
    await waitFor(() => expect(picker).toHaveValue('5'));
    expect(screen.queryByText(/The chart is empty/)).toBeNull();
    expect(document.querySelector('[data-side="hero"]')).toHaveTextContent('6 combos');
    expect(document.querySelector('[data-side="villain"]')).toHaveTextContent('6 combos');
    expect(screen.getByRole('button', { name: 'Run the report' })).toBeEnabled();

    await user.selectOptions(picker, 'Push 10bb');
    await waitFor(() => expect(appStore.get(categoryIdAtom)).toBe(9));
    // The tournament tool will show it selected.
    expect(appStore.get(selectionScopeAtom)).toEqual({ rootType: 'tournament_root', owner: testUser.id });
    await waitFor(() => expect(document.querySelector('[data-side="hero"]')).toHaveTextContent('6 combos'));
  });
});
