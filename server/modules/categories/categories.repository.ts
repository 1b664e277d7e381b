import type { Kysely, Transaction } from 'kysely';

import type { Db, DialectName } from '../../db/database.ts';
import { preparedRead } from '../../db/fast.ts';
import type { CategoryRow, Database } from '../../db/schema.ts';
import { unauthorized } from '../../lib/http-error.ts';

export type Executor = Kysely<Database> | Transaction<Database>;

export async function findCategory(db: Executor, id: number): Promise<CategoryRow | undefined> {
  return db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The whole forest of one root type for one user, ordered so parents come before children's siblings. */
export async function listCategories(db: Executor, userId: number, rootType: string): Promise<CategoryRow[]> {
  return db
    .selectFrom('categories')
    .selectAll()
    .where('user_id', '=', userId)
    .where('root_type', '=', rootType)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

type TreeRow = Pick<CategoryRow, 'id' | 'parent_id' | 'name' | 'kind' | 'position' | 'is_template'>;

/** The caller's category by id, a statement prepared once (not for use inside a transaction). */
export async function findCategoryFast(db: Db, id: number): Promise<CategoryRow | undefined> {
  return preparedRead<CategoryRow>(db, 'SELECT * FROM categories WHERE id = ?').first(id);
}

/** Tree rows without the heavy chart JSON: the tree route never needs the pairs. */
export async function listTreeRows(db: Db, userId: number, rootType: string): Promise<TreeRow[]> {
  return preparedRead<TreeRow>(
    db,
    'SELECT id, parent_id, name, kind, position, is_template FROM categories ' +
      'WHERE user_id = ? AND root_type = ? ORDER BY position, id',
  ).all(userId, rootType);
}

/** The user's categories: all of them, their own (not bought templates), and their own ranges. */
export async function countCategories(
  db: Executor,
  userId: number,
): Promise<{ all: number; own: number; ownRanges: number }> {
  const row = await db
    .selectFrom('categories')
    .select((eb) => [
      eb.fn.countAll<number>().as('all'),
      eb.fn.sum<number>(eb.case().when('is_template', '=', 0).then(1).else(0).end()).as('own'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb('is_template', '=', 0), eb('kind', '=', 'range')]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('own_ranges'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { all: Number(row.all), own: Number(row.own ?? 0), ownRanges: Number(row.own_ranges ?? 0) };
}

/**
 * Serialises one user's library writes on PostgreSQL (row lock on the user until the transaction ends); SQLite runs
 * its transactions one at a time on one connection already. The account deletion takes the same lock, so a write
 * that waited behind it finds the account gone and answers 401 instead of adding rows to its tombstone.
 */
export async function lockOwner(db: Executor, dialect: DialectName, userId: number): Promise<void> {
  let query = db.selectFrom('users').select('id').where('id', '=', userId).where('deleted_at', 'is', null);
  if (dialect === 'postgres') query = query.forUpdate();
  if (!(await query.executeTakeFirst())) throw unauthorized();
}

/** Siblings share user, root type and parent (null parent = top level). */
export function siblings(db: Executor, category: Pick<CategoryRow, 'user_id' | 'root_type' | 'parent_id'>) {
  let query = db
    .selectFrom('categories')
    .selectAll()
    .where('user_id', '=', category.user_id)
    .where('root_type', '=', category.root_type);
  query =
    category.parent_id === null
      ? query.where('parent_id', 'is', null)
      : query.where('parent_id', '=', category.parent_id);
  return query.orderBy('position').orderBy('id');
}

export async function nextPosition(
  db: Executor,
  scope: Pick<CategoryRow, 'user_id' | 'root_type' | 'parent_id'>,
): Promise<number> {
  const rows = await siblings(db, scope).execute();
  return rows.reduce((max, row) => Math.max(max, row.position), -1) + 1;
}

/** Opens a gap at `position` among the siblings of `scope` (everything at or after it moves one down). */
export async function shiftPositions(
  db: Executor,
  scope: Pick<CategoryRow, 'user_id' | 'root_type' | 'parent_id'>,
  position: number,
): Promise<void> {
  let query = db
    .updateTable('categories')
    .set((eb) => ({ position: eb('position', '+', 1) }))
    .where('user_id', '=', scope.user_id)
    .where('root_type', '=', scope.root_type)
    .where('position', '>=', position);
  query =
    scope.parent_id === null
      ? query.where('parent_id', 'is', null)
      : query.where('parent_id', '=', scope.parent_id);
  await query.execute();
}

/** Categories and ranges inside a subtree (the root included): what a copy of it adds to the library. */
export function subtreeSize(source: CategoryRow[], rootId: number): { categories: number; ranges: number } {
  const children = new Map<number, CategoryRow[]>();
  for (const row of source) {
    if (row.parent_id === null) continue;
    children.set(row.parent_id, [...(children.get(row.parent_id) ?? []), row]);
  }
  const root = source.find((row) => row.id === rootId);
  const size = { categories: 0, ranges: 0 };
  const stack = root ? [root] : [];
  while (stack.length > 0) {
    const row = stack.pop() as CategoryRow;
    size.categories += 1;
    if (row.kind === 'range') size.ranges += 1;
    stack.push(...(children.get(row.id) ?? []));
  }
  return size;
}
