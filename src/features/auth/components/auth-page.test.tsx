import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { sessionAtom } from '@/lib/session';
import { appStore } from '@/lib/store';
import { mockFetch, renderApp, requestBody, testUser } from '@/test/render';

import { type AuthMode, AuthPage } from './auth-page';

function renderAuth(mode: AuthMode, referralToken?: string) {
  const onModeChange = vi.fn();
  const onSignedIn = vi.fn();
  renderApp(
    <AuthPage
      mode={mode}
      referralToken={referralToken}
      onModeChange={onModeChange}
      onSignedIn={onSignedIn}
    />,
  );
  return { onModeChange, onSignedIn };
}

describe('AuthPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('switches tabs through the route', async () => {
    const user = userEvent.setup();
    const { onModeChange } = renderAuth('login');
    expect(screen.getByRole('tab', { name: 'Log in' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Registration' }));
    expect(onModeChange).toHaveBeenCalledWith('register');
  });

  it('shows every register message before calling the server', async () => {
    const user = userEvent.setup();
    const fetchSpy = mockFetch(() => undefined);
    renderAuth('register');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Username'), 'abc');
    await user.type(screen.getByLabelText('E-mail'), 'river@');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('Username must be 4 to 20 characters')).toBeInTheDocument();
    expect(screen.getByText('Incorrect email')).toBeInTheDocument();
    expect(screen.getByText('Password must be 6 to 20 characters')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  const signUpToken = 'r'.repeat(43);

  it('signs up with the referral token from the path, then makes the account with the mailed code', async () => {
    const user = userEvent.setup();
    const fetchSpy = mockFetch((url) => {
      if (url === '/api/v1/auth/register/friend42')
        return { body: { data: { message: 'sent', request_token: signUpToken } } };
      if (url === '/api/v1/auth/register_confirm')
        return {
          body: {
            data: {
              me: { ...testUser, id: 9, username: 'newbie' },
              token: 'tok-9',
              device_token: 'd'.repeat(43),
            },
          },
        };
      return undefined;
    });
    const { onSignedIn } = renderAuth('register', 'friend42');
    expect(screen.getByTestId('referral-note')).toHaveTextContent('friend42');
    await user.type(screen.getByLabelText('Username'), 'newbie');
    await user.type(screen.getByLabelText('E-mail'), 'newbie@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(requestBody(fetchSpy.mock.calls[0]?.[1])).toEqual({
      username: 'newbie',
      email: 'newbie@example.com',
      password: 'secret12',
      // The interface language goes with the sign-up, so the account keeps the first visit's language.
      language: 'en-US',
    });
    // No account and no session yet: the page asks for the code mailed to the address.
    expect(await screen.findByRole('status')).toHaveTextContent('We sent a code to newbie@example.com');
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(appStore.get(sessionAtom).user).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Enter the confirmation code')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirmation code'), ' 482913 ');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    const confirmCall = fetchSpy.mock.calls.find(([url]) => url === '/api/v1/auth/register_confirm');
    expect(requestBody(confirmCall?.[1])).toEqual({ request_token: signUpToken, code: '482913' });
    expect(localStorage.getItem('rangeforge.token')).toBe('tok-9');
    expect(appStore.get(sessionAtom).user?.username).toBe('newbie');
    expect(sessionStorage.getItem('rangeforge.signUpRequest')).toBeNull();
  });

  it('resumes at the code step after a reload, says when the sign-up expired, and starts over', async () => {
    const user = userEvent.setup();
    sessionStorage.setItem(
      'rangeforge.signUpRequest',
      JSON.stringify({ email: 'late@example.com', token: signUpToken, expiresAt: Date.now() + 60_000 }),
    );
    mockFetch((url) =>
      url === '/api/v1/auth/register_confirm'
        ? {
            status: 400,
            body: { error: 'This sign-up has expired', code: 'signUpExpired' },
          }
        : undefined,
    );
    renderAuth('register');
    expect(screen.getByRole('status')).toHaveTextContent('late@example.com');
    await user.type(screen.getByLabelText('Confirmation code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This sign-up has expired: sign up again to get a new code',
    );
    expect(screen.getByRole('button', { name: 'Create account' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Change the details or get a new code' }));
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(sessionStorage.getItem('rangeforge.signUpRequest')).toBeNull();
  });

  it('shows the server error on a failed login, translated by its code', async () => {
    const user = userEvent.setup();
    mockFetch(() => ({ status: 401, body: { error: 'Wrong login or password', code: 'loginFailed' } }));
    const { onSignedIn } = renderAuth('login');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Enter login or email')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Login or e-mail'), 'river');
    await user.type(screen.getByLabelText('Password'), 'nope-nope');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong login or password');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  const requestToken = 'request-token-'.padEnd(43, 'r');
  const restoreFetch = (confirmAnswer?: { status: number; body: unknown }) =>
    mockFetch((url) => {
      if (url === '/api/v1/auth/recover')
        return { body: { data: { message: 'ok', request_token: requestToken } } };
      if (url === '/api/v1/auth/confirm')
        return (
          confirmAnswer ?? { body: { data: { message: 'ok', user_id: 4, device_token: 'd'.repeat(43) } } }
        );
      return undefined;
    });
  const askForCode = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.type(screen.getByLabelText('E-mail'), 'river@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/We sent a code to river@example.com/)).toBeInTheDocument();
  };
  const enterCode = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.type(screen.getByLabelText('Confirmation code'), '123456');
    await user.type(screen.getByLabelText('New password'), 'brand-new1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
  };

  it('restores a password: requests the code, then sends code, new password and the request token', async () => {
    const user = userEvent.setup();
    localStorage.setItem('rangeforge.deviceTokens', JSON.stringify([[4, 'k'.repeat(43)]]));
    const fetchSpy = restoreFetch();
    const { onModeChange } = renderAuth('restore');
    await askForCode(user);
    const recoverCall = fetchSpy.mock.calls.find(([url]) => url === '/api/v1/auth/recover');
    // The browser's device tokens go with the request: the account's own gives it a mail budget of its own.
    expect(requestBody(recoverCall?.[1])).toEqual({
      email: 'river@example.com',
      device_tokens: ['k'.repeat(43)],
    });
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('Enter the confirmation code')).toBeInTheDocument();
    await enterCode(user);
    expect(await screen.findByText(/Your password has been changed/)).toBeInTheDocument();
    const confirmCall = fetchSpy.mock.calls.find(([url]) => url === '/api/v1/auth/confirm');
    expect(requestBody(confirmCall?.[1])).toEqual({
      email: 'river@example.com',
      code: '123456',
      password: 'brand-new1',
      request_token: requestToken,
    });
    expect(sessionStorage.getItem('rangeforge.restoreRequest')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(onModeChange).toHaveBeenCalledWith('login');
  });

  it('a reload of the page resumes at the code step with the kept request', async () => {
    const user = userEvent.setup();
    const fetchSpy = restoreFetch();
    renderAuth('restore');
    await askForCode(user);
    cleanup();
    renderAuth('restore');
    expect(screen.getByText(/We sent a code to river@example.com/)).toBeInTheDocument();
    await enterCode(user);
    expect(await screen.findByText(/Your password has been changed/)).toBeInTheDocument();
    const confirmCall = fetchSpy.mock.calls.find(([url]) => url === '/api/v1/auth/confirm');
    expect(requestBody(confirmCall?.[1])).toMatchObject({
      email: 'river@example.com',
      request_token: requestToken,
    });
  });

  it('a request past its 10 minutes asks for a new code without calling the server', async () => {
    const user = userEvent.setup();
    const fetchSpy = restoreFetch();
    sessionStorage.setItem(
      'rangeforge.restoreRequest',
      JSON.stringify({ email: 'river@example.com', token: requestToken, expiresAt: Date.now() - 1000 }),
    );
    renderAuth('restore');
    expect(screen.getByRole('alert')).toHaveTextContent('This code request has expired');
    await enterCode(user);
    expect(fetchSpy).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Ask for a new code' }));
    expect(screen.getByRole('button', { name: 'Send code' })).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue('river@example.com');
    expect(sessionStorage.getItem('rangeforge.restoreRequest')).toBeNull();
  });

  it('a request the server no longer knows asks for a new code', async () => {
    const user = userEvent.setup();
    restoreFetch({
      status: 400,
      body: { error: 'This code request has expired: ask for a new code', code: 'restoreRequestExpired' },
    });
    renderAuth('restore');
    await askForCode(user);
    await enterCode(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('This code request has expired');
    expect(screen.getByRole('button', { name: 'Ask for a new code' })).toBeInTheDocument();
  });
});
