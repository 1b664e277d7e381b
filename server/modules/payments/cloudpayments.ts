import type { CancelNotificationBody, RefundNotificationBody } from '../../../contract/payments.ts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { hmacBase64, safeEqual } from '../../lib/crypto.ts';
import { holdsPartOf } from './fulfil.ts';
import { findOrder, transactionOf } from './payments.repository.ts';
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

  constructor(
    private readonly db: Db,
    private readonly config: AppConfig,
    private readonly payments: PaymentsService,
  ) {
    this.refunds = new CardRefundsService(db);
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

  /** Checks the notification against its order; `pay` settles it once (a replay of the same transaction is a no-op). */
  async handle(kind: NotificationKind, note: Notification): Promise<number> {
    const order = await findOrder(this.db.kysely, Number(note.InvoiceId));
    // A test order (made while the server ran the sandbox) is never paid by a provider call.
    if (!order || order.method !== 'cloudpayments' || order.sandbox) return CODE.badInvoice;
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
    // Before the charge (check) only an open order may be paid; after it (pay) the money is taken, so an order that
    // expired while the buyer sat in the widget, or whose earlier attempt was declined (a fail notification) before
    // a second card went through on the same invoice, is settled all the same.
    const payable = kind === 'pay' ? ['pending', 'expired', 'failed'] : ['pending'];
    if (!payable.includes(order.status)) return CODE.rejected;
    // Before the charge, an order past its day (no longer payable at its price) or part of which the buyer came to
    // hold meanwhile is refused: a new cost call prices what is left, today. A charge already made is settled (the
    // held part flagged for refund).
    if (kind === 'check') {
      if (await this.payments.expireIfStale(order)) return CODE.rejected;
      return (await holdsPartOf(this.db.kysely, order)) ? CODE.rejected : CODE.ok;
    }
    if (await this.payments.settle(order.id, transactionId, payable)) return CODE.ok;
    // Lost a race with a concurrent copy of the same notification: fine if that copy carried this transaction.
    return (await transactionOf(this.db.kysely, order.id)) === transactionId ? CODE.ok : CODE.rejected;
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
    if (note.AccountId !== undefined && String(order.user_id) !== note.AccountId) return CODE.badAccount;
    // Not settled yet (a Pay still on its way): refused now, applied when the provider tries again.
    if (order.transaction_id === null) return CODE.rejected;
    const payment = 'PaymentTransactionId' in note ? note.PaymentTransactionId : note.TransactionId;
    if (payment !== order.transaction_id) return CODE.badInvoice;
    if (note.Currency !== undefined && note.Currency !== order.currency) return CODE.badAmount;
    const amount = Math.round(Number(note.Amount) * 100);
    // A cancellation voids the payment itself: all of it.
    if (amount <= 0 || (kind === 'cancel' && amount !== order.amount)) return CODE.badAmount;
    const result = await this.refunds.apply(order.id, `${kind}:${note.TransactionId}`, amount);
    return result === 'applied' ? CODE.ok : result === 'tooMuch' ? CODE.badAmount : CODE.rejected;
  }
}
