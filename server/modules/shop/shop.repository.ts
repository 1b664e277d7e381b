import type { Selectable } from 'kysely';

import type { Db } from '../../db/database.ts';
import { preparedRead } from '../../db/fast.ts';
import type { PackagesTable, ShopItemRow, UserRow } from '../../db/schema.ts';
import type { Executor } from '../categories/categories.repository.ts';

export type PackageRow = Selectable<PackagesTable>;

export async function findUser(db: Executor, id: number): Promise<UserRow> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** A live account (a signed video link of a deleted one opens nothing). */
export async function findUserIfAny(db: Executor, id: number): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function findItems(db: Executor, ids: number[]): Promise<ShopItemRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('shop_items').selectAll().where('id', 'in', ids).execute();
}

export async function findPackContent(db: Executor, itemId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('shop_item_contents')
    .select('content')
    .where('item_id', '=', itemId)
    .executeTakeFirst();
  return row?.content;
}

export async function findActivePackage(db: Executor, id: number): Promise<PackageRow | undefined> {
  return db
    .selectFrom('packages')
    .selectAll()
    .where('id', '=', id)
    .where('active', '=', 1)
    .executeTakeFirst();
}

/** A package's items; `published` keeps what the store sells (pricing and checkout never see a draft). */
export async function listPackageItems(
  db: Executor,
  packageId: number,
  options: { ids?: number[]; published?: boolean } = {},
): Promise<ShopItemRow[]> {
  const { ids, published } = options;
  if (ids && ids.length === 0) return [];
  let query = db.selectFrom('shop_items').selectAll().where('package_id', '=', packageId);
  if (ids) query = query.where('id', 'in', ids);
  if (published) query = query.where('published', '=', 1);
  return query.orderBy('position').orderBy('id').execute();
}

export async function ownedItemIds(db: Executor, userId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('purchases')
    .select('item_id')
    .where('user_id', '=', userId)
    .where('item_id', 'is not', null)
    .where('refunded_at', 'is', null)
    .execute();
  return new Set(rows.map((row) => row.item_id as number));
}

/** The same read as a statement prepared once: the store's pages run it on every signed-in request. */
export async function ownedItemIdsFast(db: Db, userId: number): Promise<Set<number>> {
  const rows = await preparedRead<{ item_id: number }>(
    db,
    'SELECT item_id FROM purchases WHERE user_id = ? AND item_id IS NOT NULL AND refunded_at IS NULL',
  ).all(userId);
  return new Set(rows.map((row) => row.item_id));
}

export async function findLesson(db: Executor, id: number) {
  return db.selectFrom('lessons').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listPurchases(db: Executor, userId: number, page: number, perPage: number) {
  const total = await db
    .selectFrom('purchases')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('purchases')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return { total: Number(total.count), rows };
}

export async function listReferralPayments(db: Executor, referrerId: number, page: number, perPage: number) {
  const total = await db
    .selectFrom('referral_payments')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('referrer_id', '=', referrerId)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('referral_payments')
    .innerJoin('users', 'users.id', 'referral_payments.user_id')
    .selectAll('referral_payments')
    .select(['users.username as username', 'users.deleted_at as buyer_deleted_at'])
    .where('referral_payments.referrer_id', '=', referrerId)
    .orderBy('referral_payments.id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return { total: Number(total.count), rows };
}
