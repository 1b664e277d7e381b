import type { Db } from '../../db/database.ts';
import type { CategoryRow, PublicLinksTable } from '../../db/schema.ts';
import type { Executor } from '../categories/categories.repository.ts';

/** A live link with its chart and its owner's name, as the public routes read it. */
export interface PublishedChart {
  link: PublicLinksTable;
  chart: CategoryRow;
  owner: { username: string; language: string };
}

export async function insertLink(db: Executor, link: PublicLinksTable): Promise<void> {
  await db.insertInto('public_links').values(link).execute();
}

/** The live link of a chart, if it has one. */
export async function findLiveLinkOf(
  db: Executor,
  categoryId: number,
): Promise<PublicLinksTable | undefined> {
  return db
    .selectFrom('public_links')
    .selectAll()
    .where('category_id', '=', categoryId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

export async function countLiveLinks(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('public_links')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The owner's live links with their charts' names, newest first. */
export async function listLiveLinks(db: Db, userId: number) {
  return db.kysely
    .selectFrom('public_links')
    .innerJoin('categories', 'categories.id', 'public_links.category_id')
    .select([
      'public_links.id as id',
      'public_links.category_id as category_id',
      'public_links.created_at as created_at',
      'categories.name as name',
      'categories.root_type as root_type',
    ])
    .where('public_links.user_id', '=', userId)
    .where('public_links.revoked_at', 'is', null)
    .orderBy('public_links.created_at', 'desc')
    .orderBy('public_links.id')
    .execute();
}

/** Revokes one of the owner's live links; false when the owner has no live link of that id. */
export async function revokeLink(db: Db, userId: number, id: string, now: string): Promise<boolean> {
  const result = await db.kysely
    .updateTable('public_links')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * A live link with its chart and owner: revoked links, charts that are no longer the owner's or became ready-made
 * strategies, and deleted accounts answer nothing.
 */
export async function findPublished(db: Db, id: string): Promise<PublishedChart | undefined> {
  const link = await db.kysely
    .selectFrom('public_links')
    .selectAll()
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!link) return undefined;
  const chart = await db.kysely
    .selectFrom('categories')
    .selectAll()
    .where('id', '=', link.category_id)
    .where('user_id', '=', link.user_id)
    .where('is_template', '=', 0)
    .where('kind', '=', 'range')
    .executeTakeFirst();
  if (!chart) return undefined;
  const owner = await db.kysely
    .selectFrom('users')
    .select(['username', 'language'])
    .where('id', '=', link.user_id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return owner ? { link, chart, owner } : undefined;
}

/**
 * The live account that made link `id`, revoked or not: a visit through the link credits its owner as referrer even
 * when the sign-up ends after the link was revoked. Unknown ids and deleted accounts give none.
 */
export async function findLinkOwner(db: Db, id: string): Promise<number | undefined> {
  const row = await db.kysely
    .selectFrom('public_links')
    .innerJoin('users', 'users.id', 'public_links.user_id')
    .select('users.id as id')
    .where('public_links.id', '=', id)
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.id;
}
