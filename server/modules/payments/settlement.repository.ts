import type { OrderRow } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';
import type { Executor } from '../categories/categories.repository.ts';
import { addRefund } from './refunds.repository.ts';

/**
 * Records money the admin sent back by hand on a paid order, and the admin (see addRefund). The conditional update is
 * the row lock that makes two admins' settlements of one order run one after the other.
 */
export async function recordHandRefund(
  db: Executor,
  id: number,
  amount: number,
  adminId: number,
): Promise<OrderRow | undefined> {
  return addRefund(db, id, amount, 'hand_refunded', { settled_by: adminId, settled_at: nowIso() });
}

/** Closes an order's refund flag with nothing taken back, naming the admin; false when it was not raised. */
export async function closeRefundReview(db: Executor, id: number, adminId: number): Promise<boolean> {
  const now = nowIso();
  const result = await db
    .updateTable('orders')
    .set({ refund_review: 0, settled_by: adminId, settled_at: now, updated_at: now })
    .where('id', '=', id)
    .where('refund_review', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Every purchase of an order (taken back or not), oldest first. */
export async function purchasesOfOrder(db: Executor, orderId: number) {
  return db.selectFrom('purchases').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

/** An order with the username of the admin who last settled it. */
export async function findSettledOrder(db: Executor, id: number) {
  return db
    .selectFrom('orders')
    .leftJoin('users', 'users.id', 'orders.settled_by')
    .selectAll('orders')
    .select('users.username as settled_by_name')
    .where('orders.id', '=', id)
    .executeTakeFirst();
}
