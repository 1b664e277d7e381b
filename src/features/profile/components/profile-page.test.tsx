import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { incomingCountAtom } from '@/lib/incoming-count';
import { appStore } from '@/lib/store';
import { mockFetch, renderApp, testUser } from '@/test/render';

import { ProfilePage } from './profile-page';

function purchases(page: number, total: number) {
  const count = Math.min(10, total - (page - 1) * 10);
  return {
    total,
    page,
    per_page: 10,
    items: Array.from({ length: count }, (_, index) => ({
      id: (page - 1) * 10 + index + 1,
      kind: 'product',
      item_id: 1,
      name: `Pack ${(page - 1) * 10 + index + 1}`,
      amount: 19,
      currency: 'USD',
      datetime: '2026-11-20T10:00:00Z',
      refunded: false,
      restorable: false,
    })),
  };
}

const incoming = {
  total: 1,
  page: 1,
  per_page: 10,
  list: [
    {
      id: 5,
      category_id: 77,
      name: 'BTN opens',
      kind: 'range',
      root_type: 'preflop_root',
      from_user: 'shark',
      datetime: '2026-11-21T09:00:00Z',
    },
  ],
};

describe('ProfilePage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('opens purchases by default, 10 per page with paging', async () => {
    const user = userEvent.setup();
    const spy = mockFetch((url) => {
      const match = /purchases\?page=(\d+)&per_page=10/.exec(url);
      return match ? { body: { data: purchases(Number(match[1]), 13) } } : undefined;
    });
    renderApp(<ProfilePage user={testUser} hash="" />, { user: testUser });
    expect(screen.getByRole('tab', { name: 'Purchases' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Pack 1')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(11);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Pack 13')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(spy.mock.calls.map(([url]) => url)).toContain(
      // In the interface language: each purchase is named as its item is now in it.
      '/api/v1/users/userprofile/purchases?page=2&per_page=10&lang=en-US',
    );
  });

  it('marks a purchase taken back by a card refund', async () => {
    const listed = purchases(1, 2);
    listed.items[1] = { ...listed.items[1]!, refunded: true };
    mockFetch((url) => (url.includes('/purchases?') ? { body: { data: listed } } : undefined));
    renderApp(<ProfilePage user={testUser} hash="" />, { user: testUser });
    const refunded = (await screen.findByText('Pack 2')).closest('tr')!;
    expect(within(refunded).getByText('Refunded')).toBeInTheDocument();
    expect((await screen.findByText('Pack 1')).closest('tr')).not.toHaveTextContent('Refunded');
  });

  it('puts back the folder of a bought pack the player deleted', async () => {
    const user = userEvent.setup();
    const listed = purchases(1, 2);
    listed.items[0] = { ...listed.items[0]!, item_id: 9, restorable: true };
    const fetchSpy = mockFetch((url, init) => {
      if (url === '/api/v1/shop/products/9/restore' && init?.method === 'POST') {
        listed.items[0] = { ...listed.items[0]!, restorable: false };
        return { body: { data: { category_id: 5, restored: true } } };
      }
      return url.includes('/purchases?') ? { body: { data: listed } } : undefined;
    });
    renderApp(<ProfilePage user={testUser} hash="" />, { user: testUser });
    const row = (await screen.findByText('Pack 1')).closest('tr')!;
    expect(within(row).getByText('Its folder was deleted from your ranges.')).toBeInTheDocument();
    expect((await screen.findByText('Pack 2')).closest('tr')).not.toHaveTextContent('Put it back');
    await user.click(within(row).getByRole('button', { name: 'Put it back' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Put it back' })).not.toBeInTheDocument(),
    );
    expect(fetchSpy.mock.calls.filter(([url]) => url === '/api/v1/shop/products/9/restore')).toHaveLength(1);
  });

  it('shows the empty and error states', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockFetch((url) => {
      if (url.includes('affiliate_purchases')) {
        return fail
          ? { status: 500, body: { error: 'Something went wrong', code: 'somethingWentWrong' } }
          : { body: { data: { total: 0, page: 1, per_page: 10, items: [] } } };
      }
      return { body: { data: purchases(1, 0) } };
    });
    renderApp(<ProfilePage user={testUser} hash="" />, { user: testUser });
    expect(await screen.findByText('No purchases yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Referral payments' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load data: Something went wrong');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No referral payments yet/)).toBeInTheDocument();
  });

  it('opens incoming strategies for #strategy and accepts one, refreshing the count', async () => {
    const user = userEvent.setup();
    let accepted = false;
    const spy = mockFetch((url, init) => {
      if (url === '/api/v1/categories/incoming/5/accept' && init.method === 'POST') {
        accepted = true;
        return { body: { data: { category_id: 90, removed_category_id: null } } };
      }
      if (url.startsWith('/api/v1/categories/incoming/count')) return { body: { data: accepted ? 0 : 1 } };
      if (url.startsWith('/api/v1/categories/incoming?')) {
        return { body: { data: accepted ? { ...incoming, total: 0, list: [] } : incoming } };
      }
      if (url === '/api/v1/categories/incoming/5/compare') {
        return { body: { data: { ...incoming.list[0], buttons: [], pairs: [], replaces: null } } };
      }
      if (url === '/api/v1/categories/incoming/5/range') {
        return { body: { data: [{ hand: 'AKs', colors: [{ color: '#1847BE', weight: 100 }] }] } };
      }
      return undefined;
    });
    renderApp(<ProfilePage user={testUser} hash="#strategy" />, { user: testUser });
    appStore.set(incomingCountAtom, 1);
    expect(screen.getByRole('tab', { name: 'Incoming strategies' })).toHaveAttribute('aria-selected', 'true');
    const item = (await screen.findByText('BTN opens')).closest('li')!;
    expect(item).toHaveTextContent('from shark');
    await user.click(within(item).getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('img', { name: 'Preview of the shared range' });
    expect(within(preview).getByText('AKs')).toHaveAttribute('data-weight', '100');
    expect(within(preview).getByText('AKo')).toHaveAttribute('data-weight', '0');
    await user.click(within(item).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('No incoming strategies.')).toBeInTheDocument();
    // The header bell reads this atom: it is 0 now, not at its next 10-second poll.
    expect(appStore.get(incomingCountAtom)).toBe(0);
    await waitFor(() =>
      expect(
        spy.mock.calls.some(([url]) => String(url).startsWith('/api/v1/categories/incoming/count')),
      ).toBe(true),
    );
  });

  it('lists a payout from a buyer who deleted their account as such, amount kept', async () => {
    const user = userEvent.setup();
    const payout = (id: number, name: string) => ({
      id,
      user: name,
      percent: 20,
      amount: 5,
      currency: 'USD',
      datetime: '2026-11-20T10:00:00Z',
      type: 'shop',
      reversed: 0,
    });
    mockFetch((url) =>
      url.includes('/affiliate_purchases?')
        ? { body: { data: { total: 2, page: 1, per_page: 10, items: [payout(1, 'fish'), payout(2, '')] } } }
        : undefined,
    );
    renderApp(<ProfilePage user={testUser} hash="" />, { user: testUser });
    await user.click(screen.getByRole('tab', { name: 'Referral payments' }));
    const rows = await screen.findAllByText('$5.00');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.closest('tr')).toHaveTextContent('fish');
    expect(rows[1]!.closest('tr')).toHaveTextContent('Deleted account');
  });

  it('shows the referral link with a copy button', () => {
    mockFetch(() => ({ body: { data: purchases(1, 0) } }));
    renderApp(<ProfilePage user={testUser} hash="" />, { user: testUser });
    expect(screen.getByRole('textbox', { name: 'Your referral link' })).toHaveValue(
      `${window.location.origin}/auth/register/ref7token`,
    );
    expect(screen.getByRole('button', { name: 'Copy the referral link' })).toBeInTheDocument();
  });

  it('validates the password change with the spec messages', async () => {
    const user = userEvent.setup();
    mockFetch((url) =>
      url.endsWith('/update/password')
        ? { status: 400, body: { error: 'Current password is incorrect', code: 'currentPasswordIncorrect' } }
        : { body: { data: purchases(1, 0) } },
    );
    renderApp(<ProfilePage user={testUser} hash="" />, { user: testUser });
    const form = screen.getByRole('form', { name: 'Change password' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText('Enter current password')).toBeInTheDocument();
    expect(within(form).getByText('Enter new password')).toBeInTheDocument();
    expect(within(form).getByText('Confirm new password')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Current password'), 'old-pass');
    await user.type(within(form).getByLabelText('New password'), 'new-pass1');
    await user.type(within(form).getByLabelText('Repeat the new password'), 'new-pass2');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText('Passwords do not match')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Repeat the new password'));
    await user.type(within(form).getByLabelText('Repeat the new password'), 'new-pass1');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Current password is incorrect')).toBeInTheDocument();
  });
});
