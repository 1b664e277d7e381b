import type { AdminPayment, Settings } from '../../../contract/admin.ts';
import type {
  CryptoParams,
  CryptoQuoteBody,
  ManualMethod,
  ManualPaymentBody,
  PaymentInfo,
  PaymentParams,
} from '../../../contract/payments.ts';
import { type AppConfig, OPEN_CARD_ORDERS_MAX } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { OrderRow, UserRow } from '../../db/schema.ts';
import { hmacHex } from '../../lib/crypto.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error.ts';
import { nowIso } from '../../lib/time.ts';
import { type Executor, lockOwner } from '../categories/categories.repository.ts';
import { closedManualMethods } from '../settings/manual-accounts.ts';
import { readSettings } from '../settings/settings.repository.ts';
import { type OrderScope, type PricedOrder, priceOrder, toMajor } from '../shop/pricing.ts';
import { cryptoCostParams, quoteCryptoParams, quoteScope } from './crypto-params.ts';
import type { QuoteBudget } from './crypto-quote-budget.ts';
import { baseUnits, type CryptoMethod, isCryptoMethod, quotedAmount } from './crypto-quotes.ts';
import { adminExtraCharges } from './extra-charges.ts';
import { fulfilOrder, idList } from './fulfil.ts';
import { linePricesOf } from './line-prices.ts';
import {
  type AdminQueue,
  countPendingManual,
  expireOpenOrdersBeyond,
  expireStaleOrders,
  findBySource,
  findOpenOrder,
  findOrder,
  insertOrder,
  isClaimSettled,
  isUniqueViolation,
  listAdminOrders,
  lockClaims,
  markRefunded,
  moveFromPending,
  rejectOtherClaims,
  reopenRejected,
} from './payments.repository.ts';
import { closeRefundReview } from './settlement.repository.ts';

/** An unpaid card order stays payable this long; after that a new cost call opens a fresh one. */
export const OPEN_ORDER_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Manual claims of one user waiting for an admin at once. Each is a row an admin must check by hand against a bank
 * or chain: without a cap one account could bury the queue (and the real payments in it) under made-up claims.
 */
export const MANUAL_PENDING_MAX = 5;

/** What the user typed as the confirmation; the stored key carries the method and the user. */
const shownSource = (key: string | null): string | null =>
  key?.replace(/^(card|btc|tether):(u\d+:)?/, '') ?? null;

export const toPaymentInfo = (order: OrderRow): PaymentInfo => ({
  id: order.id,
  method: order.method,
  status: order.status as PaymentInfo['status'],
  amount: toMajor(order.amount),
  currency: order.currency,
  payment_source: shownSource(order.payment_source),
  datetime: order.created_at,
});

/** SPEC §5: a card confirmation holds four digits in a row; a chain transaction id holds at least one letter. */
export function checkPaymentSource(method: ManualMethod, source: string): string {
  const trimmed = source.trim();
  if (!trimmed) throw badRequest('confirmRequired');
  const valid = method === 'card' ? /\d{4}/.test(trimmed) : /[A-Za-z]/.test(trimmed);
  if (!valid) throw badRequest('invalidConfirmation');
  return trimmed;
}

const sourceText = (source: string) => source.toLowerCase().replace(/\s+/g, ' ');

/** One claim per user and confirmation (payment_source is unique). */
export function paymentSourceKey(method: ManualMethod, userId: number, source: string): string {
  return `${method}:u${userId}:${sourceText(source)}`;
}

/**
 * What the payment is in the world, paid at most once. A chain transaction id exists once, but it is public once
 * broadcast: several users may claim it while pending (a stranger's claim must not block the buyer's), and the
 * admin approves the one whose quoted amount it carries. A card transfer is named by its card's last digits, which
 * many customers share, so it stays the user's own (otherwise one customer could block a card number for everyone).
 */
