import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { loadSession, sessionAtom } from './session';
import { appStore } from './store';

// A session answer speaks for the token its request carried: a sign-in that lands while the request is out (the
// page's own form, another tab) must not be erased by the older, anonymous answer.

const anonymous = {
  id: null,
  username: '',
  email: '',
  language: 'en-US',
  is_premium: false,
  is_admin: false,
};
const player = { ...anonymous, id: 7, username: 'player7', email: 'p7@example.com', referral_token: 'r' };
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  localStorage.clear();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  appStore.set(sessionAtom, { status: 'loading', user: null });
});

describe('session answers that a sign-in overtook', () => {
  it('keeps a token stored while an anonymous answer was on its way, and loads that user', async () => {
    fetchMock.mockImplementationOnce(() => {
      // The request left without a token; the player signs in before its answer arrives.
      localStorage.setItem('rangeforge.token', 'fresh');
      return Promise.resolve(json({ data: { me: anonymous, token: null } }));
    });
    fetchMock.mockImplementationOnce(() => Promise.resolve(json({ data: { me: player, token: 'fresh' } })));
    const user = await loadSession();
    expect(localStorage.getItem('rangeforge.token')).toBe('fresh');
    expect(user?.id).toBe(7);
    expect(appStore.get(sessionAtom).user?.username).toBe('player7');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('applies an answer at once when the token did not change', async () => {
    fetchMock.mockImplementationOnce(() => Promise.resolve(json({ data: { me: anonymous, token: null } })));
    expect(await loadSession()).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(appStore.get(sessionAtom)).toEqual({ status: 'ready', user: null });
  });
});
