import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { incomingCountAtom } from '@/lib/incoming-count';
import { appStore } from '@/lib/store';
import { mockFetch, renderApp, requestBody, testUser } from '@/test/render';
import type { Pair } from '@contract/categories';

import { diffCellAtom } from '../atoms';
import { DiffPage } from './diff-page';

const RAISE = '#1847BE';
const CALL = '#C0392B';
const buttons = [
  { color: RAISE, label: 'Raise' },
  { color: CALL, label: 'Call' },
];

const category = (id: number, name: string, kind = 'range') => ({
  id,
  name,
  kind,
  root_type: 'preflop_root',
  parent_id: null,
  position: id,
  note: '',
  buttons,
  sides: null,
  revision: 1,
  workspace: null,
  is_template: false,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
});

const pairs = (cells: Record<string, Array<[string, number]>>): Pair[] =>
  Object.entries(cells).map(([hand, colors]) => ({
    hand,
    colors: colors.map(([color, weight]) => ({ color, weight })),
  }));

// From: AA, KK, AKs raise. To: AA, QQ raise, AKs raise at half, KK call.
const CHARTS: Record<number, Pair[]> = {
  1: pairs({ AA: [[RAISE, 100]], KK: [[RAISE, 100]], AKs: [[RAISE, 100]] }),
  2: pairs({ AA: [[RAISE, 100]], QQ: [[RAISE, 100]], AKs: [[RAISE, 50]], KK: [[CALL, 100]] }),
};
const NAMES: Record<number, string> = { 1: 'Open A', 2: 'Open B' };

const tree = {
  root_type: 'preflop_root',
  children: [1, 2].map((id) => ({
    id,
    name: NAMES[id],
    kind: 'range',
    position: id,
    is_template: false,
    children: [],
  })),
};

function library(
  overrides: (url: string) => { status?: number; body: unknown } | undefined = () => undefined,
) {
  return mockFetch((url, init) => {
    const override = overrides(url);
    if (override) return override;
    if (url.startsWith('/api/v1/categories/tree'))
      return { body: { data: url.includes('preflop') ? tree : { ...tree, children: [] } } };
    const range = /\/api\/v1\/categories\/range\?category_id=(\d+)/.exec(url);
    if (range && CHARTS[Number(range[1])]) return { body: { data: CHARTS[Number(range[1])] } };
    const single = /\/api\/v1\/categories\/(\d+)$/.exec(url);
    if (single && NAMES[Number(single[1])] && (init.method ?? 'GET') === 'GET')
      return { body: { data: category(Number(single[1]), NAMES[Number(single[1])]!) } };
    return undefined;
  });
}

/** The library and the incoming strategy 5 compared with Open A; `after` is the server's count once decided. */
function incomingLibrary(
  decision: (url: string) => { status?: number; body: unknown } | undefined,
  after: number,
) {
  return library((url) => {
    if (url.startsWith('/api/v1/categories/incoming/count')) return { body: { data: after } };
    if (url !== '/api/v1/categories/incoming/5/compare') return decision(url);
    const data = {
      id: 5,
      name: 'Gift',
      kind: 'range',
      root_type: 'preflop_root',
      from_user: 'shark',
      buttons,
      pairs: CHARTS[2],
      replaces: { id: 1, name: 'Open A', kind: 'range' },
    };
    return { body: { data } };
  });
}

const countReads = (spy: ReturnType<typeof library>) =>
  spy.mock.calls.filter(([url]) => String(url).startsWith('/api/v1/categories/incoming/count')).length;

const cell = (hand: string) =>
  within(screen.getByTestId('diff-grid')).getByRole('button', { name: new RegExp(`^${hand}:`) });

