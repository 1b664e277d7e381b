import type { AdminPayment } from '../../../contract/admin.ts';
import type {
  ManualMethod,
  ManualPaymentBody,
  PaymentInfo,
  PaymentParams,
} from '../../../contract/payments.ts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { OrderRow, UserRow } from '../../db/schema.ts';
import { hmacHex } from '../../lib/crypto.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error.ts';
import { nowIso } from '../../lib/time.ts';
import { readSettings } from '../settings/settings.repository.ts';
import { type OrderScope, type PricedOrder, priceOrder, toMajor } from '../shop/pricing.ts';
import { fulfilOrder } from './fulfil.ts';

export const toPaymentInfo = (order: OrderRow): PaymentInfo => ({
  id: order.id,
  method: order.method,
  status: order.status as PaymentInfo['status'],
  amount: toMajor(order.amount),
  currency: order.currency,
  payment_source: order.payment_source,
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

export class PaymentsService {
  constructor(
    private readonly db: Db,
    private readonly config: AppConfig,
  ) {}

  /** The widget signature: binds order, user, amount and currency so the client cannot alter them. */
  sign(order: Pick<OrderRow, 'id' | 'user_id' | 'amount' | 'currency'>): string {
    const canonical = `${order.id}:${order.user_id}:${toMajor(order.amount).toFixed(2)}:${order.currency}`;
    return hmacHex(this.config.cloudPayments.apiSecret, canonical);
  }

  /**
   * SPEC §3 payment parameters. A pending card-provider order is opened when there is something to pay, so the
   * widget's invoice id names it; the provider's notifications then settle that order.
   */
  async cost(user: UserRow, scope: OrderScope): Promise<PaymentParams> {
    const settings = await readSettings(this.db);
    const priced = await priceOrder(this.db.kysely, user, settings, scope);
    const order = priced.amount > 0 ? await this.openOrder(user, priced, 'cloudpayments', null) : null;
    const common = {
      pay_for_shop: priced.items.length > 0,
      pay_for_premium: priced.scope.payForPremium,
      package_id: priced.scope.packageId,
      products: priced.scope.products,
      video_courses: priced.scope.videoCourses,
    };
    const price = toMajor(priced.amount);
    const usd = toMajor(priced.amountUsd);
    return {
      public_id: this.config.cloudPayments.publicId,
      description: priced.items.length > 0 ? 'RangeForge store' : 'RangeForge Premium',
      currency: priced.currency,
      cloud_payments: { price },
      card: { price, currency: priced.currency, account: settings.card_account },
      btc: { price: Number((usd / settings.btc_usd_rate).toFixed(8)), account: settings.btc_account },
      tether: { price: usd, account: settings.tether_account },
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

  private async openOrder(user: UserRow, priced: PricedOrder, method: string, source: string | null) {
    // Crypto is priced in USD whatever the user's language; card and card transfer in the user's currency.
    const crypto = method === 'btc' || method === 'tether';
    const now = nowIso();
    return this.db.kysely
      .insertInto('orders')
      .values({
        user_id: user.id,
        method,
        status: 'pending',
        amount: crypto ? priced.amountUsd : priced.amount,
        currency: crypto ? 'USD' : priced.currency,
        pay_for_premium: priced.scope.payForPremium ? 1 : 0,
        package_id: priced.scope.packageId,
        products: JSON.stringify(priced.scope.products),
        video_courses: JSON.stringify(priced.scope.videoCourses),
        payment_source: source,
        transaction_id: null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** A card transfer or crypto payment the user says was made: pending until an admin confirms it. */
  async manual(user: UserRow, body: ManualPaymentBody): Promise<PaymentInfo> {
    const source = checkPaymentSource(body.method, body.payment_source);
    const settings = await readSettings(this.db);
    const priced = await priceOrder(this.db.kysely, user, settings, {
      payForPremium: body.pay_for_premium ?? false,
      packageId: body.package_id ?? null,
      products: body.products ?? [],
      videoCourses: body.video_courses ?? [],
    });
    if (priced.amount <= 0) throw badRequest('shoppingListEmpty');
    // The unique key: one confirmation (transaction id, card transfer reference) pays one order, ever.
    const key = `${body.method}:${source.toLowerCase()}`;
    const used = await this.db.kysely
      .selectFrom('orders')
      .select('id')
      .where('payment_source', '=', key)
      .executeTakeFirst();
    if (used) throw conflict('paymentSourceUsed');
    try {
      return toPaymentInfo(await this.openOrder(user, priced, body.method, key));
    } catch (error) {
      if (/unique|duplicate/i.test(String(error))) throw conflict('paymentSourceUsed');
      throw error;
    }
  }

  /**
   * Settles a pending order as paid exactly once: the conditional update is the lock, so a second confirmation, a
   * replayed notification or a concurrent admin click finds nothing pending and credits nothing.
   */
  async settle(orderId: number, transactionId: string | null): Promise<boolean> {
    return this.db.kysely.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('orders')
        .set({ status: 'paid', transaction_id: transactionId, updated_at: nowIso() })
        .where('id', '=', orderId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      const order = await trx
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      await fulfilOrder(trx, order);
      return true;
    });
  }

  async markFailed(orderId: number, status: 'failed' | 'rejected'): Promise<boolean> {
    const result = await this.db.kysely
      .updateTable('orders')
      .set({ status, updated_at: nowIso() })
      .where('id', '=', orderId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async adminDecide(orderId: number, decision: 'confirm' | 'reject'): Promise<PaymentInfo> {
    const order = await this.db.kysely
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirst();
    if (!order || order.method === 'cloudpayments') throw notFound();
    const changed =
      decision === 'confirm' ? await this.settle(orderId, null) : await this.markFailed(orderId, 'rejected');
    if (!changed) throw new HttpError(409, 'paymentNotPending');
    const updated = await this.db.kysely
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    return toPaymentInfo(updated);
  }

  async adminList(
    status: string,
    page: number,
    perPage: number,
  ): Promise<{ total: number; list: AdminPayment[] }> {
    const base = this.db.kysely
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.user_id')
      .where('orders.status', '=', status)
      .where('orders.method', '!=', 'cloudpayments');
    const total = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    const rows = await base
      .selectAll('orders')
      .select('users.username as username')
      .orderBy('orders.id', 'asc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute();
    return {
      total: Number(total.count),
      list: rows.map((row) => ({
        ...toPaymentInfo(row),
        user_id: row.user_id,
        username: row.username,
        status: row.status as AdminPayment['status'],
        pay_for_premium: Boolean(row.pay_for_premium),
      })),
    };
  }
}
