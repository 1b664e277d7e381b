import { sql } from 'kysely';

import type { DialectName } from '../../db/database.ts';
import type { CategoryRow, NewCategory } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';
import type { Executor } from './categories.repository.ts';

// Whole subtrees (a copy, an accepted share, a bought pack, a delete) are written in a few statements, not one round
// trip per node: a folder of 2,500 charts took 2,500 INSERTs to copy and, to delete, one cascade per node that
// searched the whole table for its children (parent_id had no index of its own; migration 019 adds it). On SQLite
// every statement also holds the one connection, so each node's round trip was a wait for every other player.

/** Rows per multi-row INSERT: 15 columns each stays far below SQLite's and PostgreSQL's bound-parameter limits. */
const INSERT_CHUNK = 200;
/** Ids per DELETE ... WHERE id IN (...). */
const DELETE_CHUNK = 500;

/** What may be bulk-inserted: a category row with its id chosen beforehand (parents before children). */
export type PlannedCategory = NewCategory & { id: number };

/**
 * `count` fresh category ids, reserved inside the caller's transaction. Ids are chosen before inserting so a whole
 * subtree goes in a few multi-row INSERTs whose children already know their parent's id (neither database promises
 * the order of RETURNING rows). PostgreSQL draws them from the identity sequence; on SQLite the transaction holds the
 * only writer, so the ids above both the largest id and AUTOINCREMENT's high-water mark are free.
 */
export async function allocateCategoryIds(
  db: Executor,
  dialect: DialectName,
  count: number,
): Promise<number[]> {
  if (count === 0) return [];
  if (dialect === 'postgres') {
    const { rows } = await sql<{ id: number }>`
      SELECT nextval(pg_get_serial_sequence('categories', 'id'))::integer AS id
      FROM generate_series(1, ${count})`.execute(db);
    return rows.map((row) => Number(row.id));
  }
  const { rows } = await sql<{ top: number | null }>`
    SELECT max(
      coalesce((SELECT max(id) FROM categories), 0),
      coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'categories'), 0)
    ) AS top`.execute(db);
  const top = Number(rows[0]?.top ?? 0);
  return Array.from({ length: count }, (_, index) => top + 1 + index);
}

/** Inserts planned rows in order (every parent before its children), a chunk per statement. */
export async function insertCategoryRows(db: Executor, rows: readonly PlannedCategory[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await db
      .insertInto('categories')
      .values(rows.slice(start, start + INSERT_CHUNK))
      .execute();
  }
}

export interface CopyTarget {
  userId: number;
  rootType: string;
  parentId: number | null;
  position: number;
  isTemplate: boolean;
  name?: string;
}

/** `root` and every row below it in `source`, parents before children (breadth first). */
export function subtreeOf(source: readonly CategoryRow[], root: CategoryRow): CategoryRow[] {
  const children = new Map<number, CategoryRow[]>();
  for (const row of source) {
    if (row.parent_id === null) continue;
    const list = children.get(row.parent_id) ?? [];
    list.push(row);
    children.set(row.parent_id, list);
  }
  const order = [root];
  for (let index = 0; index < order.length; index += 1)
    order.push(...(children.get((order[index] as CategoryRow).id) ?? []));
  return order;
}

/**
 * Copies `root` and its whole subtree from `source` rows to the target place; returns the new root id, how many
 * ranges were created and each copied id's copy (so references between them can follow).
 */
export async function copySubtree(
  db: Executor,
  dialect: DialectName,
  source: readonly CategoryRow[],
  root: CategoryRow,
  target: CopyTarget,
): Promise<{ id: number; ranges: number; copies: Map<number, number> }> {
  const rows = subtreeOf(source, root);
  const ids = await allocateCategoryIds(db, dialect, rows.length);
  const copies = new Map(rows.map((row, index) => [row.id, ids[index] as number]));
  const now = nowIso();
  const planned = rows.map((row): PlannedCategory => {
    const isRoot = row === root;
    return {
      id: copies.get(row.id) as number,
      user_id: target.userId,
      root_type: target.rootType,
      parent_id: isRoot ? target.parentId : (copies.get(row.parent_id as number) as number),
      kind: row.kind,
      name: isRoot ? (target.name ?? row.name) : row.name,
      position: isRoot ? target.position : row.position,
      note: row.note,
      buttons: row.buttons,
      pairs: row.pairs,
      sides: row.sides,
      workspace: row.workspace,
      spot_ev: row.spot_ev,
      is_template: target.isTemplate ? 1 : 0,
      created_at: now,
      updated_at: now,
    };
  });
  await insertCategoryRows(db, planned);
  const ranges = rows.filter((row) => row.kind === 'range').length;
  return { id: copies.get(root.id) as number, ranges, copies };
}

/** The ids of `rootId` and every category below it, each with its depth under the root (root 0). */
export async function subtreeIds(
  db: Executor,
  rootId: number,
): Promise<Array<{ id: number; depth: number }>> {
  const { rows } = await sql<{ id: number; depth: number }>`
    WITH RECURSIVE subtree(id, depth) AS (
      SELECT id, 0 FROM categories WHERE id = ${rootId}
      UNION ALL
      SELECT categories.id, subtree.depth + 1 FROM categories JOIN subtree ON categories.parent_id = subtree.id
    )
    SELECT id, depth FROM subtree`.execute(db);
  return rows.map((row) => ({ id: Number(row.id), depth: Number(row.depth) }));
}

/**
 * Deletes the categories of a subtree (subtreeIds), deepest level first, many ids per statement: each deleted row
 * then has no children left, so its ON DELETE CASCADE reaches only its shares and trainer records. (A cascade down
 * the tree nests one trigger level per tree level: SQLite refuses past 1,000, so a deep tree could not be deleted.)
 */
export async function deleteNodes(
  db: Executor,
  nodes: ReadonlyArray<{ id: number; depth: number }>,
): Promise<void> {
  const byDepth = new Map<number, number[]>();
  for (const node of nodes) byDepth.set(node.depth, [...(byDepth.get(node.depth) ?? []), node.id]);
  for (const depth of [...byDepth.keys()].sort((a, b) => b - a)) {
    const ids = byDepth.get(depth) as number[];
    for (let start = 0; start < ids.length; start += DELETE_CHUNK)
      await db
        .deleteFrom('categories')
        .where('id', 'in', ids.slice(start, start + DELETE_CHUNK))
        .execute();
  }
}

/** How deep `id` sits in its tree: 1 for a top-level category, 0 when there is no such category. */
export async function depthOf(db: Executor, id: number): Promise<number> {
  const { rows } = await sql<{ depth: number | null }>`
    WITH RECURSIVE path(id, parent_id, depth) AS (
      SELECT id, parent_id, 1 FROM categories WHERE id = ${id}
      UNION ALL
      SELECT categories.id, categories.parent_id, path.depth + 1 FROM categories JOIN path ON categories.id = path.parent_id
    )
    SELECT max(depth) AS depth FROM path`.execute(db);
  return Number(rows[0]?.depth ?? 0);
}

/** How many levels the subtree of `root` in `source` spans (1 for a lone range). */
export function subtreeHeight(source: readonly CategoryRow[], root: CategoryRow): number {
  const depth = new Map<number, number>([[root.id, 1]]);
  let height = 1;
  for (const row of subtreeOf(source, root)) {
    if (row === root) continue;
    const level = (depth.get(row.parent_id as number) ?? 0) + 1;
    depth.set(row.id, level);
    height = Math.max(height, level);
  }
  return height;
}