export function claimKey(method: ManualMethod, userId: number, source: string): string {
  return method === 'card' ? paymentSourceKey(method, userId, source) : `${method}:${sourceText(source)}`;
}

/** Canonical contents of an order: equal contents give equal keys, whatever the order of the ids. */
export function scopeKey(scope: OrderScope): string {
  const list = (ids: number[]) => [...ids].sort((a, b) => a - b).join(',');
  return `premium=${scope.payForPremium ? 1 : 0};package=${scope.packageId ?? ''};products=${list(scope.products)};courses=${list(scope.videoCourses)}`;
}

/** The contents a stored order names, keyed as scopeKey keys them. */
export const orderScopeKey = (
  order: Pick<OrderRow, 'pay_for_premium' | 'package_id' | 'products' | 'video_courses'>,
): string =>
  scopeKey({
    payForPremium: order.pay_for_premium === 1,
    packageId: order.package_id,
    products: idList(order.products),
    videoCourses: idList(order.video_courses),
  });

/** What an order buys and charges, as of now. */
function pricedColumns(priced: PricedOrder, method: string) {
  // Crypto is priced in USD whatever the user's language; card and card transfer in the user's currency.
  const crypto = method === 'btc' || method === 'tether';
  const now = nowIso();
  return {
    amount: crypto ? priced.amountUsd : priced.amount,
    currency: crypto ? 'USD' : priced.currency,
    pay_for_premium: priced.scope.payForPremium ? 1 : 0,
    package_id: priced.scope.packageId,
    products: JSON.stringify(priced.scope.products),
    video_courses: JSON.stringify(priced.scope.videoCourses),
    // The settlement delivers, refunds and credits at these prices, whatever an admin changes meanwhile.
    line_prices: JSON.stringify(linePricesOf(priced, crypto)),
    created_at: now,
    updated_at: now,
  };
}

export class PaymentsService {
  /**
   * @param signingKey HMAC key for the widget data: the provider's API secret, or the sandbox's per-install key.
   */
  constructor(
    private readonly db: Db,
    private readonly config: AppConfig,
    private readonly signingKey: string,
    private readonly quoteBudget: QuoteBudget,
  ) {}

  /** The widget signature: binds order, user, amount and currency so the client cannot alter them. */
  sign(order: Pick<OrderRow, 'id' | 'user_id' | 'amount' | 'currency'>): string {
    const canonical = `${order.id}:${order.user_id}:${toMajor(order.amount).toFixed(2)}:${order.currency}`;
    return hmacHex(this.signingKey, canonical);
  }

  /**
   * SPEC §3 payment parameters. When there is something to pay, the user's open card order for these contents is
   * reused (or opened), so the widget's invoice id names it and repeated calls never pile up payable orders.
   */
  async cost(user: UserRow, scope: OrderScope): Promise<PaymentParams> {
    const settings = await readSettings(this.db);
    const closed = closedManualMethods(settings, this.config.production);
    const priced = await priceOrder(this.db.kysely, user, settings, scope);
    const order = priced.amount > 0 ? await this.openCardOrder(user, priced) : null;
    const common = {
      pay_for_shop: priced.items.length > 0,
      pay_for_premium: priced.scope.payForPremium,
      package_id: priced.scope.packageId,
      products: priced.scope.products,
      video_courses: priced.scope.videoCourses,
    };
    const price = toMajor(priced.amount);
    const key = scopeKey(priced.scope);
    const context = { db: this.db.kysely, userId: user.id, priced, settings, closed, scopeKey: key };
    return {
      public_id: this.config.cloudPayments.publicId,
      description: priced.items.length > 0 ? 'RangeForge store' : 'RangeForge Premium',
      currency: priced.currency,
      cloud_payments: { price },
      // A closed method (production with the seed's placeholder account) has no account: the window says so.
      card: { price, currency: priced.currency, account: closed.has('card') ? '' : settings.card_account },
      // Read only: the plain price until the buyer picks the coin (cryptoQuote), then their own amount, which names them.
      btc: await cryptoCostParams(context, 'btc'),
      tether: await cryptoCostParams(context, 'tether'),
      premium_required: priced.premiumRequired,
      premium_cost: toMajor(priced.premiumCost),
      cloud_payments_params: {
        account: user.email,
        user_id: user.id,
        order_id: order?.id ?? 0,
        hash: order ? this.sign(order) : '',
        ...common,
      },
      manual_payments_params: {
        card: { method: 'card', ...common },
        btc: { method: 'btc', ...common },
        tether: { method: 'tether', ...common },
      },
      sandbox: this.config.cloudPayments.sandbox,
    };
  }

