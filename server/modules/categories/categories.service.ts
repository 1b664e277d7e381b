import { sql } from 'kysely';

import type {
  Category,
  CategoryKind,
  CreateCategoryBody,
  RangeQuery,
  RootType,
  TreeNode,
  TreeResponse,
  UpdateCategoryBody,
} from '../../../contract/categories.ts';
import type { Db } from '../../db/database.ts';
import type { CategoryRow, UserRow } from '../../db/schema.ts';
import { badRequest, HttpError, notFound, premiumRequired } from '../../lib/http-error.ts';
import { nowIso } from '../../lib/time.ts';
import type { WriteBudget } from '../../lib/write-budget.ts';
import {
  type Executor,
  findCategory,
  findCategoryFast,
  listCategories,
  listTreeRows,
  lockOwner,
  nextPosition,
  shiftPositions,
  siblings,
  subtreeSize,
} from './categories.repository.ts';
import { copyName } from './copy-name.ts';
import { normalizeSides, parseSides, readableSides, sidesColumn } from './equity-sides.ts';
import { normalizeButtons, normalizePairs, pairsWindow, parseButtons, parsePairs } from './pairs.ts';
import { checkCopiedNotes, checkDepth, checkNote, checkQuota, cleanName, cleanNote } from './quotas.ts';
import { normalizeSpotEv, parseSpotEv, spotEvColumn } from './spot-ev.ts';
import { copySubtree, deleteNodes, depthOf, subtreeHeight, subtreeIds, subtreeOf } from './subtrees.ts';
import {
  normalizeWorkspace,
  parseWorkspace,
  readableWorkspace,
  relinkCopiedWorkspaces,
  workspaceColumn,
} from './workspace.ts';

/** Kinds that may hold children. A range is a leaf. */
const CONTAINERS: readonly string[] = ['folder', 'tournament'];

