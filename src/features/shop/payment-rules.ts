import type { ErrorKey } from '@contract/errors';
import type { CryptoMethod, CryptoParams, ManualMethod, PaymentParams } from '@contract/payments';

/** SPEC §2: card payment provider, then the manual methods: bank card transfer, bitcoin, tether (TRC20). */
export const PAYMENT_METHODS = ['cloud', 'card', 'btc', 'tether'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export function isManualMethod(method: PaymentMethod | null): method is ManualMethod {
  return method === 'card' || method === 'btc' || method === 'tether';
}

export function isCryptoMethod(method: PaymentMethod | null): method is CryptoMethod {
  return method === 'btc' || method === 'tether';
}

export interface PaymentWindowState {
  /** Starts as the card provider; null after a refused choice (SPEC §4). */
  method: PaymentMethod | null;
  confirmation: string;
  /** A rule's message key, shown under the methods or the confirmation input. */
  error: ErrorKey | null;
}

export const initialPaymentState: PaymentWindowState = { method: 'cloud', confirmation: '', error: null };

export type PaymentAction =
  | { type: 'selectMethod'; method: PaymentMethod; params: PaymentParams | null }
  | { type: 'setConfirmation'; value: string }
  | { type: 'setError'; error: ErrorKey | null }
  | { type: 'sent' };

/** Bitcoin or tether is refused when its price is 0 while the card provider's is not (SPEC §4). */
export function refusesMethod(method: PaymentMethod, params: PaymentParams | null): boolean {
  if (!params || (method !== 'btc' && method !== 'tether')) return false;
  return params[method].price === 0 && params.cloud_payments.price !== 0;
}

export function paymentReducer(state: PaymentWindowState, action: PaymentAction): PaymentWindowState {
  switch (action.type) {
    case 'selectMethod':
      if (refusesMethod(action.method, action.params)) {
        return { ...state, method: null, error: 'chooseAnotherPayment' };
      }
      return { ...state, method: action.method, error: null };
    case 'setConfirmation':
      return { ...state, confirmation: action.value, error: null };
    case 'setError':
      return { ...state, error: action.error };
    case 'sent':
      return { ...state, confirmation: '', error: null };
  }
}

/**
 * SPEC §5 confirmation rules: empty → "Confirm is required"; card transfer needs four digits in a row (the card's
 * last four); bitcoin and tether need a transaction id with at least one letter; else "Invalid confirmation".
 */
export function validateConfirmation(method: ManualMethod, value: string): ErrorKey | null {
  const text = value.trim();
  if (!text) return 'confirmRequired';
  if (method === 'card') return /\d{4}/.test(text) ? null : 'invalidConfirmation';
  return /\p{L}/u.test(text) ? null : 'invalidConfirmation';
}

/** SPEC §5: a card-provider purchase with a total of 0 is refused with "The shopping list is empty". */
export function validateCardPurchase(params: PaymentParams | null): ErrorKey | null {
  if (!params || params.cloud_payments.price <= 0) return 'shoppingListEmpty';
  return null;
}

/**
 * The exact crypto amount to send, with every decimal the server quotes in (8 for bitcoin, 6 for tether): the last
 * digits are this buyer's own offset, which names the payment for the admin. Null for other methods, and until the
 * coin is quoted: the plain price names no one, and a claim for it would find no quote.
 */
export function exactCryptoAmount(
  method: PaymentMethod | null,
  params: PaymentParams | null,
): { amount: string; unit: 'BTC' | 'USDT' } | null {
  if (!params || !isCryptoMethod(method) || !params[method].quoted) return null;
  if (method === 'btc') return { amount: params.btc.price.toFixed(8), unit: 'BTC' };
  return { amount: params.tether.price.toFixed(6), unit: 'USDT' };
}

/**
 * Whether the window must ask the server for the coin's quote: a crypto method with an address, not quoted yet,
 * and not refused by SPEC §4's zero-price rule (the window says "choose another" without asking).
 */
export function needsCryptoQuote(
  method: PaymentMethod | null,
  params: PaymentParams | null,
): method is CryptoMethod {
  if (!params || !isCryptoMethod(method)) return false;
  const crypto = params[method];
  return crypto.account !== '' && !crypto.quoted && !refusesMethod(method, params);
}

/** The window's parameters with a coin's answer from the quote route in place of the cost route's plain price. */
export function withCryptoQuote(
  params: PaymentParams,
  method: CryptoMethod,
  quote: CryptoParams,
): PaymentParams {
  return { ...params, [method]: quote };
}

/** Price and currency shown for a method. */
export function methodPrice(
  method: PaymentMethod,
  params: PaymentParams,
): { amount: number; currency: string } {
  switch (method) {
    case 'cloud':
      return { amount: params.cloud_payments.price, currency: params.currency };
    case 'card':
      return { amount: params.card.price, currency: params.card.currency };
    case 'btc':
      return { amount: params.btc.price, currency: 'BTC' };
    case 'tether':
      return { amount: params.tether.price, currency: 'USDT' };
  }
}

/** The manual-payment body: the chosen method's manual params plus payment_source (SPEC §3). */
export function manualPaymentBody(method: ManualMethod, params: PaymentParams, confirmation: string) {
  return { ...params.manual_payments_params[method], method, payment_source: confirmation.trim() };
}

/** Selected item ids of a package, toggled one at a time; the price is then recalculated by the server. */
export interface Selection {
  products: number[];
  video_courses: number[];
}

/**
 * The chosen items the cost answer left out of its order: the server never sells an item twice, so these are the
 * buyer's already (bought meanwhile, in another tab or on another device).
 */
export function ownedMeanwhile(selection: Selection, params: PaymentParams): Set<number> {
  const order = params.cloud_payments_params;
  const priced = new Set([...order.products, ...order.video_courses]);
  return new Set([...selection.products, ...selection.video_courses].filter((id) => !priced.has(id)));
}

export function toggleSelection(selection: Selection, kind: keyof Selection, id: number): Selection {
  const list = selection[kind];
  return { ...selection, [kind]: list.includes(id) ? list.filter((item) => item !== id) : [...list, id] };
}
