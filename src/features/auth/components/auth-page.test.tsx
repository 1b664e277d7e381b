import { screen, waitFor } from '@testing-library/react';
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

  it('registers with the referral token from the path and stores the session', async () => {
    const user = userEvent.setup();
    const fetchSpy = mockFetch((url) =>
      url === '/api/v1/auth/register/friend42'
        ? { body: { data: { me: { ...testUser, id: 9, username: 'newbie' }, token: 'tok-9' } } }
        : undefined,
    );
    const { onSignedIn } = renderAuth('register', 'friend42');
    expect(screen.getByTestId('referral-note')).toHaveTextContent('friend42');
    await user.type(screen.getByLabelText('Username'), 'newbie');
    await user.type(screen.getByLabelText('E-mail'), 'newbie@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(requestBody(fetchSpy.mock.calls[0]?.[1])).toEqual({
      username: 'newbie',
      email: 'newbie@example.com',
      password: 'secret12',
      // The interface language goes with the sign-up, so the account keeps the first visit's language.
      language: 'en-US',
    });
    expect(localStorage.getItem('rangeforge.token')).toBe('tok-9');
    expect(appStore.get(sessionAtom).user?.username).toBe('newbie');
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

  it('restores a password: requests the code, then sends code and new password', async () => {
    const user = userEvent.setup();
    const fetchSpy = mockFetch((url) =>
      url === '/api/v1/auth/recover' || url === '/api/v1/auth/confirm'
        ? { body: { data: { message: 'ok' } } }
        : undefined,
    );
    const { onModeChange } = renderAuth('restore');
    await user.type(screen.getByLabelText('E-mail'), 'river@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/We sent a code to river@example.com/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('Enter the confirmation code')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirmation code'), '123456');
    await user.type(screen.getByLabelText('New password'), 'brand-new1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(/Your password has been changed/)).toBeInTheDocument();
    const confirmCall = fetchSpy.mock.calls.find(([url]) => url === '/api/v1/auth/confirm');
    expect(requestBody(confirmCall?.[1])).toEqual({
      email: 'river@example.com',
      code: '123456',
      password: 'brand-new1',
    });
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(onModeChange).toHaveBeenCalledWith('login');
  });
});
