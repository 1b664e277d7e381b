// The working state's keeper over the real store: restored before the first render for a browser without an
// account, written after changes, never restored over an edit, an account's removed at sign-out. Each test loads
// fresh modules: the keeper is the page's one instance.
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setToken } from '@/lib/api-client';

import type { WorkingState } from '../shared/working-state';

const openRange = vi.fn<(id: number, options: { shouldShow: () => boolean }) => Promise<boolean>>();
vi.mock('./use-range-library', () => ({ openRange }));

const blue = '#1847BE';
const red = '#C0392B';
const anonymousKey = 'rangeforge.workingState.preflop_root.anonymous';
const userKey = (id: number, root = 'preflop_root') => `rangeforge.workingState.${root}.user-${id}`;
const draftState = (board: string[]): WorkingState => ({
  version: 2,
  chart: {
    draft: {
      buttons: null,
      pairs: [
        { hand: 'AA', colors: [{ color: blue, weight: 100 }] },
        { hand: 'KK', colors: [{ color: red, weight: 100 }] },
      ],
      hero: { colors: [blue] },
      villain: { colors: [red] },
      villains: [],
      dead: [],
    },
  },
  board,
  hole: [],
});

async function load() {
  const atoms = await import('../shared/atoms');
  const { appStore } = await import('@/lib/store');
  const session = await import('@/lib/session');
  const { StoreProvider } = await import('@/lib/store');
  const keeper = await import('./use-working-state');
  // The tool's hook reads the session through the app's store, as under the app's provider.
  const mount = () =>
    renderHook(() => keeper.useWorkingState('preflop_root'), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <StoreProvider store={appStore}>{children}</StoreProvider>
      ),
    });
  return { atoms, appStore, session, mount, ...keeper };
}

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers();
  openRange.mockReset();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the range tool working state', () => {
  it('restores a browser draft before the first render and writes later edits', async () => {
    localStorage.setItem(anonymousKey, JSON.stringify(draftState(['Kh', '9d', '4c'])));
    const { atoms, appStore, restoreWorkingStateAtStart } = await load();
    restoreWorkingStateAtStart('/');
    expect(appStore.get(atoms.boardCardsAtom)).toEqual(['Kh', '9d', '4c']);
    expect(appStore.get(atoms.rangePairsAtom)).toEqual({
      AA: [{ color: blue, weight: 100 }],
      KK: [{ color: red, weight: 100 }],
    });
    expect(appStore.get(atoms.heroSideAtom)).toEqual({ colors: [blue] });
    expect(appStore.get(atoms.villainSideAtom)).toEqual({ colors: [red] });
    expect(appStore.get(atoms.categoryIdAtom)).toBeNull();

    appStore.set(atoms.boardCardsAtom, ['Kh', '9d', '4c', '2s']);
    expect(JSON.parse(localStorage.getItem(anonymousKey)!).board).toEqual(['Kh', '9d', '4c']);
    vi.advanceTimersByTime(400);
    expect(JSON.parse(localStorage.getItem(anonymousKey)!).board).toEqual(['Kh', '9d', '4c', '2s']);
  });

  it('ignores a corrupt state and keeps the fresh tool', async () => {
    localStorage.setItem(anonymousKey, '{"version":1,"chart":');
    const { atoms, appStore, restoreWorkingStateAtStart } = await load();
    expect(() => restoreWorkingStateAtStart('/')).not.toThrow();
    expect(appStore.get(atoms.boardCardsAtom)).toEqual([]);
    expect(appStore.get(atoms.rangePairsAtom)).toEqual({});
  });

  it("waits for the session with a token, then restores the account's own state", async () => {
    setToken('x');
    localStorage.setItem(anonymousKey, JSON.stringify(draftState(['2h', '3h', '4h'])));
    localStorage.setItem(userKey(5), JSON.stringify(draftState(['Ah', 'Kd', 'Qc'])));
    const { atoms, appStore, session, restoreWorkingStateAtStart, mount } = await load();
    restoreWorkingStateAtStart('/');
    mount();
    expect(appStore.get(atoms.boardCardsAtom)).toEqual([]);
    act(() => {
      appStore.set(session.sessionAtom, { status: 'ready', user: { id: 5 } as never });
    });
    expect(appStore.get(atoms.boardCardsAtom)).toEqual(['Ah', 'Kd', 'Qc']);
  });

  it('never replaces an edit made before the session answered, and keeps it for the account', async () => {
    localStorage.setItem(userKey(5), JSON.stringify(draftState(['Ah', 'Kd', 'Qc'])));
    const { atoms, appStore, session, mount } = await load();
    mount();
    appStore.set(atoms.boardCardsAtom, ['2c', '3c', '4c']);
    act(() => {
      appStore.set(session.sessionAtom, { status: 'ready', user: { id: 5 } as never });
    });
    expect(appStore.get(atoms.boardCardsAtom)).toEqual(['2c', '3c', '4c']);
    expect(JSON.parse(localStorage.getItem(userKey(5))!).board).toEqual(['2c', '3c', '4c']);
  });

  it('opens a saved range through the library, unless the player edited before it arrived', async () => {
    localStorage.setItem(
      userKey(5),
      JSON.stringify({ ...draftState(['Ah', 'Kd', 'Qc']), chart: { id: 31 } }),
    );
    let shouldShow = () => true;
    openRange.mockImplementation((_id, options) => {
      shouldShow = options.shouldShow;
      return Promise.resolve(false);
    });
    const { atoms, appStore, session, mount } = await load();
    mount();
    act(() => {
      appStore.set(session.sessionAtom, { status: 'ready', user: { id: 5 } as never });
    });
    expect(openRange).toHaveBeenCalledWith(31, expect.objectContaining({ quiet: true }));
    expect(appStore.get(atoms.boardCardsAtom)).toEqual(['Ah', 'Kd', 'Qc']);
    appStore.set(atoms.boardCardsAtom, ['Ah', 'Kd', 'Qc', '2s']);
    expect(shouldShow()).toBe(false);
  });

  it('forgets a saved range that can no longer be opened', async () => {
    localStorage.setItem(
      userKey(5),
      JSON.stringify({ ...draftState(['Ah', 'Kd', 'Qc']), chart: { id: 31 } }),
    );
    openRange.mockResolvedValue(false);
    const { appStore, session, mount } = await load();
    mount();
    await act(async () => {
      appStore.set(session.sessionAtom, { status: 'ready', user: { id: 5 } as never });
      await Promise.resolve();
    });
    const stored = JSON.parse(localStorage.getItem(userKey(5))!) as WorkingState;
    expect('draft' in stored.chart).toBe(true);
    expect(stored.board).toEqual(['Ah', 'Kd', 'Qc']);
  });

  it("removes the account's states when it signs out, and writes none of its chart for the browser", async () => {
    localStorage.setItem(userKey(5), JSON.stringify(draftState(['Ah', 'Kd', 'Qc'])));
    localStorage.setItem(userKey(5, 'tournament_root'), JSON.stringify(draftState(['Ah', 'Kd', 'Qc'])));
    localStorage.setItem(userKey(6), JSON.stringify(draftState(['2h', '3h', '4h'])));
    const { atoms, appStore, session, mount } = await load();
    mount();
    act(() => {
      appStore.set(session.sessionAtom, { status: 'ready', user: { id: 5 } as never });
    });
    appStore.set(atoms.boardCardsAtom, ['Ah', 'Kd', 'Qc', '7s']);
    act(() => session.resetSession());
    vi.advanceTimersByTime(400);
    expect(localStorage.getItem(userKey(5))).toBeNull();
    expect(localStorage.getItem(userKey(5, 'tournament_root'))).toBeNull();
    expect(localStorage.getItem(userKey(6))).not.toBeNull();
    expect(localStorage.getItem(anonymousKey)).toBeNull();
  });

  it("keeps the account's state and screen when the server ended its session; another account gets its own", async () => {
    localStorage.setItem(userKey(6), JSON.stringify(draftState(['2h', '3h', '4h'])));
    const { atoms, appStore, session, mount } = await load();
    mount();
    act(() => {
      appStore.set(session.sessionAtom, { status: 'ready', user: { id: 5 } as never });
    });
    appStore.set(atoms.boardCardsAtom, ['Ah', 'Kd', 'Qc']);
    // A 401 met by another call: the page signs out, but the board and chart stay the account's.
    act(() => session.endSession());
    appStore.set(atoms.boardCardsAtom, ['Ah', 'Kd', 'Qc', '7s']);
    vi.advanceTimersByTime(400);
    expect(JSON.parse(localStorage.getItem(userKey(5))!).board).toEqual(['Ah', 'Kd', 'Qc', '7s']);
    expect(localStorage.getItem(anonymousKey)).toBeNull();

    // Someone else signs in on the page: their own state, not the chart left on screen.
    act(() => {
      session.applySession({ id: 6 }, 'token-6');
    });
    expect(appStore.get(atoms.boardCardsAtom)).toEqual(['2h', '3h', '4h']);
    expect(JSON.parse(localStorage.getItem(userKey(5))!).board).toEqual(['Ah', 'Kd', 'Qc', '7s']);
  });
});
