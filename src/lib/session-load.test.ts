import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { watchChartCacheOwner } from './offline-cache';
import { CHART_CACHE } from './offline-cache-names';
import {
  applySession,
  endedSessionAtom,
  endSession,
  loadSession,
  resetSession,
  sessionAtom,
  storedEndedSession,
} from './session';
import { appStore } from './store';

// Loading the session: an app started without a connection keeps the last confirmed user (never another's); the
// chart cache the service worker fills is emptied at sign-out and when a different account signs in; and an answer
// speaks for the token its request carried, so a sign-in that lands while it is out (the page's own form, another
// tab) is not erased by the older, anonymous answer.

const me = (id: number) => ({
  id,
  username: `player${id}`,
  email: `p${id}@example.com`,
  avatar: '',
  language: 'en-US',
  is_premium: false,
  is_admin: false,
  referral_token: 'r',
});
const answer = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  localStorage.clear();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  appStore.set(sessionAtom, { status: 'loading', user: null });
  appStore.set(endedSessionAtom, null);
});

describe('offline session', () => {
  it('uses the last confirmed user when the server cannot be reached, and only with a token', async () => {
    fetchMock.mockImplementationOnce(() => answer(200, { data: { me: me(5), token: 'tok' } }));
    expect((await loadSession())?.id).toBe(5);

    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    const offline = await loadSession();
    expect(offline?.id).toBe(5);
    expect(appStore.get(sessionAtom).offline).toBe(true);

    localStorage.removeItem('rangeforge.token');
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await loadSession()).toBeNull();
  });

  it('forgets the remembered user when the server ends the session or the player signs out', async () => {
    fetchMock.mockImplementationOnce(() => answer(200, { data: { me: me(6), token: 'tok' } }));
    await loadSession();
    fetchMock.mockImplementationOnce(() =>
      answer(401, { error: 'User is not authorized', code: 'unauthorized' }),
    );
    expect(await loadSession()).toBeNull();
    localStorage.setItem('rangeforge.token', 'tok');
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await loadSession()).toBeNull();

    fetchMock.mockImplementationOnce(() => answer(200, { data: { me: me(6), token: 'tok' } }));
    await loadSession();
    resetSession();
    localStorage.setItem('rangeforge.token', 'tok');
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await loadSession()).toBeNull();
  });
});

describe('chart cache owner', () => {
  it('empties the chart cache at sign-out and for another account, not for the same one', async () => {
    const deleted: string[] = [];
    vi.stubGlobal('caches', { delete: (name: string) => Promise.resolve(deleted.push(name) > 0) });
    const stop = watchChartCacheOwner();
    try {
      fetchMock.mockImplementation(() => answer(200, { data: { me: me(1), token: 'tok' } }));
      await loadSession();
      expect(deleted).toEqual([CHART_CACHE]);
      await loadSession();
      expect(deleted).toHaveLength(1);
      resetSession();
      expect(deleted).toHaveLength(2);
      fetchMock.mockImplementation(() => answer(200, { data: { me: me(2), token: 'tok' } }));
      await loadSession();
      expect(deleted).toHaveLength(3);
    } finally {
      stop();
    }
  });
});

describe('session answers that a sign-in overtook', () => {
  const anonymous = { ...me(0), id: null };

  it('keeps a token stored while an anonymous answer was on its way, and loads that user', async () => {
    fetchMock.mockImplementationOnce(() => {
      // The request left without a token; the player signs in before its answer arrives.
      localStorage.setItem('rangeforge.token', 'fresh');
      return answer(200, { data: { me: anonymous, token: null } });
    });
    fetchMock.mockImplementationOnce(() => answer(200, { data: { me: me(7), token: 'fresh' } }));
    const user = await loadSession();
    expect(localStorage.getItem('rangeforge.token')).toBe('fresh');
    expect(user?.id).toBe(7);
    expect(appStore.get(sessionAtom).user?.username).toBe('player7');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('applies an answer at once when the token did not change', async () => {
    fetchMock.mockImplementationOnce(() => answer(200, { data: { me: anonymous, token: null } }));
    expect(await loadSession()).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(appStore.get(sessionAtom)).toEqual({ status: 'ready', user: null });
  });
});

describe('a session the server ended, across a reload', () => {
  const anonymous = { ...me(0), id: null };
  /** A reload: this page's memory is gone, the browser's storage is not. */
  const reload = () => {
    appStore.set(sessionAtom, { status: 'loading', user: null });
    appStore.set(endedSessionAtom, null);
  };

  it('knows the ended account again after a reload, until anyone signs in', async () => {
    fetchMock.mockImplementationOnce(() => answer(200, { data: { me: me(5), token: 'tok' } }));
    await loadSession();
    endSession();
    expect(localStorage.getItem('rangeforge.token')).toBeNull();
    expect(storedEndedSession()).toEqual({ userId: 5 });

    reload();
    fetchMock.mockImplementationOnce(() => answer(200, { data: { me: anonymous, token: null } }));
    expect(await loadSession()).toBeNull();
    expect(appStore.get(endedSessionAtom)).toEqual({ userId: 5 });

    // Any sign-in ends it: another account's too (the held work then waits for its own account's sign-in).
    applySession({ ...me(6), language: 'en-US' }, 'other');
    expect(appStore.get(endedSessionAtom)).toBeNull();
    expect(storedEndedSession()).toBeNull();
  });

  it('forgets it at the player’s own sign-out, and when a token answers for someone', async () => {
    fetchMock.mockImplementationOnce(() => answer(200, { data: { me: me(5), token: 'tok' } }));
    await loadSession();
    endSession();
    resetSession();
    expect(storedEndedSession()).toBeNull();
    reload();
    fetchMock.mockImplementationOnce(() => answer(200, { data: { me: anonymous, token: null } }));
    await loadSession();
    expect(appStore.get(endedSessionAtom)).toBeNull();

    localStorage.setItem('rangeforge.endedSession', JSON.stringify({ userId: 5 }));
    localStorage.setItem('rangeforge.token', 'tok');
    reload();
    fetchMock.mockImplementationOnce(() => answer(200, { data: { me: me(5), token: 'tok' } }));
    await loadSession();
    expect(appStore.get(endedSessionAtom)).toBeNull();
    expect(storedEndedSession()).toBeNull();
  });

  it('reads the stored account as untrusted: anything but a positive integer id is nobody', () => {
    for (const stored of ['{"userId":0}', '{"userId":"5"}', '{"userId":1.5}', '[5]', 'null', '{', '5']) {
      localStorage.setItem('rangeforge.endedSession', stored);
      expect(storedEndedSession()).toBeNull();
    }
    localStorage.setItem('rangeforge.endedSession', '{"userId":12}');
    expect(storedEndedSession()).toEqual({ userId: 12 });
  });
});
