// A registration error reads just the server's reason, not glued to the generic text.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockFetch, renderApp } from '@/test/render';

import { AuthPage } from './auth-page';

async function register(answer: { status: number; body: unknown } | 'network') {
  if (answer === 'network') {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
  } else {
    mockFetch((url) => (url === '/api/v1/auth/register' ? answer : undefined));
  }
  const user = userEvent.setup();
  renderApp(<AuthPage mode="register" onModeChange={vi.fn()} onSignedIn={vi.fn()} />);
  await user.type(screen.getByLabelText('Username'), 'river_rat');
  await user.type(screen.getByLabelText('E-mail'), 'river@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret123');
  await user.click(screen.getByRole('button', { name: 'Register' }));
  return screen.findByRole('alert');
}

describe('registration errors', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows only the specific reason the server gives', async () => {
    const alert = await register({
      status: 409,
      body: { error: 'This username is already taken', code: 'usernameTaken' },
    });
    expect(alert.textContent).toBe('This username is already taken');
  });

  it('shows the generic text alone when there is no reason (server failure, no network)', async () => {
    const failure = await register({
      status: 500,
      body: { error: 'Something went wrong', code: 'somethingWentWrong' },
    });
    expect(failure.textContent).toBe('Registration error, try again later.');
  });

  it('shows the generic text alone when the network is down', async () => {
    const offline = await register('network');
    expect(offline.textContent).toBe('Registration error, try again later.');
  });
});
