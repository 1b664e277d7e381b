import type { IncomingPage, Pair, ShareBody } from '../../../contract/categories.ts';
import type { CategoryKind, RootType } from '../../../contract/categories.ts';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { badRequest, notFound, premiumRequired } from '../../lib/http-error.ts';
import { nowIso } from '../../lib/time.ts';
import {
  copySubtree,
  findCategory,
  listCategories,
  nextPosition,
  siblings,
} from './categories.repository.ts';
import { pairsWindow, parsePairs } from './pairs.ts';

export class SharesService {
  constructor(private readonly db: Db) {}

  /** Shares one of the caller's own categories (not a bought template) with other users. Premium only. */
  async share(user: UserRow, body: ShareBody): Promise<number> {
    if (!user.is_premium) throw premiumRequired();
    const category = await findCategory(this.db.kysely, body.category_id);
    if (!category || category.user_id !== user.id) throw notFound();
    if (category.is_template) throw badRequest('shareOwnOnly');
    const ids = [...new Set(body.user_ids)];
    if (ids.includes(user.id)) throw badRequest('shareSelf');
    const found = await this.db.kysely.selectFrom('users').select('id').where('id', 'in', ids).execute();
    if (found.length !== ids.length) throw badRequest('shareUserNotFound');
    let shared = 0;
    await this.db.kysely.transaction().execute(async (trx) => {
      for (const id of ids) {
        const pending = await trx
          .selectFrom('shares')
          .select('id')
          .where('to_user_id', '=', id)
          .where('category_id', '=', category.id)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        if (pending) continue;
        await trx
          .insertInto('shares')
          .values({
            from_user_id: user.id,
            to_user_id: id,
            category_id: category.id,
            status: 'pending',
            created_at: nowIso(),
          })
          .execute();
        shared += 1;
      }
    });
    return shared;
  }

  async count(user: UserRow): Promise<number> {
    const row = await this.db.kysely
      .selectFrom('shares')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('to_user_id', '=', user.id)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async incoming(user: UserRow, page: number, perPage: number): Promise<IncomingPage> {
    const list = await this.db.kysely
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
      .where('shares.to_user_id', '=', user.id)
      .where('shares.status', '=', 'pending')
      .orderBy('shares.id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute();
    return {
      total: await this.count(user),
      page,
      per_page: perPage,
      list: list.map((row) => ({
        id: row.id,
        category_id: row.category_id,
        name: row.name,
        kind: row.kind as CategoryKind,
        root_type: row.root_type as RootType,
        from_user: row.from_user,
        datetime: row.created_at,
      })),
    };
  }

  private async pendingShare(user: UserRow, id: number) {
    const share = await this.db.kysely
      .selectFrom('shares')
      .selectAll()
      .where('id', '=', id)
      .where('to_user_id', '=', user.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (!share) throw notFound();
    return share;
  }

  /** The chart of a range shared with the caller and still pending, so it can be previewed before accepting. */
  async preview(user: UserRow, id: number): Promise<Pair[]> {
    const share = await this.pendingShare(user, id);
    const category = await findCategory(this.db.kysely, share.category_id);
    if (!category) throw notFound();
    return pairsWindow(parsePairs(category.pairs));
  }

  /**
   * Copies the shared subtree to the end of the recipient's top level. A free recipient pays with the first
   * category of that list (SPEC §4: "adding a category through an accepted strategy deletes the first category").
   */
  async accept(
    user: UserRow,
    id: number,
  ): Promise<{ category_id: number; removed_category_id: number | null }> {
    const share = await this.pendingShare(user, id);
    return this.db.kysely.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('shares')
        .set({ status: 'accepted' })
        .where('id', '=', share.id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw notFound();
      const source = await findCategory(trx, share.category_id);
      if (!source) throw notFound();
      let removed: number | null = null;
      if (!user.is_premium) {
        const top = await siblings(trx, { user_id: user.id, root_type: source.root_type, parent_id: null })
          .where('is_template', '=', 0)
          .executeTakeFirst();
        if (top) {
          await trx.deleteFrom('categories').where('id', '=', top.id).execute();
          removed = top.id;
        }
      }
      const all = await listCategories(trx, source.user_id, source.root_type);
      const scope = { user_id: user.id, root_type: source.root_type, parent_id: null };
      const copy = await copySubtree(trx, all, source, {
        userId: user.id,
        rootType: source.root_type,
        parentId: null,
        position: await nextPosition(trx, scope),
        isTemplate: false,
      });
      return { category_id: copy.id, removed_category_id: removed };
    });
  }

  async reject(user: UserRow, id: number): Promise<void> {
    const share = await this.pendingShare(user, id);
    await this.db.kysely
      .updateTable('shares')
      .set({ status: 'rejected' })
      .where('id', '=', share.id)
      .execute();
  }
}
