import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { appStore } from '@/lib/store';
import { toastsAtom } from '@/lib/toast';
import { mockFetch, renderApp, requestBody, testUser } from '@/test/render';
import type { AdminExtraCharge } from '@contract/admin';

import { AdminPage } from './admin-page';
import { emptyItem, toItemBody, validateItem } from './items-panel';

const admin = { ...testUser, is_admin: true };

const pending = {
  id: 31,
  user_id: 9,
  username: 'newbie',
  method: 'card',
  status: 'pending',
  amount: 97,
  currency: 'USD',
  payment_source: 'card:4417',
  pay_for_premium: false,
  datetime: '2026-11-22T04:00:00Z',
  refund_due: 0,
  card_refunded: 0,
  refund_review: false,
  expected_amount: null as string | null,
  same_source_claims: 1,
  extra_charges: [] as AdminExtraCharge[],
};

/** The settings and store-item calls the admin page also makes, answered with defaults and no items. */
const otherAdminCalls = (url: string) => {
  if (url === '/api/v1/admin/settings') return { body: { data: { referral_percent: 20 } } };
  if (url.startsWith('/api/v1/admin/items') || url.startsWith('/api/v1/admin/audit'))
    return { body: { data: { total: 0, page: 1, per_page: 10, list: [] } } };
  return undefined;
};

