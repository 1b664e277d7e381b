import { sql } from 'kysely';

import { nowIso } from '../../lib/time.ts';
import type { Executor } from '../categories/categories.repository.ts';

/** Records a charge once per provider transaction (the unique key); false when it was recorded already. */
export async function insertExtraCharge(
  db: Executor,
  values: { transaction_id: string; order_id: number; amount: number; currency: string; reason: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('extra_charges')
    .values({ ...values, created_at: nowIso() })
    .onConflict((conflict) => conflict.column('transaction_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findExtraCharge(db: Executor, transactionId: string) {
  return db
    .selectFrom('extra_charges')
    .selectAll()
    .where('transaction_id', '=', transactionId)
    .executeTakeFirst();
}

/**
 * Adds a provider refund to an extra charge unless the refunds would pass what it charged; the charge is settled
 * (refunded_at) when they reach it, unless an admin settled it already. False when too much. The conditional update
 * is the lock: two refunds of one charge are counted one after the other.
 */
export async function addExtraChargeRefund(db: Executor, id: number, amount: number): Promise<boolean> {
  const now = nowIso();
  const result = await db
    .updateTable('extra_charges')
    .set((eb) => ({
      card_refunded: eb('card_refunded', '+', amount),
      refunded_at: sql<
        string | null
      >`CASE WHEN refunded_at IS NULL AND card_refunded + ${amount} = amount THEN ${now} ELSE refunded_at END`,
    }))
    .where('id', '=', id)
    .where((eb) => eb(eb('card_refunded', '+', amount), '<=', eb.ref('amount')))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The admin records an extra charge refunded outside the provider; false when it was settled already (or is none). */
export async function markExtraChargeRefunded(db: Executor, id: number, adminId: number): Promise<boolean> {
  const result = await db
    .updateTable('extra_charges')
    .set({ refunded_at: nowIso(), refunded_by: adminId })
    .where('id', '=', id)
    .where('refunded_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Extra charges of these orders (settled ones too) with the name of the admin who settled each, oldest first. */
export async function extraChargesOfOrders(db: Executor, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('extra_charges')
    .leftJoin('users', 'users.id', 'extra_charges.refunded_by')
    .selectAll('extra_charges')
    .select('users.username as refunded_by_name')
    .where('extra_charges.order_id', 'in', orderIds)
    .orderBy('extra_charges.id')
    .execute();
}

export async function extraChargeById(db: Executor, id: number) {
  const [row] = await db.selectFrom('extra_charges').select('order_id').where('id', '=', id).execute();
  return row;
}
