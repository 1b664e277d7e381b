import type { Db } from '../../db/database.ts';
import type { Executor } from './categories.repository.ts';

/** Queries of the sharing feature; the service holds the rules (Premium, own categories, free-tier swap). */

export async function existingUserIds(db: Db, ids: number[]): Promise<number[]> {
  const rows = await db.kysely
    .selectFrom('users')
    .select('id')
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
  return rows.map((row) => row.id);
}

export async function hasPendingShare(trx: Executor, toUserId: number, categoryId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('shares')
    .select('id')
    .where('to_user_id', '=', toUserId)
    .where('category_id', '=', categoryId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Boolean(row);
}

/** How many shares `fromUserId` has pending with each of `toUserIds` (absent: none). */
export async function pendingFromSender(
  trx: Executor,
  fromUserId: number,
  toUserIds: number[],
): Promise<Map<number, number>> {
  const rows = await trx
    .selectFrom('shares')
    .select((eb) => ['to_user_id', eb.fn.countAll<number | string>().as('count')])
    .where('from_user_id', '=', fromUserId)
    .where('to_user_id', 'in', toUserIds)
    .where('status', '=', 'pending')
    .groupBy('to_user_id')
    .execute();
  return new Map(rows.map((row) => [row.to_user_id, Number(row.count)]));
}

export async function insertShare(
  trx: Executor,
  values: { fromUserId: number; toUserId: number; categoryId: number; createdAt: string },
): Promise<void> {
  await trx
    .insertInto('shares')
    .values({
      from_user_id: values.fromUserId,
      to_user_id: values.toUserId,
      category_id: values.categoryId,
      status: 'pending',
      created_at: values.createdAt,
    })
    .execute();
}

export async function countPending(db: Db, toUserId: number): Promise<number> {
  const row = await db.kysely
    .selectFrom('shares')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('to_user_id', '=', toUserId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A page of pending shares addressed to the user, newest first, with the category and the sender's name. */
export function listPending(db: Db, toUserId: number, page: number, perPage: number) {
  return db.kysely
    .selectFrom('shares')
    .innerJoin('categories', 'categories.id', 'shares.category_id')
    .innerJoin('users', 'users.id', 'shares.from_user_id')
    .select([
      'shares.id as id',
      'shares.category_id as category_id',
      'shares.created_at as created_at',
      'categories.name as name',
      'categories.kind as kind',
      'categories.root_type as root_type',
      'users.username as from_user',
    ])
    .where('shares.to_user_id', '=', toUserId)
    .where('shares.status', '=', 'pending')
    .orderBy('shares.id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
}

export async function findPendingShare(db: Db, id: number, toUserId: number) {
  return db.kysely
    .selectFrom('shares')
    .selectAll()
    .where('id', '=', id)
    .where('to_user_id', '=', toUserId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/** Moves a pending share to `status`; false when another request settled it first. */
export async function settleShare(
  db: Executor,
  id: number,
  status: 'accepted' | 'rejected',
): Promise<boolean> {
  const result = await db
    .updateTable('shares')
    .set({ status })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
