import type { Db } from '../../db/database.ts';
import type { OrderRow } from '../../db/schema.ts';
import type { Executor } from '../categories/categories.repository.ts';
import { findOrder, markRefunded } from './payments.repository.ts';
import {
  addCardRefund,
  commissionPercent,
  deletePackFolder,
  flagRefundReview,
  insertCardRefund,
  livePurchasesOf,
  markPurchaseRefunded,
  reverseCommission,
  revokePremium,
  setOrderRefunded,
} from './refunds.repository.ts';

/** How a provider refund was taken: applied (or a replay of one applied), or refused with nothing changed. */
export type RefundResult = 'applied' | 'notPaid' | 'tooMuch';

export type Purchase = Awaited<ReturnType<typeof livePurchasesOf>>[number];

/** Thrown inside the transaction to roll back the refund's record along with everything else. */
class Refused extends Error {
  constructor(readonly result: Exclude<RefundResult, 'applied'>) {
    super(result);
  }
}

/**
 * Money the card provider sent back takes back what it paid for, in one transaction per refund:
 * - all of the order (a full refund, a cancellation, or partial refunds adding up to it): Premium granted by the
 *   order, the strategy packs' ready-made folders it copied in and the courses it bought are taken back, the order
 *   becomes `refunded` and the referrer's commission on it is cancelled whole;
 * - exactly what the admin owed the buyer on the order (a line charged twice, see fulfilOrder): that debt is settled,
 *   nothing delivered is taken;
 * - exactly one delivered line's price: that line alone is taken back, and its share of the commission;
 * - anything else takes back nothing and flags the order for the admin's refund queue (which line, if any, is the
 *   owner's call).
 *
 * The buyer's own charts stay: ready-made strategies are read-only templates and go, but a copy the buyer made from
 * one (with Premium) is the buyer's work and is never touched.
 *
 * Commissions: the app keeps no referrer balance and records no payout (the owner pays referrers by hand from the
 * commission list), so "not yet paid out" cannot be told from "paid out". A cancelled commission keeps its line and
 * shows the cancelled part (reversed_amount) to the referrer and the owner: unpaid, it is simply not owed; paid, it
 * is what the owner deducts from the referrer's next payment.
 */
export class CardRefundsService {
  constructor(private readonly db: Db) {}

  /** Applies one provider refund of `amount` (minor units) to a paid order; `key` names it (replays apply once). */
  async apply(orderId: number, key: string, amount: number): Promise<RefundResult> {
    try {
      return await this.db.kysely.transaction().execute(async (trx) => {
        const applied: RefundResult = 'applied';
        if (!(await insertCardRefund(trx, { transaction_key: key, order_id: orderId, amount })))
          return applied;
        const order = await addCardRefund(trx, orderId, amount);
        if (!order) {
          const current = await findOrder(trx, orderId);
          throw new Refused(
            current?.status === 'paid' || current?.status === 'refunded' ? 'tooMuch' : 'notPaid',
          );
        }
        await this.takeBack(trx, order, amount);
        return applied;
      });
    } catch (error) {
      if (error instanceof Refused) return error.result;
      throw error;
    }
  }

  private async takeBack(trx: Executor, order: OrderRow, amount: number): Promise<void> {
    const live = await livePurchasesOf(trx, order.id);
    if (order.card_refunded + order.hand_refunded === order.amount) {
      await takeBackWhole(trx, order.id, live);
      // Whatever the admin still owed on the order went back with the rest.
      await markRefunded(trx, order.id);
      await flagRefundReview(trx, order.id, false);
      return;
    }
    // The provider sent back what the admin owed the buyer on the order: that debt is paid.
    if (order.refund_amount === amount && order.refunded_at === null) {
      await markRefunded(trx, order.id);
      return;
    }
    const [line, ...others] = live.filter((purchase) => purchase.amount === amount);
    if (!line || others.length > 0) {
      await flagRefundReview(trx, order.id, true);
      return;
    }
    await takeBackLines(trx, order.id, [line]);
  }
}

/**
 * Takes one purchase back: it stops granting, and what it put in the buyer's account goes. False when it was taken
 * back already (a concurrent refund or admin got there first): nothing is done twice.
 */
async function revoke(trx: Executor, purchase: Purchase): Promise<boolean> {
  if (!(await markPurchaseRefunded(trx, purchase.id))) return false;
  if (purchase.kind === 'premium') await revokePremium(trx, purchase.user_id);
  if (purchase.kind === 'product') await deletePackFolder(trx, purchase);
  // A course is owned through its purchase alone: marked refunded, its lessons close.
  return true;
}

/** Revokes each purchase; false when one of them had already been taken back (the others still are). */
async function revokeAll(trx: Executor, purchases: Purchase[]): Promise<boolean> {
  let all = true;
  for (const purchase of purchases) all = (await revoke(trx, purchase)) && all;
  return all;
}

/**
 * Takes back some lines of an order and the referrer's share of commission on them; false when one of them had
 * already been taken back (the admin's settlement then rolls back).
 */
export async function takeBackLines(trx: Executor, orderId: number, lines: Purchase[]): Promise<boolean> {
  if (!(await revokeAll(trx, lines))) return false;
  const percent = await commissionPercent(trx, orderId);
  const amount = lines.reduce((sum, line) => sum + line.amount, 0);
  if (percent !== undefined) await reverseCommission(trx, orderId, Math.round((amount * percent) / 100));
  return true;
}

/** Takes back everything an order still grants: it becomes `refunded` and its commission is cancelled whole. */
export async function takeBackWhole(trx: Executor, orderId: number, live: Purchase[]): Promise<boolean> {
  const all = await revokeAll(trx, live);
  await reverseCommission(trx, orderId, null);
  await setOrderRefunded(trx, orderId);
  return all;
}
