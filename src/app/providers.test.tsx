import { afterEach, describe, expect, it, vi } from 'vitest';

import { paymentPopupAtom } from '@/features/shop/atoms';
import { api, setApiErrorHandler } from '@/lib/api-client';
import { sessionAtom } from '@/lib/session';
import { appStore } from '@/lib/store';
import { toastsAtom } from '@/lib/toast';
import { mockFetch, testUser } from '@/test/render';

import { bootstrap, handleApiError } from './providers';

describe('global error rule (SPEC §8)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setApiErrorHandler(null);
    appStore.set(paymentPopupAtom, false);
    appStore.set(toastsAtom, []);
  });

  it('402 shows "Please activate full version" and opens the payment popup', async () => {
    setApiErrorHandler(handleApiError);
    mockFetch(() => ({
      status: 402,
      body: { error: 'Please activate full version', code: 'premiumRequired' },
    }));
    await expect(api.post('/api/v1/categories/share', {})).rejects.toMatchObject({ status: 402 });
    expect(appStore.get(paymentPopupAtom)).toBe(true);
    expect(appStore.get(toastsAtom).map((toast) => toast.message)).toEqual(['Please activate full version']);
  });

  it('402 opens the popup even for quiet calls', async () => {
    setApiErrorHandler(handleApiError);
    mockFetch(() => ({ status: 402, body: { error: 'Please activate full version' } }));
    await expect(api.get('/api/v1/x', { quiet: true })).rejects.toBeTruthy();
    expect(appStore.get(paymentPopupAtom)).toBe(true);
  });

  it("other errors show the response's error field", async () => {
    setApiErrorHandler(handleApiError);
    mockFetch(() => ({ status: 409, body: { error: 'Something specific broke' } }));
    await expect(api.post('/api/v1/x')).rejects.toThrow('Something specific broke');
    expect(appStore.get(toastsAtom).map((toast) => toast.message)).toEqual(['Something specific broke']);
    expect(appStore.get(paymentPopupAtom)).toBe(false);
  });

  it('falls back to the error message when the body has no error field', async () => {
    setApiErrorHandler(handleApiError);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('gateway down', { status: 502, statusText: 'Bad Gateway' })),
    );
    await expect(api.get('/api/v1/x')).rejects.toThrow('Bad Gateway');
    expect(appStore.get(toastsAtom).map((toast) => toast.message)).toEqual(['Bad Gateway']);
  });

  it('quiet calls show no message of their own', async () => {
    setApiErrorHandler(handleApiError);
    mockFetch(() => ({ status: 409, body: { error: 'Shown inline' } }));
    await expect(api.post('/api/v1/x', {}, { quiet: true })).rejects.toThrow('Shown inline');
    expect(appStore.get(toastsAtom)).toEqual([]);
  });

  it('an expired token ends the session with "User is not authorized"', async () => {
    setApiErrorHandler(handleApiError);
    appStore.set(sessionAtom, { status: 'ready', user: testUser });
    localStorage.setItem('rangeforge.token', 'expired');
    mockFetch(() => ({ status: 401, body: { error: 'User is not authorized', code: 'unauthorized' } }));
    await expect(api.get('/api/v1/categories/incoming/count', { quiet: true })).rejects.toBeTruthy();
    expect(appStore.get(sessionAtom).user).toBeNull();
    expect(localStorage.getItem('rangeforge.token')).toBeNull();
    expect(appStore.get(toastsAtom).map((toast) => toast.message)).toEqual(['User is not authorized']);
  });

  it('sends the stored token as Bearer and unwraps data', async () => {
    localStorage.setItem('rangeforge.token', 'abc');
    const spy = mockFetch(() => ({ body: { data: { ok: true } } }));
    await expect(api.get('/api/v1/y', { query: { page: 2, per_page: 10 } })).resolves.toEqual({ ok: true });
    expect(spy.mock.calls[0]?.[0]).toBe('/api/v1/y?page=2&per_page=10');
    expect((spy.mock.calls[0]?.[1]?.headers as Record<string, string>).Authorization).toBe('Bearer abc');
  });
});

describe('session bootstrap (SPEC §4)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('stores the user and token when the user has an id', async () => {
    mockFetch(() => ({ body: { data: { me: { ...testUser, language: 'en-US' }, token: 'fresh' } } }));
    await bootstrap();
    expect(appStore.get(sessionAtom)).toMatchObject({
      status: 'ready',
      user: { id: 7, username: 'river_rat' },
    });
    expect(localStorage.getItem('rangeforge.token')).toBe('fresh');
  });

  it('resets the session when the user has no id', async () => {
    localStorage.setItem('rangeforge.token', 'stale');
    mockFetch(() => ({ body: { data: { me: { ...testUser, id: null }, token: null } } }));
    await bootstrap();
    expect(appStore.get(sessionAtom)).toEqual({ status: 'ready', user: null });
    expect(localStorage.getItem('rangeforge.token')).toBeNull();
  });
});