describe('DiffPage', () => {
  beforeEach(() => appStore.set(diffCellAtom, null));
  afterEach(() => vi.unstubAllGlobals());

  it('marks each class, counts the combos per action and moves through the grid by keyboard', async () => {
    const user = userEvent.setup();
    library();
    renderApp(<DiffPage />, { user: testUser, route: '/compare?from=1&to=2' });
    await screen.findByTestId('diff-grid');
    expect(cell('AA')).toHaveAttribute('data-kind', 'unchanged');
    expect(cell('KK')).toHaveAttribute('data-kind', 'recoloured');
    expect(cell('QQ')).toHaveAttribute('data-kind', 'added');
    expect(cell('AKs')).toHaveAttribute('data-kind', 'reweighted');
    expect(screen.getByTestId('diff-summary')).toHaveTextContent('3 hand classes change.');

    // Raise: 6 + 6 + 4 = 16 → 6 + 6 + 2 = 14; Call: 0 → 6 (KK); the range: 16 → 20.
    const rows = within(screen.getByTestId('diff-table')).getAllByRole('row');
    const texts = rows.map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((td) => td.textContent),
    );
    expect(texts.slice(1)).toEqual([
      ['16', '14', '-2'],
      ['0', '6', '+6'],
      ['16 (1.2%)', '20 (1.5%)', '+4'],
    ]);

    // One tab stop: focus lands on AA, the arrow moves to AKs and the detail follows.
    const stops = within(screen.getByTestId('diff-grid'))
      .getAllByRole('button')
      .filter((button) => button.getAttribute('tabindex') === '0');
    expect(stops).toEqual([cell('AA')]);
    cell('AA').focus();
    await user.keyboard('{ArrowRight}');
    expect(cell('AKs')).toHaveFocus();
    const detail = await screen.findByTestId('diff-detail');
    expect(detail).toHaveAttribute('data-hand', 'AKs');
    expect(within(detail).getByText('Re-weighted')).toBeInTheDocument();
    expect(within(detail).getByText('2 combos')).toBeInTheDocument();
    expect(cell('AKs')).toHaveAttribute('tabindex', '0');
    expect(cell('AA')).toHaveAttribute('tabindex', '-1');
  });

  it('asks for the second range, then shows the diff of the one picked', async () => {
    const user = userEvent.setup();
    library();
    renderApp(<DiffPage />, { user: testUser, route: '/compare?from=1' });
    expect(await screen.findByText('Choose the two ranges to compare.')).toBeInTheDocument();
    const to = screen.getByLabelText('To');
    await waitFor(() => expect(to).toBeEnabled());
    await user.selectOptions(to, 'Open B');
    expect(await screen.findByTestId('diff-grid')).toBeInTheDocument();
    expect(cell('QQ')).toHaveAttribute('data-kind', 'added');
  });

  it('shows a failed side with a retry that loads it, and refuses an address that is not ids', async () => {
    const user = userEvent.setup();
    let fail = true;
    library((url) =>
      fail && url.includes('category_id=2')
        ? { status: 500, body: { error: 'Something went wrong' } }
        : undefined,
    );
    const { unmount } = renderApp(<DiffPage />, { user: testUser, route: '/compare?from=1&to=2' });
    expect(await screen.findByText(/This range could not be loaded/)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('diff-grid')).toBeInTheDocument();
    unmount();

    renderApp(<DiffPage />, { user: testUser, route: '/compare?from=abc&to=2' });
    expect(screen.getByText(/This comparison's address is not valid/)).toBeInTheDocument();
  });

  it('compares an incoming strategy with the range accepting would replace and accepts it from the diff', async () => {
    const user = userEvent.setup();
    const spy = incomingLibrary(
      (url) =>
        url === '/api/v1/categories/incoming/5/accept'
          ? { body: { data: { category_id: 9, removed_category_id: 1 } } }
          : undefined,
      0,
    );
    renderApp(<DiffPage />, { user: testUser, route: '/compare?incoming=5' });
    // The bell showed one waiting strategy, read by its last poll.
    appStore.set(incomingCountAtom, 1);
    const bar = await screen.findByTestId('diff-incoming');
    expect(within(bar).getByText('«Gift» from shark')).toBeInTheDocument();
    expect(within(bar).getByText(/accepting deletes «Open A»/)).toBeInTheDocument();
    expect(await screen.findByTestId('diff-grid')).toBeInTheDocument();
    expect(cell('KK')).toHaveAttribute('data-kind', 'recoloured');
    // The button says what accepting costs, and the accept names the range the page showed (id 1, «Open A»).
    await user.click(within(bar).getByRole('button', { name: 'Delete «Open A» and accept' }));
    await waitFor(() =>
      expect(
        spy.mock.calls
          .filter(([url, init]) => url === '/api/v1/categories/incoming/5/accept' && init?.method === 'POST')
          .map(([, init]) => requestBody(init)),
      ).toEqual([{ replaces: 1 }]),
    );
    // The bell follows at once, not at its next 10-second poll, and the server's count is read again.
    await waitFor(() => expect(appStore.get(incomingCountAtom)).toBe(0));
    await waitFor(() => expect(countReads(spy)).toBe(1));
  });

  it('rejects an incoming strategy from the diff and the bell drops at once', async () => {
    const user = userEvent.setup();
    const spy = incomingLibrary(
      (url) =>
        url === '/api/v1/categories/incoming/5/reject' ? { body: { data: { ok: true } } } : undefined,
      2,
    );
    renderApp(<DiffPage />, { user: testUser, route: '/compare?incoming=5' });
    appStore.set(incomingCountAtom, 3);
    const bar = await screen.findByTestId('diff-incoming');
    await user.click(within(bar).getByRole('button', { name: 'Reject' }));
    // One fewer at once; then the server's own count (another strategy arrived meanwhile: 2, not 3 − 1).
    await waitFor(() => expect(countReads(spy)).toBe(1));
    await waitFor(() => expect(appStore.get(incomingCountAtom)).toBe(2));
  });
});
