import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockFetch, renderApp, requestBody, testUser } from '@/test/render';
import type { CreateCategoryBody, TreeNode } from '@contract/categories';
import { HAND_CLASSES } from '@contract/hands';

import type { SolvedSpot } from '../solved-spot';
import { BUDGET_WAIT_MS } from '../use-save-charts';
import { SaveCharts } from './save-charts';

/** A heads-up spot at 12 bb solved by hand: the small blind pushes the first half of the grid, the big blind AA. */
const solved: SolvedSpot = {
  spot: { stacks: [12, 12], blinds: { small: 0.5, big: 1, ante: 0, ante_kind: 'per_player' }, payouts: [] },
  unit: 'bb',
  decisions: [
    {
      key: 'push-0',
      kind: 'push',
      seat: 0,
      pusher: null,
      caller: null,
      frequency: HAND_CLASSES.map((_, index) => (index < 84 ? 1 : index === 84 ? 0.25 : 0)),
      playEv: HAND_CLASSES.map((_, index) => 2 - index / 50),
      foldEv: HAND_CLASSES.map(() => -0.5),
    },
    {
      key: 'call-0-1',
      kind: 'call',
      seat: 1,
      pusher: 0,
      caller: null,
      frequency: HAND_CLASSES.map((hand) => (hand === 'AA' ? 1 : 0)),
      playEv: HAND_CLASSES.map(() => -2),
      foldEv: HAND_CLASSES.map(() => -1),
    },
  ],
  equity: null,
  riskPremiums: [],
  exploitability: 0,
};

const range = (id: number, is_template = false): TreeNode => ({
  id,
  name: `r${id}`,
  kind: 'range',
  position: id,
  is_template,
  children: [],
});

/** The server: the player's trees (`ranges` own ranges, and a bought pack that does not count), and the creates. */
function server({ ranges, fail }: { ranges: number; fail?: (body: CreateCategoryBody) => number | null }) {
  const created: CreateCategoryBody[] = [];
  const removed: string[] = [];
  let nextId = 100;
  const spy = mockFetch((url, init) => {
    if (url.startsWith('/api/v1/categories/tree')) {
      const tournament = url.includes('tournament_root');
      const children = tournament
        ? [{ ...range(90, true), kind: 'folder' as const, children: [range(91, true), range(92, true)] }]
        : Array.from({ length: ranges }, (_, index) => range(index + 1));
      return { body: { data: { root_type: tournament ? 'tournament_root' : 'preflop_root', children } } };
    }
    if (url === '/api/v1/categories' && init.method === 'POST') {
      const body = requestBody(init) as CreateCategoryBody;
      const status = fail?.(body) ?? null;
      if (status === 402)
        return { status, body: { error: 'Please activate full version', code: 'premiumRequired' } };
      if (status === 429)
        return { status, body: { error: 'Too many requests, try again later', code: 'tooManyRequests' } };
      created.push(body);
      return { body: { data: { id: nextId++, name: body.name } } };
    }
    if (init.method === 'DELETE') {
      removed.push(url);
      return { body: { data: { ok: true } } };
    }
    return undefined;
  });
  return { spy, created, removed };
}

const open = async () => {
  // With fake timers (the budget's wait) the clicks' own delays are advanced too.
  const user = userEvent.setup({
    advanceTimers: (ms) => (vi.isFakeTimers() ? vi.advanceTimersByTime(ms) : undefined),
  });
  await user.click(screen.getByRole('button', { name: 'Save as charts' }));
  return user;
};