export function toCategory(row: CategoryRow): Category {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as CategoryKind,
    root_type: row.root_type as RootType,
    parent_id: row.parent_id,
    position: row.position,
    note: row.note,
    buttons: parseButtons(row.buttons),
    sides: parseSides(row.sides),
    revision: row.revision,
    workspace: parseWorkspace(row.workspace),
    spot_ev: parseSpotEv(row.spot_ev),
    is_template: Boolean(row.is_template),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** What a save's revision stands for: a change of any of these bumps it, and a stale base refuses it. */
const CONTENT_FIELDS = ['note', 'buttons', 'pairs', 'sides'] as const;

/** What a ready-made strategy keeps as sold: a save that sends any of these is refused (403 templateReadOnly). */
const TEMPLATE_LOCKED_FIELDS = ['name', 'note', 'buttons', 'pairs'] as const;

export class CategoriesService {
  constructor(
    private readonly db: Db,
    private readonly writes: WriteBudget,
  ) {}

  /** The caller's own category, else 404 (another user's id is indistinguishable from a missing one). */
  async owned(user: UserRow, id: number, executor?: Executor): Promise<CategoryRow> {
    const row = executor ? await findCategory(executor, id) : await findCategoryFast(this.db, id);
    if (!row || row.user_id !== user.id) throw notFound();
    return row;
  }

  async tree(user: UserRow, rootType: RootType): Promise<TreeResponse> {
    const rows = await listTreeRows(this.db, user.id, rootType);
    const nodes = new Map<number, TreeNode>();
    for (const row of rows) {
      nodes.set(row.id, {
        id: row.id,
        name: row.name,
        kind: row.kind as CategoryKind,
        position: row.position,
        is_template: Boolean(row.is_template),
        children: [],
      });
    }
    const top: TreeNode[] = [];
    for (const row of rows) {
      const node = nodes.get(row.id) as TreeNode;
      const parent = row.parent_id === null ? undefined : nodes.get(row.parent_id);
      (parent ? parent.children : top).push(node);
    }
    return { root_type: rootType, children: top };
  }

  /**
   * A range as its owner reads it: villains of charts deleted since the workspace was saved are left out, and a hero
   * or first villain of such a chart takes no part.
   */
  async get(user: UserRow, id: number): Promise<Category> {
    const category = toCategory(await this.owned(user, id));
    return {
      ...category,
      sides: await readableSides(this.db.kysely, user.id, category.sides),
      workspace: await readableWorkspace(this.db.kysely, user.id, category.workspace),
    };
  }

  async range(user: UserRow, query: RangeQuery) {
    const row = await this.owned(user, query.category_id);
    return pairsWindow(parsePairs(row.pairs), query.begin, query.end);
  }

  async create(user: UserRow, body: CreateCategoryBody): Promise<Category> {
    const pairs = body.pairs ? normalizePairs(body.pairs) : {};
    if (body.pairs && body.kind !== 'range') throw badRequest('invalidRequest');
    const spotEv = normalizeSpotEv(body.kind, body.spot_ev);
    const name = cleanName(body.name);
    const note = cleanNote(body.note ?? '');
    checkNote(user, note);
    const parentId = body.parent_id ?? null;
    return this.db.kysely.transaction().execute(async (trx) => {
      // First: the lock that makes the parent check, the quota and the next position one consistent step.
      await checkQuota(trx, this.db.dialect, user, { categories: 1, ranges: body.kind === 'range' ? 1 : 0 });
      if (parentId !== null) {
        const parent = await findCategory(trx, parentId);
        const valid =
          parent &&
          parent.user_id === user.id &&
          parent.root_type === body.root_type &&
          CONTAINERS.includes(parent.kind) &&
          !parent.is_template;
        if (!valid) throw badRequest('invalidParent');
        checkDepth(await depthOf(trx, parentId), 1);
      }
      const scope = { user_id: user.id, root_type: body.root_type, parent_id: parentId };
      const now = nowIso();
      const row = await trx
        .insertInto('categories')
        .values({
          ...scope,
          kind: body.kind,
          name,
          position: await nextPosition(trx, scope),
          note,
          buttons: JSON.stringify(normalizeButtons(body.buttons ?? [])),
          pairs: JSON.stringify(pairs),
          sides: sidesColumn(await normalizeSides(trx, user.id, body.sides ?? null)),
          workspace: workspaceColumn(await normalizeWorkspace(trx, user.id, body.workspace ?? null)),
          spot_ev: spotEvColumn(spotEv),
          is_template: 0,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toCategory(row);
    });
  }

  async update(user: UserRow, id: number, body: UpdateCategoryBody): Promise<Category> {
    const row = await this.owned(user, id);
    // Ready-made strategies stay as sold (create_from_template gives an editable copy); what a player may still save
    // on one is how they study it: the hero/villain colours and the workspace (extra villains, dead cards).
    const template = Boolean(row.is_template);
    if (template && TEMPLATE_LOCKED_FIELDS.some((field) => body[field] !== undefined)) {
      throw new HttpError(403, 'templateReadOnly');
    }
    if (body.pairs && row.kind !== 'range') throw badRequest('invalidRequest');
    const changes: Partial<CategoryRow> = { updated_at: nowIso() };
    if (body.name !== undefined) changes.name = cleanName(body.name);
    if (body.note !== undefined) {
      changes.note = cleanNote(body.note);
      checkNote(user, changes.note, row.note);
    }
    if (body.buttons !== undefined) changes.buttons = JSON.stringify(normalizeButtons(body.buttons));
    if (body.pairs !== undefined) changes.pairs = JSON.stringify(normalizePairs(body.pairs));
    if (body.sides !== undefined)
      changes.sides = sidesColumn(await normalizeSides(this.db.kysely, user.id, body.sides));
    if (body.workspace !== undefined)
      changes.workspace = workspaceColumn(await normalizeWorkspace(this.db.kysely, user.id, body.workspace));
    // A rename or move is no content change: it keeps the revision, so it never turns an open editor's next save
    // into a conflict. Nor is the workspace (extra villains, dead cards): analysis settings saved on their own, last
    // writer wins, so they never make the chart's next save look stale.
    // On a ready-made strategy the sides are study settings like the workspace: the chart itself never changes, so
    // no revision moves and no save there can conflict with another.
    const content = !template && CONTENT_FIELDS.some((field) => field in changes);
    let update = this.db.kysely
      .updateTable('categories')
      .set(content ? { ...changes, revision: sql<number>`revision + 1` } : changes)
      .where('id', '=', id);
    // Compare-and-set in the one UPDATE: of two saves from the same base, the row lock (PostgreSQL) or the single
    // writer (SQLite) lets exactly one match; the other updates nothing and is answered with the range as it is.
    if (body.base_revision !== undefined && !template)
      update = update.where('revision', '=', body.base_revision);
    const result = await update.executeTakeFirst();
    if (result.numUpdatedRows === 0n) {
      // The same content sent again (a save confirmed while its page was closing, replayed by the next page, or
      // another tab's save of the same chart) is no conflict: the range already holds it, so it is answered as
      // saved. What else the save carries is not content (the workspace, a name): last writer wins, so it is written.
      const current = await this.owned(user, id);
      const same = CONTENT_FIELDS.every((field) => !(field in changes) || changes[field] === current[field]);
      if (!same) throw this.conflict(current);
      const { workspace, name } = changes;
      if (workspace !== undefined || name !== undefined) {
        await this.db.kysely
          .updateTable('categories')
          .set({ workspace, name, updated_at: changes.updated_at })
          .where('id', '=', id)
          .execute();
      }
    }
    return toCategory(await this.owned(user, id));
  }

  /** The 409 of a save based on an old revision, carrying the current category and chart. */
  private conflict(current: CategoryRow): HttpError {
    return new HttpError(409, 'rangeConflict', undefined, {
      current: { category: toCategory(current), pairs: pairsWindow(parsePairs(current.pairs)) },
    });
  }

  /**
   * Under the owner's lock like every library write, so a create, copy, share or trainer answer that checked a chart
   * inside the subtree before the delete meets the delete's result (404/400), never a row that vanished under it.
   */
  async remove(user: UserRow, id: number): Promise<void> {
    await this.db.kysely.transaction().execute(async (trx) => {
      await lockOwner(trx, this.db.dialect, user.id);
      await this.owned(user, id, trx);
      // The whole subtree goes, and is charged to the write budget by its size before anything is deleted.
      const nodes = await subtreeIds(trx, id);
      await this.writes.chargeRows(user.id, nodes.length);
      await deleteNodes(trx, nodes);
    });
  }

  /**
   * Duplicates the category (and subtree) directly above or below the original. A copy of a chart inside a
   * ready-made folder is the player's own, editable work: it lands at the end of the top level, as
   * create_from_template's does, never inside the folder (which stays as sold, and goes whole with a refund).
   */
  async copy(user: UserRow, id: number, direction: 'up' | 'down'): Promise<Category> {
    return this.db.kysely.transaction().execute(async (trx) => {
      await lockOwner(trx, this.db.dialect, user.id);
      const row = await this.owned(user, id, trx);
      // Copying a ready-made strategy is a Premium benefit (SPEC §6).
      if (row.is_template && !user.is_premium) throw premiumRequired();
      const all = await listCategories(trx, user.id, row.root_type);
      const rows = subtreeOf(all, row);
      await this.writes.chargeRows(user.id, rows.length);
      await checkQuota(trx, this.db.dialect, user, subtreeSize(all, row.id));
      checkCopiedNotes(user, rows);
      const inReadyMade = all.some((entry) => entry.id === row.parent_id && entry.is_template);
      const parentId = inReadyMade ? null : row.parent_id;
      checkDepth(parentId === null ? 0 : await depthOf(trx, parentId), subtreeHeight(all, row));
      const scope = { user_id: user.id, root_type: row.root_type, parent_id: parentId };
      let position: number;
      if (inReadyMade) position = await nextPosition(trx, scope);
      else {
        position = direction === 'up' ? row.position : row.position + 1;
        await shiftPositions(trx, row, position);
      }
      const copy = await copySubtree(trx, this.db.dialect, all, row, {
        userId: user.id,
        rootType: row.root_type,
        parentId,
        position,
        isTemplate: false,
        name: copyName(
          row.name,
          user.language,
          all.filter((entry) => entry.parent_id === parentId).map((entry) => entry.name),
        ),
      });
      await relinkCopiedWorkspaces(trx, all, copy.copies, false);
      return toCategory((await findCategory(trx, copy.id)) as CategoryRow);
    });
  }

  /** Swaps the category with its previous (up) or next (down) sibling. Premium only (SPEC §6). */
  async move(user: UserRow, id: number, direction: 'up' | 'down'): Promise<Category> {
    if (!user.is_premium) throw premiumRequired();
    return this.db.kysely.transaction().execute(async (trx) => {
      await lockOwner(trx, this.db.dialect, user.id);
      const row = await this.owned(user, id, trx);
      const list = await siblings(trx, row).execute();
      const index = list.findIndex((entry) => entry.id === row.id);
      const other = list[direction === 'up' ? index - 1 : index + 1];
      if (!other) throw new HttpError(409, 'cannotMove');
      // Positions may have gaps or ties after deletes: renumber the siblings densely, then swap the two.
      const order = list.map((entry) => entry.id);
      const [a, b] = [index, list.indexOf(other)];
      [order[a], order[b]] = [order[b] as number, order[a] as number];
      for (const [position, entryId] of order.entries()) {
        await trx.updateTable('categories').set({ position }).where('id', '=', entryId).execute();
      }
      return toCategory((await findCategory(trx, row.id)) as CategoryRow);
    });
  }

  /** An editable copy of a ready-made strategy, placed right below it. Premium only (SPEC §6). */
  async createFromTemplate(user: UserRow, id: number): Promise<Category> {
    const row = await this.owned(user, id);
    if (!row.is_template) throw badRequest('notATemplate');
    if (!user.is_premium) throw premiumRequired();
    return this.db.kysely.transaction().execute(async (trx) => {
      await lockOwner(trx, this.db.dialect, user.id);
      const all = await listCategories(trx, user.id, row.root_type);
      const rows = subtreeOf(all, row);
      await this.writes.chargeRows(user.id, rows.length);
      await checkQuota(trx, this.db.dialect, user, subtreeSize(all, row.id));
      checkCopiedNotes(user, rows);
      // The copy lands at the top level: template folders are read-only, so it cannot live inside one.
      checkDepth(0, subtreeHeight(all, row));
      const scope = { user_id: user.id, root_type: row.root_type, parent_id: null };
      const copy = await copySubtree(trx, this.db.dialect, all, row, {
        userId: user.id,
        rootType: row.root_type,
        parentId: null,
        position: await nextPosition(trx, scope),
        isTemplate: false,
      });
      await relinkCopiedWorkspaces(trx, all, copy.copies, false);
      return toCategory((await findCategory(trx, copy.id)) as CategoryRow);
    });
  }
}