  /**
   * The exact amount of one crypto method for the contents the claim will name (the window asks when the buyer picks
   * the coin): the open quote, or a new one counted against the QuoteBudget of the user and client `address`.
   */
  async cryptoQuote(user: UserRow, body: CryptoQuoteBody, address: string): Promise<CryptoParams> {
    const scope = quoteScope(body);
    const settings = await readSettings(this.db);
    const closed = closedManualMethods(settings, this.config.production);
    const priced = await priceOrder(this.db.kysely, user, settings, scope);
    const key = scopeKey(priced.scope);
    const context = { db: this.db.kysely, userId: user.id, priced, settings, closed, scopeKey: key };
    return quoteCryptoParams(context, body.method, () =>
      this.quoteBudget.allow(user.id, body.method, address),
    );
  }

  /**
   * One open card order per user and contents; a stale one, or one at an outdated price, is expired and replaced. A
   * new one expires the user's oldest beyond OPEN_CARD_ORDERS_MAX, so varying the contents or the currency (the
   * user's language) between calls cannot pile up payable orders.
   */
  private async openCardOrder(user: UserRow, priced: PricedOrder): Promise<OrderRow> {
    const key = scopeKey(priced.scope);
    const sandbox = this.config.cloudPayments.sandbox ? 1 : 0;
    await expireStaleOrders(this.db.kysely, user.id, new Date(Date.now() - OPEN_ORDER_TTL_MS).toISOString());
    const existing = await findOpenOrder(this.db.kysely, user.id, key);
    if (existing) {
      // Same total is not enough: the lines it settles from must be today's too (two prices may have swapped).
      if (
        existing.amount === priced.amount &&
        existing.currency === priced.currency &&
        existing.sandbox === sandbox &&
        existing.line_prices === pricedColumns(priced, 'cloudpayments').line_prices
      )
        return existing;
      await moveFromPending(this.db.kysely, existing.id, { status: 'expired' });
    }
    try {
      const order = await this.insertOrder(user, priced, 'cloudpayments', null, key);
      await expireOpenOrdersBeyond(this.db.kysely, user.id, OPEN_CARD_ORDERS_MAX);
      return order;
    } catch (error) {
      // A concurrent call opened it first (the orders_one_open index): that order is the one to pay.
      if (!isUniqueViolation(error)) throw error;
      const winner = await findOpenOrder(this.db.kysely, user.id, key);
      if (!winner) throw error;
      return winner;
    }
  }

  private insertOrder(
    user: UserRow,
    priced: PricedOrder,
    method: string,
    claim: { source: string; key: string; expected: string | null } | null,
    key: string | null,
    db: Executor = this.db.kysely,
  ): Promise<OrderRow> {
    return insertOrder(db, {
      user_id: user.id,
      method,
      status: 'pending',
      ...pricedColumns(priced, method),
      payment_source: claim?.source ?? null,
      claim_key: claim?.key ?? null,
      expected_amount: claim?.expected ?? null,
      transaction_id: null,
      scope_key: key,
      // Only card orders can be test payments; a manual transfer is real money an admin confirms.
      sandbox: method === 'cloudpayments' && this.config.cloudPayments.sandbox ? 1 : 0,
      refund_amount: 0,
      refunded_at: null,
    });
  }