describe('save as charts', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('saves a folder with a chart per decision: the stack in the names, Push/Call and Fold, the EVs beside', async () => {
    const { created } = server({ ranges: 3 });
    const opened = vi.fn();
    renderApp(<SaveCharts solved={solved} onOpenCharts={opened} />, { user: testUser });
    const user = await open();
    // Bought charts do not count against the free plan: 3 own ranges, 17 more fit.
    expect(
      await screen.findByText('The free plan holds 20 charts. You have 3, so 17 more fit.', { exact: false }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Folder in the tournament tree')).toHaveValue(
      'Push/fold 2 players 12/12 bb, chip EV',
    );
    await user.click(screen.getByRole('button', { name: 'Save 2 charts' }));
    expect(
      await screen.findByText('2 charts saved in “Push/fold 2 players 12/12 bb, chip EV”.'),
    ).toBeInTheDocument();
    expect(created.map((body) => [body.name, body.kind, body.parent_id ?? null])).toEqual([
      ['Push/fold 2 players 12/12 bb, chip EV', 'tournament', null],
      ['SB push 12bb', 'range', 100],
      ['BB call vs SB 12bb', 'range', 100],
    ]);
    const push = created[1]!;
    expect(push.buttons).toEqual([
      { color: '#E08A1E', label: 'Push' },
      { color: '#5B6B7F', label: 'Fold' },
    ]);
    expect(push.pairs![0]).toEqual({ hand: 'AA', colors: [{ color: '#E08A1E', weight: 100 }] });
    expect(push.pairs![84]).toEqual({
      hand: HAND_CLASSES[84],
      colors: [
        { color: '#E08A1E', weight: 25 },
        { color: '#5B6B7F', weight: 75 },
      ],
    });
    expect(push.pairs![168]).toEqual({ hand: '22', colors: [{ color: '#5B6B7F', weight: 100 }] });
    // EVs kept to six decimals, as the command line prints them.
    const six = (values: (number | null)[]) => values.map((value) => Math.round(value! * 1e6) / 1e6);
    expect(push.spot_ev).toEqual({
      unit: 'bb',
      play: { color: '#E08A1E', ev: six(solved.decisions[0]!.playEv) },
      fold: { color: '#5B6B7F', ev: six(solved.decisions[0]!.foldEv) },
    });
    expect(created[2]!.buttons![0]).toEqual({ color: '#2E9E5B', label: 'Call' });
    await user.click(screen.getByRole('button', { name: 'Open the charts' }));
    expect(opened).toHaveBeenCalledOnce();
  });

  it('will not start a save the free plan cannot hold, says why and offers Premium', async () => {
    const { created } = server({ ranges: 19 });
    const { unmount } = renderApp(<SaveCharts solved={solved} onOpenCharts={() => undefined} />, {
      user: testUser,
    });
    const user = await open();
    const room = await screen.findByTestId('push-fold-save-room');
    expect(room).toHaveTextContent(
      'The free plan holds 20 charts. You have 19, so 1 more fit. Choose at most 1 of these 2, or activate Premium for unlimited charts.',
    );
    expect(screen.getByRole('button', { name: 'Save 2 charts' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Activate Premium' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'BB call vs SB 12bb' }));
    expect(screen.getByRole('button', { name: 'Save 1 chart' })).toBeEnabled();
    expect(created).toEqual([]);
    unmount();
    // Premium has no cap: no count is shown.
    renderApp(<SaveCharts solved={solved} onOpenCharts={() => undefined} />, {
      user: { ...testUser, is_premium: true },
    });
    await open();
    await screen.findByRole('button', { name: 'Save 2 charts' });
    expect(screen.queryByTestId('push-fold-save-room')).not.toBeInTheDocument();
  });

  it('takes the folder back when a chart cannot be saved, and says why', async () => {
    const { created, removed } = server({
      ranges: 0,
      fail: (body) => (body.name.startsWith('BB') ? 402 : null),
    });
    renderApp(<SaveCharts solved={solved} onOpenCharts={() => undefined} />, { user: testUser });
    const user = await open();
    await user.click(await screen.findByRole('button', { name: 'Save 2 charts' }));
    expect(await screen.findByText('Nothing was saved: Please activate full version')).toBeInTheDocument();
    expect(created.map((body) => body.name)).toEqual([
      'Push/fold 2 players 12/12 bb, chip EV',
      'SB push 12bb',
    ]);
    expect(removed).toEqual(['/api/v1/categories/100']);
  });

  it('waits out the server’s write budget and goes on', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let refusals = 1;
    const { created } = server({
      ranges: 0,
      fail: (body) => (body.name.startsWith('BB') && refusals-- > 0 ? 429 : null),
    });
    renderApp(<SaveCharts solved={solved} onOpenCharts={() => undefined} />, { user: testUser });
    const user = await open();
    await user.click(await screen.findByRole('button', { name: 'Save 2 charts' }));
    expect(
      await screen.findByText(
        'Saved 1 of 2: the server takes a limited number of charts a minute, so the rest follow in a moment…',
      ),
    ).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(BUDGET_WAIT_MS);
    await waitFor(() => expect(created).toHaveLength(3));
    expect(await screen.findByText(/^2 charts saved in/)).toBeInTheDocument();
  });
});
