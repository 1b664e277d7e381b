import { sql } from 'kysely';

import type { OrderRow } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';
import { type Executor, listCategories, nextPosition } from '../categories/categories.repository.ts';

/** Records a provider refund once; false when its key is already there (a replayed notification). */
export async function insertCardRefund(
  db: Executor,
  values: { transaction_key: string; order_id: number; amount: number; extra_charge_id?: number },
): Promise<boolean> {
  const inserted = await db
    .insertInto('card_refunds')
    .values({ ...values, created_at: nowIso() })
    .onConflict((conflict) => conflict.column('transaction_key').doNothing())
    .returning('transaction_key')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * Adds a refund to a paid order's refunded total (`card_refunded`: the provider's; `hand_refunded`: what the admin
 * recorded as sent back by hand, with `also` naming the admin) unless the two together would pass what the order
 * charged; the updated order, or undefined (not paid, or too much). The conditional update is the lock: two refunds
 * of one order are counted one after the other against the same total.
 */
export async function addRefund(
  db: Executor,
  id: number,
  amount: number,
  column: 'card_refunded' | 'hand_refunded',
  also: { settled_by?: number; settled_at?: string } = {},
): Promise<OrderRow | undefined> {
  return db
    .updateTable('orders')
    .set((eb) => ({ [column]: eb(column, '+', amount), ...also, updated_at: nowIso() }))
    .where('id', '=', id)
    .where('status', '=', 'paid')
    .where((eb) =>
      eb(eb(eb('card_refunded', '+', eb.ref('hand_refunded')), '+', amount), '<=', eb.ref('amount')),
    )
    .returningAll()
    .executeTakeFirst();
}

export const addCardRefund = (db: Executor, id: number, amount: number) =>
  addRefund(db, id, amount, 'card_refunded');

export async function setOrderRefunded(db: Executor, id: number): Promise<void> {
  await db
    .updateTable('orders')
    .set({ status: 'refunded', updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

export async function flagRefundReview(db: Executor, id: number, review: boolean): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ refund_review: review ? 1 : 0, updated_at: nowIso() })
    .where('id', '=', id)
    .where('refund_review', '=', review ? 0 : 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** What the order delivered and still grants (its purchases not yet taken back). */
export async function livePurchasesOf(db: Executor, orderId: number) {
  return db
    .selectFrom('purchases')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('refunded_at', 'is', null)
    .orderBy('id')
    .execute();
}

/** Marks a purchase taken back; false when it already was (a concurrent refund got there first). */
export async function markPurchaseRefunded(db: Executor, id: number): Promise<boolean> {
  const result = await db
    .updateTable('purchases')
    .set({ refunded_at: nowIso() })
    .where('id', '=', id)
    .where('refunded_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokePremium(db: Executor, userId: number): Promise<void> {
  await db.updateTable('users').set({ is_premium: 0 }).where('id', '=', userId).execute();
}

/**
 * Deletes the ready-made folder a strategy pack's purchase copied into the buyer's tree (its charts go with it: the
 * parent key cascades). Only a template of that buyer: the buyer's own copies are never touched (one found inside the
 * folder moves out first, see keepOwnNodes). A purchase made before the folder was recorded finds it by name among
 * the buyer's top-level templates, when exactly one matches.
 */
export async function deletePackFolder(
  db: Executor,
  purchase: { user_id: number; name: string; category_id: number | null },
): Promise<void> {
  const templates = db
    .selectFrom('categories')
    .select(['id', 'root_type'])
    .where('user_id', '=', purchase.user_id)
    .where('is_template', '=', 1);
  const found =
    purchase.category_id !== null
      ? await templates.where('id', '=', purchase.category_id).execute()
      : await templates.where('parent_id', 'is', null).where('name', '=', purchase.name).execute();
  const [folder] = found;
  if (!folder || found.length !== 1) return;
  await keepOwnNodes(db, purchase.user_id, folder);
  await db.deleteFrom('categories').where('id', '=', folder.id).execute();
}

/**
 * The buyer's own nodes inside a ready-made folder (an older version put "Copy up" copies there) move to the end of
 * the top level before the folder is deleted, so the cascade takes only what the pack brought.
 */
async function keepOwnNodes(
  db: Executor,
  userId: number,
  folder: { id: number; root_type: string },
): Promise<void> {
  const rows = await listCategories(db, userId, folder.root_type);
  // Walk down through the pack's own (template) nodes; a node of the buyer's moves out whole, with its subtree.
  const own: typeof rows = [];
  const walk = [folder.id];
  for (let parent = walk.pop(); parent !== undefined; parent = walk.pop()) {
    for (const row of rows.filter((entry) => entry.parent_id === parent)) {
      if (row.is_template) walk.push(row.id);
      else own.push(row);
    }
  }
  const scope = { user_id: userId, root_type: folder.root_type, parent_id: null };
  for (const row of own) {
    await db
      .updateTable('categories')
      .set({ parent_id: null, position: await nextPosition(db, scope) })
      .where('id', '=', row.id)
      .execute();
  }
}

/**
 * Cancels part of the commission paid on an order (all of it when `amount` is null), never more than it was. The
 * referrer's list shows what was cancelled; see CardRefundsService for why there is no balance to debit.
 */
export async function reverseCommission(db: Executor, orderId: number, amount: number | null): Promise<void> {
  await db
    .updateTable('referral_payments')
    .set((eb) => ({
      reversed_amount:
        amount === null
          ? eb.ref('amount')
          : sql<number>`CASE WHEN reversed_amount + ${amount} > amount THEN amount ELSE reversed_amount + ${amount} END`,
    }))
    .where('order_id', '=', orderId)
    .execute();
}

export async function commissionPercent(db: Executor, orderId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('referral_payments')
    .select('percent')
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return row?.percent;
}