describe('AdminPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('confirms a pending manual payment and saves the referral percent', async () => {
    const user = userEvent.setup();
    let confirmed = false;
    const spy = mockFetch((url, init) => {
      if (url === '/api/v1/admin/manual_payments/31/confirm') {
        confirmed = true;
        return { body: { data: { ...pending, status: 'paid' } } };
      }
      if (url.startsWith('/api/v1/admin/manual_payments')) {
        return {
          body: {
            data: { total: confirmed ? 0 : 1, page: 1, per_page: 10, list: confirmed ? [] : [pending] },
          },
        };
      }
      if (url === '/api/v1/admin/settings') {
        const body = init.method === 'POST' ? (requestBody(init) as object) : {};
        return {
          body: { data: { referral_percent: 20, premium_price_rub: 2500, btc_usd_rate: 60000, ...body } },
        };
      }
      if (url.startsWith('/api/v1/admin/items'))
        return { body: { data: { total: 0, page: 1, per_page: 10, list: [] } } };
      return undefined;
    });
    renderApp(<AdminPage />, { user: admin });
    const row = (await screen.findByText('newbie')).closest('tr')!;
    expect(row).toHaveTextContent('card:4417');
    await user.click(within(row).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('No payments with this status.')).toBeInTheDocument();

    const percent = await screen.findByLabelText('Referral percent');
    expect(percent).toHaveValue('20');
    await user.clear(percent);
    await user.type(percent, '150');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Enter a number from 0 to 100')).toBeInTheDocument();
    await user.clear(percent);
    await user.type(percent, '25');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        spy.mock.calls.some(([url, init]) => url === '/api/v1/admin/settings' && init?.method === 'POST'),
      ).toBe(true),
    );
    const saved = spy.mock.calls.find(
      ([url, init]) => url === '/api/v1/admin/settings' && init?.method === 'POST',
    );
    expect(requestBody(saved?.[1])).toEqual({ referral_percent: 25 });
  });

  /** The admin page over a refund queue holding `order` until the admin's refund action on it; the action's flag. */
  const refundQueue = (order: typeof pending) => {
    const marked = { done: false };
    const spy = mockFetch((url) => {
      if (url === `/api/v1/admin/manual_payments/${order.id}/refunded`) {
        marked.done = true;
        return { body: { data: order } };
      }
      if (url.startsWith('/api/v1/admin/manual_payments')) {
        const queue = url.includes('queue=refunds') && !marked.done ? [order] : [];
        return { body: { data: { total: queue.length, page: 1, per_page: 10, list: queue } } };
      }
      return otherAdminCalls(url);
    });
    renderApp(<AdminPage />, { user: admin });
    return { marked, spy };
  };

  it('lists the orders owing a refund and marks one refunded', async () => {
    const user = userEvent.setup();
    const owed = { ...pending, id: 44, method: 'cloudpayments', status: 'paid', refund_due: 40 };
    const { marked, spy } = refundQueue(owed);
    await user.selectOptions(await screen.findByLabelText('Status'), 'Refunds due');
    const row = (await screen.findByText('newbie')).closest('tr')!;
    expect(row).toHaveTextContent('To refund: $40.00');
    await user.click(within(row).getByRole('button', { name: 'Refund sent' }));
    await waitFor(() => expect(marked.done).toBe(true));
    expect(spy.mock.calls.some(([url]) => String(url).includes('queue=refunds'))).toBe(true);
    expect(appStore.get(toastsAtom).map((toast) => toast.message)).toContain('Marked as refunded');
  });

  it('lists a second card charge of one invoice with its transaction, and marks it refunded by hand', async () => {
    const user = userEvent.setup();
    const extra: AdminExtraCharge = {
      id: 5,
      order_id: 46,
      transaction_id: '9000002',
      amount: 25,
      currency: 'USD',
      reason: 'paid_twice',
      card_refunded: 0,
      refunded_at: null,
      refunded_by: null,
      datetime: '2026-11-24T12:00:00Z',
    };
    const order = {
      ...pending,
      id: 46,
      method: 'cloudpayments',
      status: 'paid',
      amount: 25,
      extra_charges: [extra],
    };
    const marked = { done: false };
    mockFetch((url, init) => {
      if (url === '/api/v1/admin/extra_charges/5/refunded' && init.method === 'POST') {
        marked.done = true;
        return { body: { data: { ...extra, refunded_at: '2026-11-24T13:00:00Z', refunded_by: 'boss' } } };
      }
      if (url.startsWith('/api/v1/admin/manual_payments')) {
        const queue = url.includes('queue=refunds') && !marked.done ? [order] : [];
        return { body: { data: { total: queue.length, page: 1, per_page: 10, list: queue } } };
      }
      return otherAdminCalls(url);
    });
    renderApp(<AdminPage />, { user: admin });
    await user.selectOptions(await screen.findByLabelText('Status'), 'Refunds due');
    const row = (await screen.findByText('newbie')).closest('tr')!;
    expect(row).toHaveTextContent('Extra charge $25.00, transaction 9000002');
    expect(row).toHaveTextContent('charged again for an order already paid');
    // Not money owed for owned items: the order's own refund action is not offered.
    expect(within(row).queryByRole('button', { name: 'Refund sent' })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Extra charge 9000002 refunded' }));
    await waitFor(() => expect(marked.done).toBe(true));
    expect(appStore.get(toastsAtom).map((toast) => toast.message)).toContain(
      'Extra charge marked as refunded',
    );
    expect(await screen.findByText('No payments with this status.')).toBeInTheDocument();
  });

  it('shows each crypto claim’s exact amount and marks claims of one transaction by two users', async () => {
    const claim = (id: number, username: string, expected: string) => ({
      ...pending,
      id,
      username,
      method: 'tether',
      payment_source: 'tron-tx-1',
      expected_amount: expected,
      same_source_claims: 2,
    });
    mockFetch((url) => {
      if (url.startsWith('/api/v1/admin/manual_payments')) {
        const list = [claim(51, 'buyer', '25.012345'), claim(52, 'stranger', '25.031007')];
        return { body: { data: { total: 2, page: 1, per_page: 10, list } } };
      }
      return otherAdminCalls(url);
    });
    renderApp(<AdminPage />, { user: admin });
    const buyer = (await screen.findByText('buyer')).closest('tr')!;
    expect(buyer).toHaveTextContent('Expected: 25.012345 USDT');
    expect(buyer).toHaveTextContent('2 claims for this transaction');
    const stranger = screen.getByText('stranger').closest('tr')!;
    expect(stranger).toHaveTextContent('Expected: 25.031007 USDT');
  });

  /** A flagged 38 USD card order with two 19 USD lines, 19 refunded by card; `taken` holds the settling calls. */
  const flagged = {
    ...pending,
    id: 45,
    method: 'cloudpayments',
    status: 'paid',
    amount: 38,
    card_refunded: 19,
    refund_review: true,
  };
  const flaggedLines = {
    id: 45,
    status: 'paid',
    currency: 'USD',
    amount: 38,
    refunded: 19,
    refund_review: true,
    settled_by: null,
    settled_at: null,
    lines: [
      { id: 7, kind: 'product', name: 'Opening ranges', amount: 19, refunded: false },
      { id: 8, kind: 'product', name: '3-bet ranges', amount: 19, refunded: false },
    ],
  };
  const settlementQueue = () => {
    const taken: Array<{ url: string; body: unknown }> = [];
    mockFetch((url, init) => {
      if (url === '/api/v1/admin/orders/45/lines') return { body: { data: flaggedLines } };
      if (url.startsWith('/api/v1/admin/orders/45/')) {
        taken.push({ url, body: init.body ? requestBody(init) : null });
        return { body: { data: { ...flaggedLines, refund_review: false } } };
      }
      if (url.startsWith('/api/v1/admin/manual_payments')) {
        const queue = url.includes('queue=refunds') && taken.length === 0 ? [flagged] : [];
        return { body: { data: { total: queue.length, page: 1, per_page: 10, list: queue } } };
      }
      return otherAdminCalls(url);
    });
    renderApp(<AdminPage />, { user: admin });
    return taken;
  };
  const openFlagged = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.selectOptions(await screen.findByLabelText('Status'), 'Refunds due');
    const row = (await screen.findByText('newbie')).closest('tr')!;
    expect(row).toHaveTextContent('Refunded by card: $19.00');
    expect(row).toHaveTextContent('Partial card refund: check what it covers');
    expect(row).not.toHaveTextContent('To refund');
    await user.click(within(row).getByRole('button', { name: 'Take back…' }));
    return screen.findByRole('dialog', { name: 'Refund of order #45' });
  };

  it('takes back the line a partial card refund paid for, after a confirmation naming it', async () => {
    const user = userEvent.setup();
    const taken = settlementQueue();
    const dialog = await openFlagged(user);
    expect(await within(dialog).findByText('Paid $38.00, refunded so far $19.00.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Take back' }));
    expect(within(dialog).getByText('Choose at least one line to take back')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: /3-bet ranges/ }));
    // The card refund already covers the line: 0 is offered; more than is left (19) is refused here first.
    const amount = within(dialog).getByLabelText('Money sent back by hand');
    expect(amount).toHaveValue('0');
    await user.clear(amount);
    await user.type(amount, '19.01');
    await user.click(within(dialog).getByRole('button', { name: 'Take back' }));
    expect(
      within(dialog).getByText('Enter an amount from 0 to $19.00 with at most two decimals'),
    ).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Take back' }));
    const confirm = within(dialog).getByRole('alertdialog');
    expect(confirm).toHaveTextContent('The buyer loses 3-bet ranges');
    expect(confirm).toHaveTextContent('Money recorded as sent back: $0.00');
    expect(taken).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Yes, take back' }));
    await waitFor(() =>
      expect(taken).toEqual([
        { url: '/api/v1/admin/orders/45/take_back', body: { purchase_ids: [8], amount: 0 } },
      ]),
    );
    expect(appStore.get(toastsAtom).map((toast) => toast.message)).toContain('Taken back');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('No payments with this status.')).toBeInTheDocument();
  });

  it('closes a goodwill partial refund with nothing to take back', async () => {
    const user = userEvent.setup();
    const taken = settlementQueue();
    const dialog = await openFlagged(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Nothing to take back' }));
    await waitFor(() =>
      expect(taken).toEqual([{ url: '/api/v1/admin/orders/45/nothing_to_take_back', body: null }]),
    );
    expect(appStore.get(toastsAtom).map((toast) => toast.message)).toContain(
      'Closed with nothing taken back',
    );
  });
});

