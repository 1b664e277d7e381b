import type { AdminExtraCharge, EXTRA_CHARGE_REASONS } from '../../../contract/admin.ts';
import type { Db } from '../../db/database.ts';
import type { OrderRow } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import type { Executor } from '../categories/categories.repository.ts';
import { toMajor } from '../shop/pricing.ts';
import {
  addExtraChargeRefund,
  extraChargeById,
  extraChargesOfOrders,
  insertExtraCharge,
  markExtraChargeRefunded,
} from './extra-charges.repository.ts';
import { insertCardRefund } from './refunds.repository.ts';

export type ExtraChargeReason = (typeof EXTRA_CHARGE_REASONS)[number];

/** A card charge as the provider reported it: its transaction and what it took (minor units). */
export interface Charge {
  transactionId: string;
  amount: number;
  currency: string;
}

/** How a provider refund of an extra charge was taken: applied (or a replay of one), or more than it charged. */
export type ExtraRefundResult = 'applied' | 'tooMuch';

/** Thrown inside the transaction to roll back the refund's key along with the refusal. */
class TooMuch extends Error {}

/**
 * Extra charges: money the card provider took on an order's invoice that is not the order's payment. One open order
 * per user and contents means two tabs (a double click, a retried widget) show the widget for the same invoice; both
 * Checks find it pending and the card is charged twice. A Pay notification comes after the money is taken and the
 * provider documents only code 0 for it (any other answer is retried, and refusing records nothing), so every
 * verified Pay for a known order that cannot settle it is recorded here and answered 0:
 * - paid_twice: the order was paid by another transaction (the second charge of one invoice, or the loser of two
 *   concurrent Pays);
 * - order_refunded: the order was paid and refunded since;
 * - order_closed: the order can no longer be paid (a status no Pay settles);
 * - wrong_amount: the charge's amount or currency is not the order's. Settling would deliver the order for money it
 *   does not cost (a tampered widget could charge 1 cent), and settling a larger charge would keep the difference;
 *   neither grants anything, the whole charge is owed back and the order stays payable at its price;
 * - wrong_account: the charge names another account than the order's buyer: the order's buyer is not the payer.
 *
 * Why a table of its own, keyed by the provider's transaction id, rather than more columns on the order: an order has
 * one payment (transaction_id, card_refunded, refund_amount all describe it), while any number of extra charges may
 * land on one invoice, each refunded on its own by the provider's Refund naming its transaction. The unique key makes
 * a replayed or concurrent Pay record the charge once on SQLite and PostgreSQL alike, and keeping the charge apart from
 * the order means nothing reads it as paying for anything: the order's status, purchases, commission and the buyer's
 * own lists are exactly those of one payment.
 *
 * An extra charge is owed back whole: it waits in the admin's refund queue (beside its order) until the provider's
 * refunds of its transaction reach its amount, or an admin marks it refunded by hand (named, with the time). A
 * provider refund of it takes back nothing else: the order's own purchases stay.
 */
export class ExtraChargesService {
  constructor(private readonly db: Db) {}

  /** Records a charge on the order once (a replay or concurrent copy finds it recorded); grants nothing. */
  async record(order: OrderRow, charge: Charge, reason: ExtraChargeReason): Promise<void> {
    await insertExtraCharge(this.db.kysely, {
      transaction_id: charge.transactionId,
      order_id: order.id,
      amount: charge.amount,
      currency: charge.currency,
      reason,
    });
  }

  /**
   * Applies one provider refund (`key` names it; replays apply once) of `amount` (minor units) to an extra charge:
   * it counts toward the charge alone, never toward the order.
   */
  async refund(chargeId: number, orderId: number, key: string, amount: number): Promise<ExtraRefundResult> {
    try {
      return await this.db.kysely.transaction().execute(async (trx) => {
        const applied: ExtraRefundResult = 'applied';
        const values = { transaction_key: key, order_id: orderId, amount, extra_charge_id: chargeId };
        if (!(await insertCardRefund(trx, values))) return applied;
        if (!(await addExtraChargeRefund(trx, chargeId, amount))) throw new TooMuch();
        return applied;
      });
    } catch (error) {
      if (error instanceof TooMuch) return 'tooMuch';
      throw error;
    }
  }

  /** The admin sent an extra charge back outside the provider: it leaves the refund queue, naming the admin. */
  async adminRefunded(id: number, adminId: number): Promise<AdminExtraCharge> {
    const marked = await markExtraChargeRefunded(this.db.kysely, id, adminId);
    const found = await extraChargeById(this.db.kysely, id);
    if (!found) throw notFound();
    if (!marked) throw conflict('extraChargeSettled');
    const charges = await adminExtraCharges(this.db.kysely, [found.order_id]);
    return charges.find((charge) => charge.id === id) as AdminExtraCharge;
  }
}

/** The extra charges of these orders as the admin sees them (settled ones too), oldest first. */
export async function adminExtraCharges(db: Executor, orderIds: number[]): Promise<AdminExtraCharge[]> {
  const rows = await extraChargesOfOrders(db, orderIds);
  return rows.map((row) => ({
    id: row.id,
    order_id: row.order_id,
    transaction_id: row.transaction_id,
    amount: toMajor(row.amount),
    currency: row.currency,
    reason: row.reason as ExtraChargeReason,
    card_refunded: toMajor(row.card_refunded),
    refunded_at: row.refunded_at,
    refunded_by: row.refunded_by_name ?? null,
    datetime: row.created_at,
  }));
}