  /** A card transfer or crypto payment the user says was made: pending until an admin confirms it. */
  async manual(user: UserRow, body: ManualPaymentBody): Promise<PaymentInfo> {
    const source = checkPaymentSource(body.method, body.payment_source);
    const settings = await readSettings(this.db);
    if (closedManualMethods(settings, this.config.production).has(body.method))
      throw conflict('manualMethodUnavailable');
    const priced = await priceOrder(this.db.kysely, user, settings, {
      payForPremium: body.pay_for_premium ?? false,
      packageId: body.package_id ?? null,
      products: body.products ?? [],
      videoCourses: body.video_courses ?? [],
    });
    if (priced.amount <= 0) throw badRequest('shoppingListEmpty');
    const sourceKey = paymentSourceKey(body.method, user.id, source);
    const key = claimKey(body.method, user.id, source);
    if (await isClaimSettled(this.db.kysely, key)) throw conflict('paymentSourceUsed');
    const used = await findBySource(this.db.kysely, sourceKey);
    // The user's own claim pending or paid counts once. One the admin rejected (the money had not shown yet) may be
    // sent again: the same order goes back to the queue, priced as of today.
    if (used && used.status !== 'rejected') throw conflict('paymentSourceUsed');
    // A crypto claim expects the exact amount quoted to this user for these contents at today's price and rate (the
    // window showed it). One sent again for the same contents keeps its first sending whole, price and amount: that
    // is what the transaction carries and paid for. For other contents it expects their own quote, or the first
    // amount would settle them at the first ones' price.
    const contents = scopeKey(priced.scope);
    const kept = used && orderScopeKey(used) === contents && used.expected_amount !== null ? used : null;
    const expected = isCryptoMethod(body.method)
      ? (kept?.expected_amount ??
        (await this.claimAmount(user, body.method, contents, priced.amountUsd, settings)))
      : null;
    const claim = { source: sourceKey, key, expected };
    try {
      // Counted and written under the user's row lock (PostgreSQL; SQLite runs one transaction at a time), so
      // parallel claims, new or sent again, cannot all pass the cap.
      const order = await this.db.kysely.transaction().execute(async (trx) => {
        await lockOwner(trx, this.db.dialect, user.id);
        if ((await countPendingManual(trx, user.id)) >= MANUAL_PENDING_MAX) {
          throw conflict('manualPaymentsWaiting');
        }
        if (!used) return this.insertOrder(user, priced, body.method, claim, null, trx);
        const now = nowIso();
        const reopened = await reopenRejected(
          trx,
          used.id,
          kept
            ? { created_at: now, updated_at: now }
            : { ...pricedColumns(priced, body.method), expected_amount: expected },
        );
        if (!reopened) throw conflict('paymentSourceUsed');
        return reopened;
      });
      return toPaymentInfo(order);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('paymentSourceUsed');
      throw error;
    }
  }

  /**
   * The amount a new crypto claim expects: the buyer's open quote for these contents, made at today's price and rate.
   * None: 409 cryptoQuoteMissing (the window was never asked). Made at another price or rate (an admin changed one
   * since): 409 cryptoQuoteOutdated, so the window quotes again and shows the new amount; the admin's queue never
   * gets a claim whose expected amount is not its price.
   */
  private async claimAmount(
    user: UserRow,
    method: CryptoMethod,
    contents: string,
    amountUsd: number,
    settings: Settings,
  ): Promise<string> {
    const base = baseUnits(method, amountUsd, settings.btc_usd_rate);
    const quoted = await quotedAmount(this.db.kysely, user.id, method, contents, base);
    if (quoted === null) throw conflict('cryptoQuoteMissing');
    if (quoted === 'outdated') throw conflict('cryptoQuoteOutdated');
    return quoted.amount;
  }

