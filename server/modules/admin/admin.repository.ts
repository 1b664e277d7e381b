import type { Insertable, Updateable } from 'kysely';

import type { DialectName } from '../../db/database.ts';
import type { LessonsTable, PackagesTable, ShopItemsTable } from '../../db/schema.ts';
import type { Executor } from '../categories/categories.repository.ts';

/** Live accounts: a deleted one's tombstone stays only for the books (orders, purchases, referral payouts). */
export async function countUsers(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function listUsers(db: Executor, page: number, perPage: number) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'is_premium', 'is_admin', 'created_at'])
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
}

export async function insertPackage(db: Executor, values: Insertable<PackagesTable>): Promise<number> {
  return (await db.insertInto('packages').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** False when the package does not exist. */
export async function updatePackage(
  db: Executor,
  id: number,
  changes: Updateable<PackagesTable>,
): Promise<boolean> {
  const result = await db.updateTable('packages').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** False when the lesson does not exist. */
export async function updateLessonTitle(db: Executor, id: number, title: string): Promise<boolean> {
  const result = await db.updateTable('lessons').set({ title }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function packageExists(db: Executor, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('packages').select('id').where('id', '=', id).executeTakeFirst());
}

export async function insertItem(db: Executor, values: Insertable<ShopItemsTable>): Promise<number> {
  return (await db.insertInto('shop_items').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateItem(
  db: Executor,
  id: number,
  changes: Updateable<ShopItemsTable>,
): Promise<boolean> {
  const result = await db.updateTable('shop_items').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findItemType(db: Executor, id: number) {
  return db.selectFrom('shop_items').select(['id', 'type']).where('id', '=', id).executeTakeFirst();
}

export async function countLessons(db: Executor, itemId: number): Promise<number> {
  const row = await db
    .selectFrom('lessons')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('item_id', '=', itemId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertLesson(db: Executor, values: Insertable<LessonsTable>) {
  return db.insertInto('lessons').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function findLessonRow(db: Executor, id: number) {
  return db.selectFrom('lessons').selectAll().where('id', '=', id).executeTakeFirst();
}

/** False when the lesson is gone (deleted while its video was uploading). */
export async function setLessonVideo(db: Executor, id: number, file: string): Promise<boolean> {
  const result = await db
    .updateTable('lessons')
    .set({ video_file: file })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function replacePackContent(db: Executor, itemId: number, content: string): Promise<void> {
  await db.deleteFrom('shop_item_contents').where('item_id', '=', itemId).execute();
  await db.insertInto('shop_item_contents').values({ item_id: itemId, content }).execute();
}

/** Every package of one page (drafts included), for the admin's catalogue. */
export async function listAdminPackages(db: Executor, page: number, perPage: number) {
  const total = await db
    .selectFrom('packages')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const packages = await db
    .selectFrom('packages')
    .select(['id', 'name', 'description'])
    .orderBy('position')
    .orderBy('id')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return { total: Number(total.count), packages };
}

export async function listItemsOfPackages(db: Executor, packageIds: number[]) {
  if (packageIds.length === 0) return [];
  return db
    .selectFrom('shop_items')
    .select(['id', 'package_id', 'type', 'name', 'description', 'price_usd', 'price_rub', 'published'])
    .select((eb) =>
      eb
        .selectFrom('purchases')
        .select((p) => p.fn.countAll<number>().as('owners'))
        .whereRef('purchases.item_id', '=', 'shop_items.id')
        .where('purchases.refunded_at', 'is', null)
        .as('owners'),
    )
    .where('package_id', 'in', packageIds)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function listLessonsOfItems(db: Executor, itemIds: number[]) {
  if (itemIds.length === 0) return [];
  return db
    .selectFrom('lessons')
    .select(['id', 'item_id', 'title', 'position', 'video_file'])
    .where('item_id', 'in', itemIds)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/**
 * The item's row, locked on PostgreSQL until the transaction ends: publishing and adding a lesson lock it first, so
 * a lesson cannot slip into a course between the publish check and the publish (SQLite runs one transaction at a
 * time already).
 */
export async function lockItem(db: Executor, dialect: DialectName, id: number) {
  let query = db.selectFrom('shop_items').select(['id', 'type', 'published']).where('id', '=', id);
  if (dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function setPublished(db: Executor, id: number, published: boolean): Promise<void> {
  await db
    .updateTable('shop_items')
    .set({ published: published ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}
