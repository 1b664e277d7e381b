import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { appStore } from '@/lib/store';
import { toastsAtom } from '@/lib/toast';
import { packageParams, paymentParams } from '@/test/fixtures';
import { mockFetch, renderApp, requestBody, testUser } from '@/test/render';
import type { CostShopBody } from '@contract/payments';

import { paidAtom, type PaymentTarget } from '../atoms';
import { PaymentWindow } from './payment-window';

const offer: Extract<PaymentTarget, { kind: 'package' }>['offer'] = {
  id: 3,
  name: 'MTT starter pack',
  premium_required: true,
  products: [
    {
      id: 11,
      name: 'Push/fold 10bb',
      description: '',
      price_in_user_currency: 15,
      owned: false,
      restorable: false,
    },
    {
      id: 12,
      name: 'BB defence',
      description: '',
      price_in_user_currency: 10,
      owned: false,
      restorable: false,
    },
  ],
  video_courses: [
    {
      id: 21,
      name: 'ICM basics',
      description: '',
      price_in_user_currency: 30,
      owned: false,
      restorable: false,
    },
  ],
};

function toasts() {
  return appStore.get(toastsAtom).map((toast) => toast.message);
}

describe('PaymentWindow', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    appStore.set(paidAtom, null);
  });

  it('is 550 px wide and starts on the card provider with its accepted methods', () => {
    renderApp(<PaymentWindow target={{ kind: 'premium', params: paymentParams() }} onClose={vi.fn()} />, {
      user: testUser,
    });
    expect(screen.getByRole('dialog')).toHaveStyle({ maxWidth: '550px' });
    expect(screen.getByRole('radio', { name: /Card payment/ })).toBeChecked();
    for (const name of ['Mastercard', 'Visa', 'Apple Pay', 'Google Pay']) {
      expect(screen.getAllByRole('img', { name }).length).toBeGreaterThan(0);
    }
    expect(screen.getByRole('button', { name: 'Buy' })).toBeEnabled();
  });

  it('lists the package with prices and the Premium line, recalculating on toggle', async () => {
    const user = userEvent.setup();
    const fetchSpy = mockFetch((url, init) => {
      if (url !== '/api/v1/shop/cost/shop') return undefined;
      const body = requestBody(init) as CostShopBody;
      const price = body.products.length * 10 + body.video_courses.length * 30 + 25;
      return { body: { data: packageParams(body, price, [], { premium_required: true }) } };
    });
    renderApp(<PaymentWindow target={{ kind: 'package', offer }} onClose={vi.fn()} />, { user: testUser });
    expect(screen.getByRole('dialog', { name: 'MTT starter pack' })).toBeInTheDocument();
    expect(await screen.findByText('Premium (required for this package)')).toBeInTheDocument();
    expect(screen.getByText('$75.00')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /BB defence/ }));
    await waitFor(() => expect(screen.getByText('$65.00')).toBeInTheDocument());
    const last = fetchSpy.mock.calls.at(-1);
    expect(requestBody(last?.[1])).toEqual({ package_id: 3, products: [11], video_courses: [21] });
  });

  it('refuses bitcoin priced 0 with "Choose another form of payment"', async () => {
    const user = userEvent.setup();
    const fetchSpy = mockFetch(() => undefined);
    const params = paymentParams({ btc: { price: 0, account: 'bc1q', quoted: false } });
    renderApp(<PaymentWindow target={{ kind: 'premium', params }} onClose={vi.fn()} />, { user: testUser });
    await user.click(screen.getByRole('radio', { name: /Bitcoin/ }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose another form of payment');
    for (const radio of screen.getAllByRole('radio')) expect(radio).not.toBeChecked();
    // Refused before asking: no amount is quoted for it.
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('refuses a card purchase when the shopping list is empty', async () => {
    const user = userEvent.setup();
    const fetchSpy = mockFetch(() => undefined);
    const params = paymentParams({ cloud_payments: { price: 0 } });
    renderApp(<PaymentWindow target={{ kind: 'premium', params }} onClose={vi.fn()} />, { user: testUser });
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The shopping list is empty');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('buys through the sandbox card provider and reloads the user', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const fetchSpy = mockFetch((url) => {
      if (url === '/api/v1/payments/sandbox/charge') return { body: { data: { id: 41, status: 'paid' } } };
      if (url === '/api/v1/auth/user')
        return { body: { data: { me: { ...testUser, is_premium: true }, token: 't' } } };
      return undefined;
    });
    renderApp(<PaymentWindow target={{ kind: 'premium', params: paymentParams() }} onClose={onClose} />, {
      user: testUser,
    });
    // Test payments say so before anything is charged.
    expect(screen.getByRole('note')).toHaveTextContent('Test payments: no money is taken.');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const charge = fetchSpy.mock.calls.find(([url]) => url === '/api/v1/payments/sandbox/charge');
    expect(requestBody(charge?.[1])).toEqual({ order_id: 41, hash: 'abc' });
    expect(toasts()).toContain('Payment successful. Thank you!');
  });

  it('records what a paid package order bought, for the store and the product page', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    mockFetch((url, init) => {
      if (url === '/api/v1/shop/cost/shop')
        return {
          body: {
            data: packageParams(requestBody(init) as CostShopBody, 55, [], { premium_required: true }),
          },
        };
      if (url === '/api/v1/payments/sandbox/charge') return { body: { data: { id: 41, status: 'paid' } } };
      if (url === '/api/v1/auth/user') return { body: { data: { me: testUser, token: 't' } } };
      return undefined;
    });
    renderApp(<PaymentWindow target={{ kind: 'package', offer }} onClose={onClose} />, { user: testUser });
    await screen.findByText('$55.00');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(appStore.get(paidAtom)).toEqual({ userId: 7, revision: 1, premium: true, items: [11, 12, 21] });
  });

  it('marks items bought meanwhile (another tab) as owned and asks nothing for them', async () => {
    mockFetch((url, init) =>
      url === '/api/v1/shop/cost/shop'
        ? { body: { data: packageParams(requestBody(init) as CostShopBody, 0, [11, 12, 21]) } }
        : undefined,
    );
    renderApp(<PaymentWindow target={{ kind: 'package', offer }} onClose={vi.fn()} />, { user: testUser });
    expect(
      await screen.findByText('Everything you chose is already yours: nothing is left to pay.'),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Owned')).toHaveLength(3);
    for (const box of screen.getAllByRole('checkbox')) expect(box).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Buy' })).not.toBeInTheDocument();
    expect(screen.queryByText(/To pay/)).not.toBeInTheDocument();
  });

  it('leaves out of a new window what this page has just paid for', async () => {
    const fetchSpy = mockFetch((url, init) =>
      url === '/api/v1/shop/cost/shop'
        ? { body: { data: packageParams(requestBody(init) as CostShopBody, 10) } }
        : undefined,
    );
    appStore.set(paidAtom, { userId: testUser.id, revision: 1, premium: false, items: [11, 21] });
    renderApp(<PaymentWindow target={{ kind: 'package', offer }} onClose={vi.fn()} />, { user: testUser });
    expect(await screen.findByText('$10.00')).toBeInTheDocument();
    expect(requestBody(fetchSpy.mock.calls[0]?.[1])).toEqual({
      package_id: 3,
      products: [12],
      video_courses: [],
    });
    expect(screen.getAllByText('Owned')).toHaveLength(2);
  });

  it('shows no test-payment notice with the real provider', () => {
    renderApp(
      <PaymentWindow
        target={{ kind: 'premium', params: paymentParams({ sandbox: false }) }}
        onClose={vi.fn()}
      />,
      { user: testUser },
    );
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('validates the card-transfer confirmation and sends the manual payment', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const fetchSpy = mockFetch((url) =>
      url === '/api/v1/manual_payment' ? { body: { data: { id: 1, status: 'pending' } } } : undefined,
    );
    renderApp(<PaymentWindow target={{ kind: 'premium', params: paymentParams() }} onClose={onClose} />, {
      user: testUser,
    });
    await user.click(screen.getByRole('radio', { name: /Bank card transfer/ }));
    expect(screen.getByText('4000 1234 5678 9010')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy the account' })).toBeInTheDocument();
    expect(screen.getByText('Payments are processed within 24 hours.')).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Send' });
    await user.click(send);
    expect(screen.getByText('Confirm is required')).toBeInTheDocument();
    const input = screen.getByLabelText('Last 4 digits of the card you paid with');
    await user.type(input, '12a4');
    await user.click(send);
    expect(screen.getByText('Invalid confirmation')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '5521');
    await user.click(send);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const call = fetchSpy.mock.calls.find(([url]) => url === '/api/v1/manual_payment');
    expect(requestBody(call?.[1])).toMatchObject({
      method: 'card',
      pay_for_premium: true,
      payment_source: '5521',
    });
    expect(toasts()).toContain('The payment data has been sent. Please wait for confirmation.');
  });

  it('says a method is unavailable when the server sends no account for it (production placeholder)', async () => {
    const user = userEvent.setup();
    const params = paymentParams({ card: { price: 25, currency: 'USD', account: '' } });
    renderApp(<PaymentWindow target={{ kind: 'premium', params }} onClose={vi.fn()} />, { user: testUser });
    await user.click(screen.getByRole('radio', { name: /Bank card transfer/ }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This payment method is not available yet, choose another one',
    );
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy the account' })).not.toBeInTheDocument();
  });

  /** The quote route answering each coin from `answers` (by method), counting the calls. */
  const quoteRoute = (answers: Record<string, { status?: number; body: unknown }>) =>
    mockFetch((url, init) => {
      if (url !== '/api/v1/shop/crypto_quote') return undefined;
      const { method } = requestBody(init) as { method: string };
      return answers[method];
    });
  const quoteCalls = (spy: ReturnType<typeof mockFetch>) =>
    spy.mock.calls.filter(([url]) => url === '/api/v1/shop/crypto_quote');
  const quoted = {
    btc: { body: { data: { price: 0.0002501, account: 'bc1qrangeforgeexampleaddress', quoted: true } } },
    tether: { body: { data: { price: 25.01205, account: 'TRangeForgeTetherAccount', quoted: true } } },
  };
  const amountField = () => screen.getByRole('button', { name: 'Copy the amount' }).closest('.copy-field')!;

  it('asks for the exact amount when a coin is picked and shows it with the address, each with a copy button', async () => {
    const user = userEvent.setup();
    const fetchSpy = quoteRoute(quoted);
    // The server answers only once let: the window is seen while it waits.
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      await held;
      return fetchSpy(...args);
    });
    renderApp(<PaymentWindow target={{ kind: 'premium', params: paymentParams() }} onClose={vi.fn()} />, {
      user: testUser,
    });
    // The card provider is the starting method: nothing is quoted for a card buyer.
    expect(quoteCalls(fetchSpy)).toHaveLength(0);
    await user.click(screen.getByRole('radio', { name: /Bitcoin/ }));
    // Until the amount comes: a loading line, no address and no amount to send.
    expect(screen.getByRole('status')).toHaveTextContent('Getting your exact amount…');
    expect(screen.queryByText('bc1qrangeforgeexampleaddress')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
    answer();
    expect(await screen.findByText('Send exactly this amount, in one transfer:')).toBeInTheDocument();
    expect(requestBody(quoteCalls(fetchSpy)[0]?.[1])).toEqual({
      method: 'btc',
      pay_for_shop: false,
      pay_for_premium: true,
      package_id: null,
      products: [],
      video_courses: [],
    });
    // All eight decimals, as the wallet needs them: the last satoshi name this buyer's payment.
    expect(amountField()).toHaveTextContent('0.00025010 BTC');
    expect(screen.getByText('bc1qrangeforgeexampleaddress')).toBeInTheDocument();
    // The copy is the bare figure a wallet's amount field takes.
    await user.click(screen.getByRole('button', { name: 'Copy the amount' }));
    expect(await navigator.clipboard.readText()).toBe('0.00025010');
    await user.click(screen.getByRole('radio', { name: /Tether/ }));
    // Tether's six decimals (TRC20), trailing zero included: the wallet must send every millionth.
    await waitFor(() => expect(amountField()).toHaveTextContent('25.012050 USDT'));
    await user.click(screen.getByRole('button', { name: 'Copy the amount' }));
    expect(await navigator.clipboard.readText()).toBe('25.012050');
    // A card transfer names its buyer by the card's last digits: no exact amount.
    await user.click(screen.getByRole('radio', { name: /Bank card transfer/ }));
    expect(screen.queryByRole('button', { name: 'Copy the amount' })).not.toBeInTheDocument();
    // Bitcoin picked again shows the same amount at once, without asking again.
    await user.click(screen.getByRole('radio', { name: /Bitcoin/ }));
    expect(amountField()).toHaveTextContent('0.00025010 BTC');
    expect(quoteCalls(fetchSpy).map(([, init]) => (requestBody(init) as { method: string }).method)).toEqual([
      'btc',
      'tether',
    ]);
  });

  it('shows an open quote from the cost answer without asking (the window opened again)', async () => {
    const user = userEvent.setup();
    const fetchSpy = quoteRoute(quoted);
    const params = paymentParams({
      btc: { price: 0.00025077, account: 'bc1qrangeforgeexampleaddress', quoted: true },
    });
    renderApp(<PaymentWindow target={{ kind: 'premium', params }} onClose={vi.fn()} />, { user: testUser });
    await user.click(screen.getByRole('radio', { name: /Bitcoin/ }));
    expect(amountField()).toHaveTextContent('0.00025077 BTC');
    expect(quoteCalls(fetchSpy)).toHaveLength(0);
  });

  it('says when the amount could not be had, and asks again on Retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    const fetchSpy = mockFetch((url) => {
      if (url !== '/api/v1/shop/crypto_quote') return undefined;
      return fail
        ? { status: 503, body: { error: 'The server is busy, try again in a moment', code: 'serverBusy' } }
        : quoted.tether;
    });
    renderApp(<PaymentWindow target={{ kind: 'premium', params: paymentParams() }} onClose={vi.fn()} />, {
      user: testUser,
    });
    await user.click(screen.getByRole('radio', { name: /Tether/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not get your exact amount');
    expect(screen.queryByText('TRangeForgeTetherAccount')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(amountField()).toHaveTextContent('25.012050 USDT'));
    expect(screen.getByText('TRangeForgeTetherAccount')).toBeInTheDocument();
    expect(quoteCalls(fetchSpy)).toHaveLength(2);
  });

  it('says why a crypto method has no address: its amounts are all held, or too many new quotes', async () => {
    const user = userEvent.setup();
    quoteRoute({
      btc: { body: { data: { price: 0.00025, account: '', quoted: false, closed: 'amountsTaken' } } },
      tether: { body: { data: { price: 25, account: '', quoted: false, closed: 'quoteBudget' } } },
    });
    renderApp(<PaymentWindow target={{ kind: 'premium', params: paymentParams() }} onClose={vi.fn()} />, {
      user: testUser,
    });
    await user.click(screen.getByRole('radio', { name: /Bitcoin/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Every bitcoin or tether amount near this price is held by other buyers right now',
    );
    await user.click(screen.getByRole('radio', { name: /Tether/ }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Too many new crypto payment amounts were requested from this account or network in the last hour',
      ),
    );
    expect(screen.queryByRole('button', { name: 'Copy the amount' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
  });

  it('quotes again and shows the new amount when the price changed since the amount was shown', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    let price = 25.01205;
    let claims = 0;
    const fetchSpy = mockFetch((url) => {
      if (url === '/api/v1/shop/crypto_quote')
        return { body: { data: { price, account: 'TRangeForgeTetherAccount', quoted: true } } };
      if (url !== '/api/v1/manual_payment') return undefined;
      claims += 1;
      if (claims > 1) return { body: { data: { id: 7, status: 'pending' } } };
      // An admin raised the price meanwhile: the server refuses the claim at the old amount.
      price = 50.02411;
      return {
        status: 409,
        body: { error: 'The price changed since this amount was shown', code: 'cryptoQuoteOutdated' },
      };
    });
    renderApp(<PaymentWindow target={{ kind: 'premium', params: paymentParams() }} onClose={onClose} />, {
      user: testUser,
    });
    await user.click(screen.getByRole('radio', { name: /Tether/ }));
    await waitFor(() => expect(amountField()).toHaveTextContent('25.012050 USDT'));
    await user.type(screen.getByLabelText('Transaction ID'), 'tron-tx-1');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    // The window stays, says why, and shows the new amount with the transaction id kept.
    await waitFor(() => expect(amountField()).toHaveTextContent('50.024110 USDT'));
    expect(screen.getByRole('alert')).toHaveTextContent('The price changed since this amount was shown');
    expect(screen.getByLabelText('Transaction ID')).toHaveValue('tron-tx-1');
    expect(onClose).not.toHaveBeenCalled();
    expect(quoteCalls(fetchSpy)).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('needs a letter in a crypto transaction id', async () => {
    const user = userEvent.setup();
    quoteRoute(quoted);
    renderApp(<PaymentWindow target={{ kind: 'premium', params: paymentParams() }} onClose={vi.fn()} />, {
      user: testUser,
    });
    await user.click(screen.getByRole('radio', { name: /Tether/ }));
    const form = (await screen.findByLabelText('Transaction ID')).closest('form')!;
    await user.type(screen.getByLabelText('Transaction ID'), '123456');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Invalid confirmation')).toBeInTheDocument();
  });
});
