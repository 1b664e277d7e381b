import { describe, expect, it } from 'vitest';

import { paymentParams } from '@/test/fixtures';

import {
  exactCryptoAmount,
  initialPaymentState,
  manualPaymentBody,
  methodPrice,
  needsCryptoQuote,
  paymentReducer,
  toggleSelection,
  validateCardPurchase,
  validateConfirmation,
  withCryptoQuote,
} from './payment-rules';

describe('payment window state (SPEC §4)', () => {
  it('starts with the card provider', () => {
    expect(initialPaymentState.method).toBe('cloud');
  });

  it('switches to card transfer, bitcoin and tether', () => {
    const params = paymentParams();
    for (const method of ['card', 'btc', 'tether'] as const) {
      expect(paymentReducer(initialPaymentState, { type: 'selectMethod', method, params }).method).toBe(
        method,
      );
    }
  });

  it('refuses bitcoin or tether priced 0 while the card provider is not, and clears the method', () => {
    const params = paymentParams({
      btc: { price: 0, account: 'x', quoted: false },
      tether: { price: 0, account: 'y', quoted: false },
    });
    for (const method of ['btc', 'tether'] as const) {
      const next = paymentReducer(initialPaymentState, { type: 'selectMethod', method, params });
      expect(next).toMatchObject({ method: null, error: 'chooseAnotherPayment' });
    }
  });

  it('allows a zero crypto price when the card provider price is zero too', () => {
    const params = paymentParams({
      cloud_payments: { price: 0 },
      btc: { price: 0, account: 'x', quoted: false },
    });
    expect(paymentReducer(initialPaymentState, { type: 'selectMethod', method: 'btc', params }).method).toBe(
      'btc',
    );
  });

  it('asks for a coin’s quote only when it has an address, is not quoted yet and is not refused', () => {
    const params = paymentParams();
    expect(needsCryptoQuote('btc', params)).toBe(true);
    expect(needsCryptoQuote('tether', params)).toBe(true);
    expect(needsCryptoQuote('card', params)).toBe(false);
    expect(needsCryptoQuote('cloud', params)).toBe(false);
    expect(needsCryptoQuote('btc', null)).toBe(false);
    const quoted = paymentParams({ btc: { price: 0.00025011, account: 'bc1q', quoted: true } });
    expect(needsCryptoQuote('btc', quoted)).toBe(false);
    expect(
      needsCryptoQuote('btc', paymentParams({ btc: { price: 0.00025, account: '', quoted: false } })),
    ).toBe(false);
    expect(
      needsCryptoQuote('btc', paymentParams({ btc: { price: 0, account: 'bc1q', quoted: false } })),
    ).toBe(false);
  });

  it('shows an exact crypto amount only once quoted', () => {
    expect(exactCryptoAmount('btc', paymentParams())).toBeNull();
    const quote = { price: 0.0002501, account: 'bc1q', quoted: true };
    expect(exactCryptoAmount('btc', withCryptoQuote(paymentParams(), 'btc', quote))).toEqual({
      amount: '0.00025010',
      unit: 'BTC',
    });
    expect(exactCryptoAmount('card', paymentParams())).toBeNull();
  });

  it('clears the confirmation after sending', () => {
    const typed = paymentReducer(
      { ...initialPaymentState, method: 'card' },
      { type: 'setConfirmation', value: '1234' },
    );
    expect(typed.confirmation).toBe('1234');
    expect(paymentReducer(typed, { type: 'sent' }).confirmation).toBe('');
  });

  it('toggling an item adds or removes it', () => {
    const start = { products: [1, 2], video_courses: [] };
    expect(toggleSelection(start, 'products', 2)).toEqual({ products: [1], video_courses: [] });
    expect(toggleSelection(start, 'video_courses', 5)).toEqual({ products: [1, 2], video_courses: [5] });
  });

  it('shows each method in its own currency', () => {
    const params = paymentParams();
    expect(methodPrice('cloud', params)).toEqual({ amount: 25, currency: 'USD' });
    expect(methodPrice('btc', params)).toEqual({ amount: 0.00025, currency: 'BTC' });
    expect(methodPrice('tether', params)).toEqual({ amount: 25, currency: 'USDT' });
  });

  it('builds the manual payload from the method params plus payment_source', () => {
    expect(manualPaymentBody('card', paymentParams(), ' paid from 5521 ')).toEqual({
      method: 'card',
      pay_for_shop: false,
      pay_for_premium: true,
      package_id: null,
      products: [],
      video_courses: [],
      payment_source: 'paid from 5521',
    });
  });
});

describe('confirmation rules (SPEC §5)', () => {
  it('requires a confirmation', () => {
    expect(validateConfirmation('card', '')).toBe('confirmRequired');
    expect(validateConfirmation('btc', '   ')).toBe('confirmRequired');
  });

  it('needs four digits in a row for a card transfer', () => {
    expect(validateConfirmation('card', '123')).toBe('invalidConfirmation');
    expect(validateConfirmation('card', '12 34')).toBe('invalidConfirmation');
    expect(validateConfirmation('card', 'card 4417')).toBeNull();
  });

  it('needs a letter in a bitcoin or tether transaction id', () => {
    expect(validateConfirmation('btc', '1234567890')).toBe('invalidConfirmation');
    expect(validateConfirmation('tether', '98765')).toBe('invalidConfirmation');
    expect(validateConfirmation('btc', '9f2c11ab')).toBeNull();
    expect(validateConfirmation('tether', 'a1')).toBeNull();
  });

  it('refuses a card-provider purchase with a total of 0', () => {
    expect(validateCardPurchase(paymentParams({ cloud_payments: { price: 0 } }))).toBe('shoppingListEmpty');
    expect(validateCardPurchase(null)).toBe('shoppingListEmpty');
    expect(validateCardPurchase(paymentParams())).toBeNull();
  });
});
