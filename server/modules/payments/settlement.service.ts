import type { AdminOrderLine, AdminOrderLines, TakeBackBody } from '../../../contract/admin.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import type { Executor } from '../categories/categories.repository.ts';
import { toMajor } from '../shop/pricing.ts';
import { findOrder } from './payments.repository.ts';
import { flagRefundReview } from './refunds.repository.ts';
import { takeBackLines, takeBackWhole } from './refunds.service.ts';
import {
  closeRefundReview,
  findSettledOrder,
  purchasesOfOrder,
  recordHandRefund,
} from './settlement.repository.ts';

/** A money amount in major units as minor units; 400 for a fraction of a cent (1.005). */
function exactMinor(amount: number): number {
  const minor = Math.round(amount * 100);
  if (Math.abs(minor - amount * 100) > 1e-6) throw badRequest('invalidRequest');
  return minor;
}

/**
 * The admin's call on a refund the server could not match (CardRefundsService flags a partial card refund that is not
 * exactly one line's price), or on a manual payment (card transfer, crypto) the owner refunded by hand outside the
 * app:
 * - take back chosen lines of a paid order, as a provider refund of exactly them would (the same revoke and
 *   commission code), stating the money sent back by hand for them (0 when the card refund already covers it);
 *   everything taken back makes the order `refunded` and cancels the commission whole;
 * - or close the flag with nothing to take back (a goodwill refund).
 * Either names the admin and the time on the order and closes the flag. Each runs in one transaction whose first
 * write is a conditional update of the order (its row lock), so two admins at once settle one after the other and
 * the second finds the lines taken (409), never taking anything twice.
 */
export class RefundSettlementService {
  constructor(private readonly db: Db) {}

  async lines(orderId: number): Promise<AdminOrderLines> {
    return this.view(this.db.kysely, orderId);
  }

  async takeBack(orderId: number, adminId: number, body: TakeBackBody): Promise<AdminOrderLines> {
    const amount = exactMinor(body.amount);
    return this.db.kysely.transaction().execute(async (trx) => {
      const order = await recordHandRefund(trx, orderId, amount, adminId);
      if (!order) {
        const current = await findOrder(trx, orderId);
        if (!current) throw notFound();
        throw current.status === 'paid' ? badRequest('refundOverPaid') : conflict('orderNotPaid');
      }
      const all = await purchasesOfOrder(trx, orderId);
      const chosen = all.filter((purchase) => body.purchase_ids.includes(purchase.id));
      // Another order's purchase (or none at all) is not a line of this order.
      if (chosen.length !== body.purchase_ids.length) throw notFound();
      if (chosen.some((purchase) => purchase.refunded_at !== null)) throw conflict('lineTakenBack');
      const live = all.filter((purchase) => purchase.refunded_at === null);
      const done =
        live.length === chosen.length
          ? await takeBackWhole(trx, orderId, live)
          : await takeBackLines(trx, orderId, chosen);
      if (!done) throw conflict('lineTakenBack');
      await flagRefundReview(trx, orderId, false);
      return this.view(trx, orderId);
    });
  }

  /** Idempotent: a flag already closed by an admin answers as closed; an order never flagged is refused (409). */
  async nothingToTakeBack(orderId: number, adminId: number): Promise<AdminOrderLines> {
    return this.db.kysely.transaction().execute(async (trx) => {
      const closed = await closeRefundReview(trx, orderId, adminId);
      const view = await this.view(trx, orderId);
      if (!closed && view.settled_at === null) throw conflict('noRefundToCheck');
      return view;
    });
  }

  private async view(db: Executor, orderId: number): Promise<AdminOrderLines> {
    const order = await findSettledOrder(db, orderId);
    if (!order) throw notFound();
    const lines = await purchasesOfOrder(db, orderId);
    return {
      id: order.id,
      status: order.status as AdminOrderLines['status'],
      currency: order.currency,
      amount: toMajor(order.amount),
      refunded: toMajor(order.card_refunded + order.hand_refunded),
      refund_review: order.refund_review === 1,
      settled_by: order.settled_by_name ?? null,
      settled_at: order.settled_at,
      lines: lines.map((line) => ({
        id: line.id,
        kind: line.kind as AdminOrderLine['kind'],
        name: line.name,
        amount: toMajor(line.amount),
        refunded: line.refunded_at !== null,
      })),
    };
  }
}
