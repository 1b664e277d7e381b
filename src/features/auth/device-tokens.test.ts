// The browser's half of the device tokens: what a sign-in, a sign-up or a restore hands out is kept past sign-out
// and sent with the next sign-in, so the owner's browser stays trusted while a stranger locks the account.
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockFetch, requestBody, testUser } from '@/test/render';

import { confirm, confirmSignUp, login, logout } from './api';

const deviceToken = (tag: string) => `${tag}`.padEnd(43, 'x');
const signIn = (id: number, tag: string) => ({
  status: 200,
  body: { data: { me: { ...testUser, id }, token: `session-${tag}`, device_token: deviceToken(tag) } },
});

/** The device tokens the last sign-in request carried (undefined: none). */
function sentTokens(spy: ReturnType<typeof mockFetch>): unknown {
  const call = spy.mock.calls.filter(([url]) => url === '/api/v1/auth/login').at(-1);
  return (requestBody(call?.[1]) as { device_tokens?: string[] }).device_tokens;
}

describe('device tokens in the browser', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a first sign-in sends none; the next one sends the token the first was given, even after sign-out', async () => {
    let answer = signIn(7, 'first');
    const spy = mockFetch((url) => {
      if (url === '/api/v1/auth/login') return answer;
      if (url === '/api/v1/auth/logout') return { status: 200, body: { data: { message: 'Signed out' } } };
      return undefined;
    });
    await login({ login: 'river_rat', password: 'secret123' });
    expect(sentTokens(spy)).toBeUndefined();
    await logout();
    answer = signIn(7, 'second');
    await login({ login: 'river@example.com', password: 'secret123' });
    expect(sentTokens(spy)).toEqual([deviceToken('first')]);
    // The server replaced it: the browser sends the new one, and only that one, for this account.
    await login({ login: 'river_rat', password: 'secret123' });
    expect(sentTokens(spy)).toEqual([deviceToken('second')]);
  });

  it('keeps one token per account, newest first, and the restored account gets the restore token', async () => {
    const spy = mockFetch((url, init) => {
      if (url === '/api/v1/auth/register_confirm') return signIn(1, 'alice');
      if (url === '/api/v1/auth/login') return signIn(2, 'bob');
      if (url === '/api/v1/auth/confirm') {
        const body = requestBody(init) as { email: string };
        expect(body.email).toBe('alice@example.com');
        return {
          status: 200,
          body: { data: { message: 'ok', user_id: 1, device_token: deviceToken('alice-restored') } },
        };
      }
      return undefined;
    });
    await confirmSignUp({ request_token: deviceToken('sign-up'), code: '654321' });
    await login({ login: 'bob_b', password: 'secret123' });
    expect(sentTokens(spy)).toEqual([deviceToken('alice')]);
    await confirm({
      email: 'alice@example.com',
      code: '123456',
      password: 'newpass9',
      request_token: deviceToken('request'),
    });
    await login({ login: 'bob_b', password: 'secret123' });
    expect(sentTokens(spy)).toEqual([deviceToken('alice-restored'), deviceToken('bob')]);
  });

  it('a failed sign-in keeps the tokens, and unreadable storage sends none', async () => {
    localStorage.setItem('rangeforge.deviceTokens', '{"not":"a list"');
    const spy = mockFetch((url) =>
      url === '/api/v1/auth/login'
        ? { status: 400, body: { error: 'Wrong login or password', code: 'loginFailed' } }
        : undefined,
    );
    await expect(login({ login: 'river_rat', password: 'wrong' })).rejects.toThrow();
    expect(sentTokens(spy)).toBeUndefined();
    localStorage.setItem(
      'rangeforge.deviceTokens',
      JSON.stringify([
        [3, deviceToken('kept')],
        [4, 'bad token!'],
      ]),
    );
    await expect(login({ login: 'river_rat', password: 'wrong' })).rejects.toThrow();
    expect(sentTokens(spy)).toEqual([deviceToken('kept')]);
    expect(localStorage.getItem('rangeforge.deviceTokens')).toContain(deviceToken('kept'));
  });
});
