import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

import { hmacBase64 } from '../../../server/lib/crypto.ts';
import { as, registerUser, type Session } from './api.ts';
import { bearer } from './test-app.ts';

/** An order's status as stored. */
export async function orderStatus(app: FastifyInstance, id: number): Promise<string> {
  const row = await app.services.db.kysely
    .selectFrom('orders')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.status;
}

/** Test provider keys: with them the server runs the real provider's routes and no sandbox. */
export const PROVIDER_ENV = {
  CLOUDPAYMENTS_PUBLIC_ID: 'pk_test_rangeforge',
  CLOUDPAYMENTS_API_SECRET: 'provider-secret-for-tests',
};

export interface CryptoData {
  price: number;
  account: string;
  quoted: boolean;
  closed?: string;
}

export interface CostData {
  cloud_payments: { price: number };
  btc: CryptoData;
  tether: CryptoData;
  premium_required: boolean;
  premium_cost: number;
  sandbox: boolean;
  currency: string;
  cloud_payments_params: { order_id: number; hash: string; user_id: number };
  /** What a claim (and a crypto quote) of each method names. */
  manual_payments_params: Record<'card' | 'btc' | 'tether', Record<string, unknown>>;
}

/**
 * A client address of the buyer's own (10.x.y.z from the user id): real buyers come from many addresses, and the
 * budget of new crypto quotes per address (crypto-quote-budget.ts) would otherwise count every suite's buyers as one.
 */
export const buyerAddress = (user: Session): string =>
  `10.${(user.id >> 16) & 255}.${(user.id >> 8) & 255}.${user.id & 255}`;

export async function premiumCost(app: FastifyInstance, user: Session): Promise<CostData> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/v1/shop/cost/premium',
    headers: bearer(user.token),
    remoteAddress: buyerAddress(user),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

export async function shopCost(
  app: FastifyInstance,
  user: Session,
  body: { package_id: number; products: number[]; video_courses: number[] },
): Promise<CostData> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/shop/cost/shop',
    payload: body,
    headers: bearer(user.token),
    remoteAddress: buyerAddress(user),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** What a quote or a claim names: a method's manual_payments_params (less the method). */
export interface QuoteScope {
  pay_for_premium?: boolean;
  package_id?: number | null;
  products?: number[];
  video_courses?: number[];
}

/** The buyer picks a coin in the window: POST /api/v1/shop/crypto_quote from the buyer's own address. */
export function requestQuote(
  app: FastifyInstance,
  user: Session,
  method: string,
  scope: QuoteScope,
  address = buyerAddress(user),
) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/shop/crypto_quote',
    payload: { method, ...scope },
    headers: bearer(user.token),
    remoteAddress: address,
  });
}

/** The exact amount quoted to the buyer for `scope` (200 expected). */
export async function pickCrypto(
  app: FastifyInstance,
  user: Session,
  method: 'btc' | 'tether',
  scope: QuoteScope = { pay_for_premium: true },
): Promise<CryptoData> {
  const response = await requestQuote(app, user, method, scope);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/**
 * Opens the payment window for what a manual payment buys (the store's cost call for a package, else Premium's)
 * and picks both coins: a crypto claim expects the exact amount its quote gave the buyer.
 */
export async function openPaymentWindow(
  app: FastifyInstance,
  user: Session,
  payload: {
    pay_for_premium?: boolean;
    package_id?: number | null;
    products?: number[];
    video_courses?: number[];
  },
): Promise<CostData> {
  const { package_id, products = [], video_courses = [] } = payload;
  const cost = package_id
    ? await shopCost(app, user, { package_id, products, video_courses })
    : await premiumCost(app, user);
  const scope = package_id
    ? { pay_for_premium: payload.pay_for_premium, package_id, products, video_courses }
    : { pay_for_premium: true };
  return {
    ...cost,
    btc: await pickCrypto(app, user, 'btc', scope),
    tether: await pickCrypto(app, user, 'tether', scope),
  };
}

/** Pays an order through the sandbox with the signed widget data the cost route gave. */
export function sandboxCharge(app: FastifyInstance, user: Session, cost: CostData, decline = false) {
  const { order_id, hash } = cost.cloud_payments_params;
  return as(app, user, {
    method: 'POST',
    url: '/api/v1/payments/sandbox/charge',
    payload: { order_id, hash, ...(decline ? { decline: true } : {}) },
  });
}

/** A provider notification signed with `secret` (the real provider's API secret unless a forgery is tested). */
export function notify(
  app: FastifyInstance,
  kind: 'check' | 'pay' | 'fail' | 'refund' | 'cancel',
  fields: Record<string, string>,
  secret: string | null = PROVIDER_ENV.CLOUDPAYMENTS_API_SECRET,
) {
  const body = new URLSearchParams(fields).toString();
  return app.inject({
    method: 'POST',
    url: `/api/v1/payments/cloudpayments/${kind}`,
    payload: body,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(secret === null ? {} : { 'content-hmac': hmacBase64(secret, body) }),
    },
  });
}

/** The provider's fields for paying an order in full. */
export const payFields = (cost: CostData, transactionId: string) => ({
  TransactionId: transactionId,
  Amount: cost.cloud_payments.price.toFixed(2),
  Currency: cost.currency,
  InvoiceId: String(cost.cloud_payments_params.order_id),
  AccountId: String(cost.cloud_payments_params.user_id),
});

/** The provider's Refund notification for part or all of a paid order (its fields: no currency, the payment's). */
export const refundFields = (paid: ReturnType<typeof payFields>, refundId: string, amount: number) => ({
  TransactionId: refundId,
  PaymentTransactionId: paid.TransactionId,
  Amount: amount.toFixed(2),
  DateTime: '2026-11-24 12:00:00',
  OperationType: 'Refund',
  InvoiceId: paid.InvoiceId,
  AccountId: paid.AccountId,
});

/** A new player who signed up through another new player's referral link. */
export async function referredBuyer(app: FastifyInstance): Promise<{ referrer: Session; buyer: Session }> {
  const referrer = await registerUser(app);
  const buyer = await registerUser(app, { referral: (await me(app, referrer)).referral_token });
  return { referrer, buyer };
}

export const me = async (app: FastifyInstance, user: Session) =>
  (await as(app, user, { method: 'GET', url: '/api/v1/auth/user' })).json().data.me;

export const referralTotal = async (app: FastifyInstance, referrer: Session) =>
  (await as(app, referrer, { method: 'GET', url: '/api/v1/users/userprofile/affiliate_purchases' })).json()
    .data.total as number;

export const purchases = async (app: FastifyInstance, user: Session) =>
  (await as(app, user, { method: 'GET', url: '/api/v1/users/userprofile/purchases' })).json().data;
