import type { CancelNotificationBody, RefundNotificationBody } from '../../../contract/payments.ts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { ExtraChargeRow, OrderRow } from '../../db/schema.ts';
import { hmacBase64, safeEqual } from '../../lib/crypto.ts';
import { findExtraCharge } from './extra-charges.repository.ts';
import { type ExtraChargeReason, ExtraChargesService } from './extra-charges.ts';
import { holdsPartOf } from './fulfil.ts';
import { findOrder } from './payments.repository.ts';
import type { PaymentsService } from './payments.service.ts';
import { CardRefundsService } from './refunds.service.ts';

/** CloudPayments answer codes: 0 accept; 10 unknown invoice; 11 wrong account; 12 wrong amount; 13 cannot accept. */
export const CODE = { ok: 0, badInvoice: 10, badAccount: 11, badAmount: 12, rejected: 13 } as const;

export type NotificationKind = 'check' | 'pay' | 'fail';
export type RefundKind = 'refund' | 'cancel';

/** The fields CloudPayments posts (form-encoded) that the server relies on. */
export interface Notification {
  TransactionId?: string;
  Amount?: string;
  Currency?: string;
  InvoiceId?: string;
  AccountId?: string;
}

/** The real card provider's notifications: the only public way an order gets paid without an admin. */
export class CloudPaymentsService {
  private readonly refunds: CardRefundsService;
  private readonly extraCharges: ExtraChargesService;

  constructor(
    private readonly db: Db,
    private readonly config: AppConfig,
    private readonly payments: PaymentsService,
  ) {
    this.refunds = new CardRefundsService(db);
    this.extraCharges = new ExtraChargesService(db);
  }

  /**
   * HMAC-SHA256 of the raw body with the API secret, base64 (the Content-HMAC header), compared in constant time.
   * Without real provider keys (sandbox) there is no secret, and every notification is refused: test payments are
   * settled by the sandbox service inside the server, never through these public routes.
   */
  verify(rawBody: string, signature: string | undefined): boolean {
    const secret = this.config.cloudPayments.apiSecret;
    if (this.config.cloudPayments.sandbox || !secret || !signature) return false;
    return safeEqual(hmacBase64(secret, rawBody), signature);
  }

  /**
   * Checks the notification against its order; `pay` settles it once (a replay of the same transaction is a no-op).
   * A Pay reports money already taken: one that cannot settle its order is recorded as an extra charge (see
   * ExtraChargesService) and answered 0 like a settled one, so the provider stops retrying and the admin refunds it.
   */
  async handle(kind: NotificationKind, note: Notification): Promise<number> {
    const order = await findOrder(this.db.kysely, Number(note.InvoiceId));
    // A test order (made while the server ran the sandbox) is never paid by a provider call.
    if (!order || order.method !== 'cloudpayments' || order.sandbox) return CODE.badInvoice;
    if (kind === 'pay') return this.pay(order, note);
    if (String(order.user_id) !== String(note.AccountId ?? '')) return CODE.badAccount;
    const amount = Math.round(Number(note.Amount) * 100);
    if (!Number.isFinite(amount) || amount !== order.amount || note.Currency !== order.currency)
      return CODE.badAmount;
    const transactionId = String(note.TransactionId ?? '');
    if (!transactionId) return CODE.rejected;

    if (kind === 'fail') {
      await this.payments.markFailed(order.id, 'failed');
      return CODE.ok;
    }
    // Settled already (and perhaps refunded since): a replay of its own transaction is answered as taken.
    if (order.status === 'paid' || order.status === 'refunded')
      return order.transaction_id === transactionId ? CODE.ok : CODE.rejected;
    // Before the charge only an open order may be paid, and not one past its day (no longer payable at its price) or
    // part of which the buyer came to hold meanwhile: a new cost call prices what is left, today.
    if (order.status !== 'pending') return CODE.rejected;
    if (await this.payments.expireIfStale(order)) return CODE.rejected;
    return (await holdsPartOf(this.db.kysely, order)) ? CODE.rejected : CODE.ok;
  }