  /**
   * Settles an order as paid exactly once: the conditional update is the lock, so a second confirmation, a replayed
   * notification or a concurrent admin click finds nothing pending and credits nothing. What the buyer already owns
   * is not granted again: fulfilOrder flags that part for refund. `from` adds 'expired' for a card charge the
   * provider completed after the order's time limit (the money is taken; refusing would deliver nothing for it).
   * A manual claim settles its payment for one user: the other users' pending claims of it are rejected in the same
   * transaction, and one already paid (a claim sent while another was approved) leaves this one unpaid.
   */
  async settle(
    orderId: number,
    transactionId: string | null,
    from: readonly string[] = ['pending'],
  ): Promise<boolean> {
    return this.db.kysely.transaction().execute(async (trx) => {
      const claim = (await findOrder(trx, orderId))?.claim_key ?? null;
      if (claim) {
        const claims = await lockClaims(trx, this.db.dialect, claim);
        if (claims.some((other) => other.id !== orderId && other.status === 'paid')) return false;
      }
      const moved = await moveFromPending(
        trx,
        orderId,
        { status: 'paid', transaction_id: transactionId },
        from,
      );
      if (!moved) return false;
      if (claim) await rejectOtherClaims(trx, claim, orderId);
      const order = await findOrder(trx, orderId);
      if (!order) return false;
      await fulfilOrder(trx, this.db.dialect, order);
      return true;
    });
  }

  /**
   * A pending card order past its time limit is expired (true); cost calls expire only the caller's own, so an
   * order left open for months would otherwise still be payable at the price it was opened with.
   */
  async expireIfStale(order: OrderRow): Promise<boolean> {
    if (order.status !== 'pending' || Date.parse(order.created_at) > Date.now() - OPEN_ORDER_TTL_MS)
      return false;
    await moveFromPending(this.db.kysely, order.id, { status: 'expired' });
    return true;
  }

  async markFailed(orderId: number, status: 'failed' | 'rejected'): Promise<boolean> {
    return moveFromPending(this.db.kysely, orderId, { status });
  }

  async adminDecide(orderId: number, decision: 'confirm' | 'reject'): Promise<PaymentInfo> {
    const order = await findOrder(this.db.kysely, orderId);
    if (!order || order.method === 'cloudpayments') throw notFound();
    const changed =
      decision === 'confirm' ? await this.settle(orderId, null) : await this.markFailed(orderId, 'rejected');
    if (!changed) throw new HttpError(409, 'paymentNotPending');
    return toPaymentInfo((await findOrder(this.db.kysely, orderId)) as OrderRow);
  }

  async adminList(
    queue: AdminQueue,
    page: number,
    perPage: number,
  ): Promise<{ total: number; list: AdminPayment[] }> {
    const { total, rows } = await listAdminOrders(this.db.kysely, queue, page, perPage);
    const extra = await adminExtraCharges(
      this.db.kysely,
      rows.map((row) => row.id),
    );
    return {
      total,
      list: rows.map((row) => ({
        ...toPaymentInfo(row),
        user_id: row.user_id,
        username: row.username,
        status: row.status as AdminPayment['status'],
        pay_for_premium: Boolean(row.pay_for_premium),
        refund_due: row.refunded_at === null ? toMajor(row.refund_amount) : 0,
        card_refunded: toMajor(row.card_refunded),
        refund_review: row.refund_review === 1,
        expected_amount: row.expected_amount,
        same_source_claims: Number(row.same_source_claims ?? 0),
        extra_charges: extra.filter((charge) => charge.order_id === row.id),
      })),
    };
  }

  /**
   * The admin has sent the money owed back or, that done, has checked a card refund that took back nothing (and
   * taken back by hand what it should have): the order leaves the refund queue.
   */
  async adminRefunded(orderId: number, adminId: number): Promise<PaymentInfo> {
    const done =
      (await markRefunded(this.db.kysely, orderId)) ||
      (await closeRefundReview(this.db.kysely, orderId, adminId));
    if (!done) throw notFound();
    return toPaymentInfo((await findOrder(this.db.kysely, orderId)) as OrderRow);
  }
}