describe('AdminPage audit log', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const entry = (id: number, action: string, detail: Record<string, unknown>, target: number | null) => ({
    id,
    admin: 'boss',
    action,
    target_id: target,
    detail,
    request_id: `req-${id}`,
    datetime: '2026-11-22T04:00:00Z',
  });

  it('lists what admins did, newest first, page by page, in the interface language', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    mockFetch((url) => {
      if (url.startsWith('/api/v1/admin/audit')) {
        asked.push(url);
        const page = Number(new URL(url, 'http://x').searchParams.get('page'));
        const list =
          page === 1
            ? [
                entry(12, 'settings.update', { referral_percent: [10, 15] }, null),
                entry(11, 'payment.confirm', { method: 'btc', amount: 29, currency: 'USD' }, 31),
              ]
            : [entry(2, 'order.take_back', { purchase_ids: [4, 5], amount: 12.5 }, 40)];
        return { body: { data: { total: 12, page, per_page: 10, list } } };
      }
      if (url.startsWith('/api/v1/admin/manual_payments'))
        return { body: { data: { total: 0, page: 1, per_page: 10, list: [] } } };
      return otherAdminCalls(url);
    });
    renderApp(<AdminPage />, { user: admin });
    const section = (await screen.findByRole('heading', { name: 'Audit log' })).closest('section')!;
    const changed = (await within(section).findByText('Settings changed')).closest('tr')!;
    expect(changed).toHaveTextContent('boss');
    expect(changed).toHaveTextContent('referral_percent: 10 → 15');
    expect(changed).toHaveTextContent('req-12');
    const confirmed = within(section).getByText('Payment confirmed').closest('tr')!;
    expect(confirmed).toHaveTextContent('#31');
    expect(confirmed).toHaveTextContent('amount: 29');
    await user.click(within(section).getByRole('button', { name: 'Next' }));
    const takeBack = (await within(section).findByText('Lines taken back')).closest('tr')!;
    expect(takeBack).toHaveTextContent('purchase_ids: 4, 5');
    expect(asked.at(-1)).toContain('page=2');
  });
});

describe('store item form rules', () => {
  it('needs a name and two non-negative prices; the package is optional', () => {
    const EMPTY_ITEM = emptyItem();
    expect(validateItem(EMPTY_ITEM)).toEqual({
      name: 'nameRequired',
      price_usd: 'priceInvalid',
      price_rub: 'priceInvalid',
    });
    expect(
      validateItem({ ...EMPTY_ITEM, name: 'ICM', price_usd: '-1', price_rub: '100', package_id: 'x' }),
    ).toEqual({ price_usd: 'priceInvalid', package_id: 'packageInvalid' });
    const draft = { ...EMPTY_ITEM, name: ' ICM ', price_usd: '19.5', price_rub: '1500', package_id: '2' };
    expect(validateItem(draft)).toEqual({});
    expect(toItemBody(draft)).toEqual({
      type: 'product',
      name: 'ICM',
      description: '',
      price_usd: 19.5,
      price_rub: 1500,
      package_id: 2,
      translations: {},
    });
  });
});