  /**
   * A completed charge on the order's invoice. It settles the order when it is the order's price from the order's
   * buyer and the order is still payable: pending, or (the money being taken) expired while the buyer sat in the
   * widget, or failed by an earlier declined attempt before a second card went through; a part the buyer came to hold
   * meanwhile is flagged for refund by the settlement. Anything else is an extra charge.
   */
  private async pay(order: OrderRow, note: Notification): Promise<number> {
    const transactionId = String(note.TransactionId ?? '');
    if (!transactionId) return CODE.rejected;
    const amount = Math.round(Number(note.Amount) * 100);
    const currency = String(note.Currency ?? '');
    // Nothing to record without what was charged: refused, and the provider's retries stay visible in its panel.
    if (!Number.isSafeInteger(amount) || amount <= 0 || !/^[A-Z]{3}$/.test(currency)) return CODE.badAmount;
    const charge = { transactionId, amount, currency };
    // Recorded once as extra, a charge stays extra: its replays are answered as taken.
    if (await findExtraCharge(this.db.kysely, transactionId)) return CODE.ok;
    const extra = async (reason: ExtraChargeReason) => {
      await this.extraCharges.record(order, charge, reason);
      return CODE.ok;
    };
    if (String(order.user_id) !== String(note.AccountId ?? '')) return extra('wrong_account');
    if (amount !== order.amount || currency !== order.currency) return extra('wrong_amount');
    const payable = ['pending', 'expired', 'failed'];
    if (payable.includes(order.status) && (await this.payments.settle(order.id, transactionId, payable)))
      return CODE.ok;
    // Settled already, perhaps a moment ago by a concurrent copy of this notification (then it is taken) or by
    // another charge of the same invoice (then this one is extra).
    const now = (await findOrder(this.db.kysely, order.id)) ?? order;
    if (now.transaction_id === transactionId) return CODE.ok;
    if (now.status === 'paid') return extra('paid_twice');
    return extra(now.status === 'refunded' ? 'order_refunded' : 'order_closed');
  }

  /**
   * Money sent back by the provider: a Refund (part or all of a payment) or a Cancel (the whole payment voided).
   * The provider documents only code 0 for these; any other code makes it send the notification again (up to 100
   * times, 1 to 30 minutes apart), which is what a refused one needs: a refund of an order whose Pay has not been
   * settled yet (13) goes through on a later try, and a mismatch stays visible as failing in the provider's panel.
   * A refused notification changes nothing.
   */
  async handleRefund(
    kind: RefundKind,
    note: RefundNotificationBody | CancelNotificationBody,
  ): Promise<number> {
    const order = await findOrder(this.db.kysely, Number(note.InvoiceId));
    if (!order || order.method !== 'cloudpayments' || order.sandbox) return CODE.badInvoice;
    const payment = 'PaymentTransactionId' in note ? note.PaymentTransactionId : note.TransactionId;
    // An extra charge is named by its own transaction (the account it named may not be the order's buyer).
    const extra = payment ? await findExtraCharge(this.db.kysely, payment) : undefined;
    if (extra && extra.order_id === order.id) return this.refundExtra(kind, note, extra);
    if (note.AccountId !== undefined && String(order.user_id) !== note.AccountId) return CODE.badAccount;
    // Not settled yet (a Pay still on its way): refused now, applied when the provider tries again.
    if (order.transaction_id === null) return CODE.rejected;
    if (payment !== order.transaction_id) return CODE.badInvoice;
    if (note.Currency !== undefined && note.Currency !== order.currency) return CODE.badAmount;
    const amount = Math.round(Number(note.Amount) * 100);
    // A cancellation voids the payment itself: all of it.
    if (amount <= 0 || (kind === 'cancel' && amount !== order.amount)) return CODE.badAmount;
    const result = await this.refunds.apply(order.id, `${kind}:${note.TransactionId}`, amount);
    return result === 'applied' ? CODE.ok : result === 'tooMuch' ? CODE.badAmount : CODE.rejected;
  }

  /** A provider refund of an extra charge: counted toward that charge alone; the order keeps what it delivered. */
  private async refundExtra(
    kind: RefundKind,
    note: RefundNotificationBody | CancelNotificationBody,
    charge: ExtraChargeRow,
  ): Promise<number> {
    if (note.Currency !== undefined && note.Currency !== charge.currency) return CODE.badAmount;
    const amount = Math.round(Number(note.Amount) * 100);
    if (!(amount > 0) || (kind === 'cancel' && amount !== charge.amount)) return CODE.badAmount;
    const key = `${kind}:${note.TransactionId}`;
    const result = await this.extraCharges.refund(charge.id, charge.order_id, key, amount);
    return result === 'applied' ? CODE.ok : CODE.badAmount;
  }
}
