import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setToken } from '@/lib/api-client';
import { keepDeviceToken, keptDeviceTokens } from '@/lib/device-tokens';
import { sessionAtom } from '@/lib/session';
import { appStore } from '@/lib/store';
import { toastsAtom } from '@/lib/toast';
import { mockFetch, renderApp, requestBody, testUser } from '@/test/render';

import { DataDownload } from './data-download';
import { confirmsUsername, DeleteAccount } from './delete-account';

const OWN_DEVICE = 'own-device-token-aaaaaaaaaaaa';
const OTHER_DEVICE = 'other-device-token-bbbbbbbbbb';

describe('DeleteAccount', () => {
  beforeEach(() => {
    localStorage.clear();
    setToken('session-token');
    keepDeviceToken(testUser.id, OWN_DEVICE);
    keepDeviceToken(99, OTHER_DEVICE);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const open = async () => {
    const user = userEvent.setup();
    renderApp(<DeleteAccount user={testUser} />, { user: testUser, route: '/profile' });
    await user.click(screen.getByRole('button', { name: 'Delete my account…' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account for good?' });
    return { user, dialog };
  };

  it('says what goes and what stays, and keeps the button off until the username is typed', async () => {
    mockFetch(() => undefined);
    const { user, dialog } = await open();
    expect(dialog).toHaveTextContent('orders, purchases and referral payouts');
    const submit = screen.getByRole('button', { name: 'Delete my account for good' });
    expect(submit).toBeDisabled();
    const confirmation = screen.getByLabelText('Type your username river_rat to confirm');
    await user.type(confirmation, 'river_ra');
    expect(submit).toBeDisabled();
    // Case and the spaces around do not matter, as on the server.
    await user.type(confirmation, 'T ');
    expect(submit).toBeEnabled();
  });

  it('asks for the password without calling the server, then shows the refusal of a wrong one', async () => {
    const fetchSpy = mockFetch((url) =>
      url.endsWith('/userprofile/delete')
        ? { status: 403, body: { error: 'The password is incorrect', code: 'passwordIncorrect' } }
        : undefined,
    );
    const { user } = await open();
    await user.type(screen.getByLabelText('Type your username river_rat to confirm'), 'river_rat');
    await user.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Your password'), 'wrong-one');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('The password is incorrect');
    // Still signed in, and the dialog is still there to try again.
    expect(appStore.get(sessionAtom).user?.id).toBe(testUser.id);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('deletes with the password and the typed name, then signs this page out and forgets the device token', async () => {
    const fetchSpy = mockFetch((url) =>
      url.endsWith('/userprofile/delete') ? { body: { data: { deleted: true } } } : undefined,
    );
    const { user } = await open();
    await user.type(screen.getByLabelText('Your password'), 'secret123');
    await user.type(screen.getByLabelText('Type your username river_rat to confirm'), 'River_Rat');
    await user.click(screen.getByRole('button', { name: 'Delete my account for good' }));

    await waitFor(() => expect(appStore.get(sessionAtom).user).toBeNull());
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/v1/users/userprofile/delete');
    expect(init?.method).toBe('POST');
    expect(requestBody(init)).toEqual({ password: 'secret123', confirmation: 'River_Rat' });
    expect(localStorage.getItem('rangeforge.token')).toBeNull();
    expect(keptDeviceTokens()).toEqual([OTHER_DEVICE]);
    expect(appStore.get(toastsAtom).map((toast) => toast.message)).toContain('Your account has been deleted');
  });

  it('closes on Cancel without a call', async () => {
    const fetchSpy = mockFetch(() => undefined);
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('compares the typed name by width and case only', () => {
    expect(confirmsUsername('ＲＩＶＥＲ_rat', 'river_rat')).toBe(true);
    expect(confirmsUsername('river rat', 'river_rat')).toBe(false);
    expect(confirmsUsername('', 'river_rat')).toBe(false);
  });
});

describe('DataDownload', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('downloads the zip with the session token and hands it to the browser under the server name', async () => {
    setToken('session-token');
    const zip = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);
    const fetchSpy = vi.fn(
      async () =>
        new Response(zip, {
          headers: {
            'content-type': 'application/zip',
            'content-disposition': 'attachment; filename="rangeforge-data-2026-11-24.zip"',
          },
        }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    const created = vi.fn((blob: Blob) => `blob:${blob.size}`);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const user = userEvent.setup();
    renderApp(<DataDownload />, { user: testUser });
    await user.click(screen.getByRole('button', { name: 'Download my data' }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    const [url, init] = fetchSpy.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/users/userprofile/export');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer session-token');
    expect(clicked[0]?.download).toBe('rangeforge-data-2026-11-24.zip');
    expect(clicked[0]?.href).toBe(`blob:${zip.length}`);
    expect(await screen.findByRole('button', { name: 'Download my data' })).toBeEnabled();
  });

  it('shows the rate limit in words and offers the button again', async () => {
    mockFetch(() => ({
      status: 429,
      body: { error: 'Too many requests, try again later', code: 'tooManyRequests' },
    }));
    const user = userEvent.setup();
    renderApp(<DataDownload />, { user: testUser });
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests, try again later');
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled();
  });
});
