import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { hmacBase64, randomToken, safeEqual } from '../../lib/crypto.ts';
import { toMajor } from '../shop/pricing.ts';
import type { PaymentsService } from './payments.service.ts';

/** CloudPayments answer codes: 0 accept; 10 unknown invoice; 11 wrong account; 12 wrong amount; 13 cannot accept. */
export const CODE = { ok: 0, badInvoice: 10, badAccount: 11, badAmount: 12, rejected: 13 } as const;

export type NotificationKind = 'check' | 'pay' | 'fail';

/** The fields CloudPayments posts (form-encoded) that the server relies on. */
export interface Notification {
  TransactionId?: string;
  Amount?: string;
  Currency?: string;
  InvoiceId?: string;
  AccountId?: string;
}

export class CloudPaymentsService {
  constructor(
    private readonly db: Db,
    private readonly config: AppConfig,
    private readonly payments: PaymentsService,
  ) {}

  /** HMAC-SHA256 of the raw body with the API secret, base64 (the Content-HMAC header), compared in constant time. */
  verify(rawBody: string, signature: string | undefined): boolean {
    if (!signature) return false;
    return safeEqual(hmacBase64(this.config.cloudPayments.apiSecret, rawBody), signature);
  }

  sign(rawBody: string): string {
    return hmacBase64(this.config.cloudPayments.apiSecret, rawBody);
  }

  /** Checks the notification against its order; `pay` settles it once (a replay of the same transaction is a no-op). */
  async handle(kind: NotificationKind, note: Notification): Promise<number> {
    const orderId = Number(note.InvoiceId);
    // Ids are 32-bit in both databases; anything else cannot name an order (and must not reach the query).
    const order =
      Number.isInteger(orderId) && orderId > 0 && orderId <= 2_147_483_647
        ? await this.db.kysely.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst()
        : undefined;
    if (!order || order.method !== 'cloudpayments') return CODE.badInvoice;
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
    if (order.status === 'paid') return order.transaction_id === transactionId ? CODE.ok : CODE.rejected;
    if (order.status !== 'pending') return CODE.rejected;
    if (kind === 'check') return CODE.ok;
    const settled = await this.payments.settle(order.id, transactionId);
    if (settled) return CODE.ok;
    // Lost a race with a concurrent copy of the same notification: fine if that copy carried this transaction.
    const now = await this.db.kysely
      .selectFrom('orders')
      .select('transaction_id')
      .where('id', '=', order.id)
      .executeTakeFirst();
    return now?.transaction_id === transactionId ? CODE.ok : CODE.rejected;
  }

  /** The sandbox card: builds the provider's notification body for an order, as the real provider would. */
  sandboxBody(order: { id: number; user_id: number; amount: number; currency: string }): string {
    return new URLSearchParams({
      TransactionId: `sandbox-${order.id}-${randomToken(6)}`,
      Amount: toMajor(order.amount).toFixed(2),
      Currency: order.currency,
      InvoiceId: String(order.id),
      AccountId: String(order.user_id),
      Status: 'Completed',
      TestMode: '1',
    }).toString();
  }
}
