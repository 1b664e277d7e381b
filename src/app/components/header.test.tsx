import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { INCOMING_REFRESH_MS, incomingDecided } from '@/lib/incoming-count';
import { DEFAULT_AVATAR } from '@/lib/session';
import { pageReloader } from '@/lib/use-language';
import { mockFetch, renderApp, requestBody, testUser } from '@/test/render';

import { Header } from './header';

/** Where the app is and the state it was sent there with, as the routes read them. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname} ${JSON.stringify(location.state)}`}</output>;
}

describe('Header', () => {
  beforeEach(() => {
    vi.spyOn(pageReloader, 'reload').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows dashes and the default avatar when signed out, and the three menu links', () => {
    mockFetch(() => undefined);
    const { container } = renderApp(<Header />);
    const block = screen.getByRole('link', { name: /^Your profile/ });
    expect(block).toHaveAttribute('href', '/auth/login');
    expect(within(block).getAllByText('—')).toHaveLength(2);
    expect(container.querySelector('.profile-block img')).toHaveAttribute('src', DEFAULT_AVATAR);
    const nav = screen.getAllByRole('navigation', { name: 'Main menu' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Cash ranges' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Tournament ranges' })).toHaveAttribute(
      'href',
      '/tournament',
    );
    expect(within(nav).getByRole('link', { name: 'Ranges store' })).toHaveAttribute('href', '/store');
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
  });

  it('signs in from the page it is on and comes back to it, never to an auth page', async () => {
    mockFetch(() => undefined);
    const first = renderApp(
      <>
        <Header />
        <LocationProbe />
      </>,
      { route: '/tournament?view=1' },
    );
    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/auth/login {"from":"/tournament?view=1"}');
    first.unmount();

    renderApp(
      <>
        <Header />
        <LocationProbe />
      </>,
      { route: '/auth/register' },
    );
    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/auth/login null');
  });

  it('shows the user, highlights the profile block on /profile and treats the bare avatar base as none', () => {
    mockFetch(() => ({ body: { data: 0 } }));
    const { container } = renderApp(<Header />, { user: testUser, route: '/profile' });
    const block = screen.getByRole('link', { name: /^Your profile/ });
    expect(block).toHaveTextContent('river_rat');
    expect(block).toHaveTextContent('river@example.com');
    expect(block).toHaveClass('profile-block--active');
    expect(container.querySelector('.profile-block img')).toHaveAttribute('src', DEFAULT_AVATAR);
  });

  it('polls the incoming count every 10 s and links the bell to /profile#strategy', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let count = 2;
    const fetchSpy = mockFetch((url) =>
      url.startsWith('/api/v1/categories/incoming/count') ? { body: { data: count } } : undefined,
    );
    renderApp(<Header />, { user: testUser });
    expect(await screen.findByTestId('bell-count')).toHaveTextContent('+2');
    expect(screen.getByRole('link', { name: '2 new incoming strategies' })).toHaveAttribute(
      'href',
      '/profile#strategy',
    );
    count = 5;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(INCOMING_REFRESH_MS);
    });
    expect(await screen.findByText('+5')).toBeInTheDocument();
    expect(fetchSpy.mock.calls.filter(([url]) => String(url).includes('/incoming/count')).length).toBe(2);
  });

  it('moves the bell at once when a strategy is accepted or rejected elsewhere, not at the next poll', async () => {
    let count = 2;
    mockFetch((url) =>
      url.startsWith('/api/v1/categories/incoming/count') ? { body: { data: count } } : undefined,
    );
    renderApp(<Header />, { user: testUser });
    expect(await screen.findByTestId('bell-count')).toHaveTextContent('+2');
    count = 1;
    act(() => incomingDecided());
    expect(screen.getByTestId('bell-count')).toHaveTextContent('+1');
    count = 0;
    act(() => incomingDecided());
    await waitFor(() => expect(screen.queryByTestId('bell-count')).not.toBeInTheDocument());
  });

  it('hides the count when it is zero', async () => {
    const fetchSpy = mockFetch(() => ({ body: { data: 0 } }));
    renderApp(<Header />, { user: testUser });
    await waitFor(() => expect(fetchSpy).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByTestId('bell-count')).not.toBeInTheDocument());
  });

  it('saves the language on the server, closes the picker and reloads', async () => {
    const user = userEvent.setup();
    const fetchSpy = mockFetch((url) =>
      url === '/api/v1/users/language' ? { body: { data: { language: 'es-ES' } } } : { body: { data: 0 } },
    );
    renderApp(<Header />, { user: testUser });
    await user.click(screen.getByRole('button', { name: /Interface language/ }));
    const list = screen.getByRole('listbox');
    expect(within(list).getAllByRole('option')).toHaveLength(4);
    await user.click(within(list).getByRole('button', { name: 'Español' }));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await waitFor(() => expect(pageReloader.reload).toHaveBeenCalled());
    const call = fetchSpy.mock.calls.find(([url]) => url === '/api/v1/users/language');
    expect(requestBody(call?.[1])).toEqual({ language: 'es-ES' });
    expect(localStorage.getItem('rangeforge.language')).toBe('es-ES');
  });

  it('opens the burger and the small menu by click and closes them on an outside click', async () => {
    const user = userEvent.setup();
    mockFetch(() => undefined);
    renderApp(
      <>
        <Header />
        <p>outside</p>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Open the menu' }));
    expect(document.getElementById('burger-menu')).toBeInTheDocument();
    await user.click(screen.getByText('outside'));
    expect(document.getElementById('burger-menu')).not.toBeInTheDocument();

    const toggle = screen.getByRole('button', { name: 'Menu' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById('user-menu')).toHaveClass('user-menu--open');
    await user.click(screen.getByText('outside'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('logs out: calls the server, drops the token and the user', async () => {
    const user = userEvent.setup();
    localStorage.setItem('rangeforge.token', 'tok');
    const fetchSpy = mockFetch(() => ({ body: { data: 0 } }));
    renderApp(<Header />, { user: testUser });
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument());
    expect(fetchSpy.mock.calls.some(([url]) => url === '/api/v1/auth/logout')).toBe(true);
    expect(localStorage.getItem('rangeforge.token')).toBeNull();
  });
});
