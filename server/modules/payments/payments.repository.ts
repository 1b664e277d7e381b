import type { Insertable, Updateable } from 'kysely';

import type { DialectName } from '../../db/database.ts';
import type { OrderRow, OrdersTable, PurchasesTable, ReferralPaymentsTable } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';
import type { Executor } from '../categories/categories.repository.ts';

export const isUniqueViolation = (error: unknown) => /unique|duplicate/i.test(String(error));

/** Ids are 32-bit in both databases; anything else cannot name an order (and must not reach a query). */
export const isOrderId = (id: number): boolean => Number.isInteger(id) && id > 0 && id <= 2_147_483_647;

export async function findOrder(db: Executor, id: number): Promise<OrderRow | undefined> {
  if (!isOrderId(id)) return undefined;
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user's open card order for these contents (at most one: the orders_one_open index). */
export async function findOpenOrder(db: Executor, userId: number, scopeKey: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('scope_key', '=', scopeKey)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

export async function insertOrder(db: Executor, values: Insertable<OrdersTable>): Promise<OrderRow> {
  return db.insertInto('orders').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The user's card transfers and crypto payments still waiting for an admin. */
export async function countPendingManual(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('method', '!=', 'cloudpayments')
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Moves an order from one of the `from` states (pending unless told) to another; false when it was in none of them.
 * The conditional update is the lock: of two concurrent moves, one changes the row and the other finds nothing.
 */
export async function moveFromPending(
  db: Executor,
  id: number,
  changes: { status: 'paid' | 'failed' | 'rejected' | 'expired'; transaction_id?: string | null },
  from: readonly string[] = ['pending'],
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ ...changes, updated_at: nowIso() })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The update that expires the user's open card orders, for the caller to narrow down. */
const expirePendingCardOrders = (db: Executor, userId: number) =>
  db
    .updateTable('orders')
    .set({ status: 'expired', updated_at: nowIso() })
    .where('user_id', '=', userId)
    .where('method', '=', 'cloudpayments')
    .where('status', '=', 'pending');

/** Card orders nobody paid within the time limit: they stop being payable (a late provider call is refused). */
export async function expireStaleOrders(db: Executor, userId: number, createdBefore: string): Promise<void> {
  await expirePendingCardOrders(db, userId).where('created_at', '<', createdBefore).execute();
}

/**
 * Expires the user's open card orders but the `keep` newest (ids grow with each insert). One statement, so of two
 * calls at once the later one sees both new orders and the cap holds when both are done.
 */
export async function expireOpenOrdersBeyond(db: Executor, userId: number, keep: number): Promise<void> {
  const newest = db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('method', '=', 'cloudpayments')
    .where('status', '=', 'pending')
    .orderBy('id', 'desc')
    .limit(keep);
  await expirePendingCardOrders(db, userId).where('id', 'not in', newest).execute();
}

/** The user's own claim of a confirmation (payment_source is per user), with the contents it named. */
export async function findBySource(db: Executor, key: string) {
  return db
    .selectFrom('orders')
    .select([
      'id',
      'user_id',
      'status',
      'expected_amount',
      'pay_for_premium',
      'package_id',
      'products',
      'video_courses',
    ])
    .where('payment_source', '=', key)
    .executeTakeFirst();
}

/** True when some claim of this payment (any user's) was settled: it counts once. */
export async function isClaimSettled(db: Executor, claimKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('claim_key', '=', claimKey)
    .where('status', 'in', ['paid', 'refunded'])
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Every claim of one payment, locked in id order under PostgreSQL (SQLite runs one transaction at a time): two
 * admins approving two claims of one transaction queue here instead of deadlocking on each other's rows.
 */
export async function lockClaims(db: Executor, dialect: DialectName, claimKey: string) {
  const query = db
    .selectFrom('orders')
    .select(['id', 'status'])
    .where('claim_key', '=', claimKey)
    .orderBy('id', 'asc');
  return dialect === 'postgres' ? query.forUpdate().execute() : query.execute();
}

/** The other pending claims of a payment just settled: the money was one buyer's. */
export async function rejectOtherClaims(db: Executor, claimKey: string, paidId: number): Promise<void> {
  await db
    .updateTable('orders')
    .set({ status: 'rejected', updated_at: nowIso() })
    .where('claim_key', '=', claimKey)
    .where('id', '!=', paidId)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * Puts a rejected manual order back in the queue with new contents and prices; undefined when it is no longer
 * rejected (the conditional update is the lock: of two copies sent at once, one reopens it).
 */
export async function reopenRejected(
  db: Executor,
  id: number,
  values: Pick<
    Updateable<OrdersTable>,
    | 'amount'
    | 'currency'
    | 'pay_for_premium'
    | 'package_id'
    | 'products'
    | 'video_courses'
    | 'line_prices'
    | 'expected_amount'
    | 'created_at'
    | 'updated_at'
  >,
): Promise<OrderRow | undefined> {
  return db
    .updateTable('orders')
    .set({ ...values, status: 'pending' })
    .where('id', '=', id)
    .where('status', '=', 'rejected')
    .returningAll()
    .executeTakeFirst();
}

export async function flagRefund(db: Executor, id: number, amount: number): Promise<void> {
  await db
    .updateTable('orders')
    .set({ refund_amount: amount, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

/**
 * Records an item purchase unless the user already holds that item (the purchases_user_item unique index, over
 * purchases not refunded); the new purchase's id, or undefined.
 */
export async function insertPurchaseOnce(
  db: Executor,
  values: Insertable<PurchasesTable>,
): Promise<number | undefined> {
  const inserted = await db
    .insertInto('purchases')
    .values(values)
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'item_id']).where('refunded_at', 'is', null).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

/** The ready-made folder a strategy pack's purchase copied in: a refund of the purchase takes it back. */
export async function setPurchaseFolder(db: Executor, id: number, categoryId: number): Promise<void> {
  await db.updateTable('purchases').set({ category_id: categoryId }).where('id', '=', id).execute();
}

/** The Premium purchase record; the caller has just granted Premium (grantPremium), so it is the only one. */
export async function insertPremiumPurchase(db: Executor, values: Insertable<PurchasesTable>): Promise<void> {
  await db.insertInto('purchases').values(values).execute();
}

/** Sets Premium; false when the user had it already (under PostgreSQL the row lock orders two settlements). */
export async function grantPremium(db: Executor, userId: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ is_premium: 1 })
    .where('id', '=', userId)
    .where('is_premium', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertReferralPayment(
  db: Executor,
  values: Insertable<ReferralPaymentsTable>,
): Promise<void> {
  await db
    .insertInto('referral_payments')
    .values(values)
    .onConflict((conflict) => conflict.column('order_id').doNothing())
    .execute();
}

export type AdminQueue = { kind: 'manual'; status: string } | { kind: 'refunds' };

/**
 * Manual payments by status (refunded: card orders too), or every order still owing a refund, holding a card refund
 * for the admin to check or an extra charge not yet refunded (card orders included), oldest first.
 */
export async function listAdminOrders(db: Executor, queue: AdminQueue, page: number, perPage: number) {
  const orders = db.selectFrom('orders').innerJoin('users', 'users.id', 'orders.user_id');
  const base =
    queue.kind === 'manual'
      ? orders
          .where('orders.status', '=', queue.status)
          // Refunded orders are listed whatever their method: the provider refunds card orders, and the admin takes
          // back manual ones by hand (settlement.service.ts). The other statuses are the manual queue's.
          .$if(queue.status !== 'refunded', (query) => query.where('orders.method', '!=', 'cloudpayments'))
      : orders.where((eb) =>
          eb.or([
            eb.and([eb('orders.refund_amount', '>', 0), eb('orders.refunded_at', 'is', null)]),
            eb('orders.refund_review', '=', 1),
            eb.exists(
              eb
                .selectFrom('extra_charges')
                .select('extra_charges.id')
                .whereRef('extra_charges.order_id', '=', 'orders.id')
                .where('extra_charges.refunded_at', 'is', null),
            ),
          ]),
        );
  const total = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll('orders')
    .select('users.username as username')
    // Claims of the same chain transaction by several users: the admin compares their expected amounts.
    .select((eb) =>
      eb
        .selectFrom('orders as same')
        .select(eb.fn.countAll<number | string>().as('count'))
        .whereRef('same.claim_key', '=', 'orders.claim_key')
        .as('same_source_claims'),
    )
    .orderBy('orders.id', 'asc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return { total: Number(total.count), rows };
}

export async function markRefunded(db: Executor, id: number): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ refunded_at: nowIso(), updated_at: nowIso() })
    .where('id', '=', id)
    .where('refund_amount', '>', 0)
    .where('refunded_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
