import type {
  CategoryRef,
  IncomingCompare,
  IncomingPage,
  Pair,
  ShareBody,
} from '../../../contract/categories.ts';
import type { CategoryKind, RootType } from '../../../contract/categories.ts';
import { PENDING_SHARES_PER_RECIPIENT } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { CategoryRow, UserRow } from '../../db/schema.ts';
import { badRequest, conflict, HttpError, notFound, premiumRequired } from '../../lib/http-error.ts';
import { nowIso } from '../../lib/time.ts';
import type { WriteBudget } from '../../lib/write-budget.ts';
import { findUserById } from '../users/users.repository.ts';
import {
  type Executor,
  findCategory,
  listCategories,
  lockOwner,
  nextPosition,
  siblings,
  subtreeSize,
} from './categories.repository.ts';
import { pairsWindow, parseButtons, parsePairs } from './pairs.ts';
import { checkCopiedNotes, checkDepth, checkQuota } from './quotas.ts';
import {
  countPending,
  existingUserIds,
  findPendingShare,
  hasPendingShare,
  insertShare,
  listPending,
  pendingFromSender,
  settleShare,
} from './shares.repository.ts';
import { copySubtree, deleteNodes, subtreeHeight, subtreeIds, subtreeOf } from './subtrees.ts';
import { relinkCopiedWorkspaces } from './workspace.ts';

export class SharesService {
  constructor(
    private readonly db: Db,
    private readonly writes: WriteBudget,
  ) {}

  /**
   * Shares one of the caller's own categories (not a bought template) with other users. Premium only. A recipient
   * answers each strategy alone, so the caller may leave at most PENDING_SHARES_PER_RECIPIENT pending with any one of
   * them: a call that would pass it for one recipient is refused whole (409), and nobody receives anything from it.
   */
  async share(user: UserRow, body: ShareBody): Promise<number> {
    if (!user.is_premium) throw premiumRequired();
    const category = await findCategory(this.db.kysely, body.category_id);
    if (!category || category.user_id !== user.id) throw notFound();
    if (category.is_template) throw badRequest('shareOwnOnly');
    const ids = [...new Set(body.user_ids)];
    if (ids.includes(user.id)) throw badRequest('shareSelf');
    if ((await existingUserIds(this.db, ids)).length !== ids.length) throw badRequest('shareUserNotFound');
    let shared = 0;
    await this.db.kysely.transaction().execute(async (trx) => {
      // Under the sender's lock, as every library write: a delete of the category either came first (404) or waits
      // (its cascade then takes these shares), and a second click finds the first one's shares pending.
      await lockOwner(trx, this.db.dialect, user.id);
      if (!(await findCategory(trx, category.id))) throw notFound();
      // Counted under the same lock: only the sender adds shares from the sender, so parallel calls cannot both pass.
      const pending = await pendingFromSender(trx, user.id, ids);
      for (const id of ids) {
        if (await hasPendingShare(trx, id, category.id)) continue;
        if ((pending.get(id) ?? 0) >= PENDING_SHARES_PER_RECIPIENT) throw conflict('sharesPendingLimit');
        await insertShare(trx, {
          fromUserId: user.id,
          toUserId: id,
          categoryId: category.id,
          createdAt: nowIso(),
        });
        shared += 1;
      }
    });
    return shared;
  }

  count(user: UserRow): Promise<number> {
    return countPending(this.db, user.id);
  }

  async incoming(user: UserRow, page: number, perPage: number): Promise<IncomingPage> {
    const list = await listPending(this.db, user.id, page, perPage);
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
    const share = await findPendingShare(this.db, id, user.id);
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
   * The category the free-tier swap deletes when `user` accepts a strategy of `rootType` (SPEC §4: "adding a
   * category through an accepted strategy deletes the first category in the list"): the first own category of the
   * top level, bought templates aside. None for Premium. Accept and the diff's compare both ask here.
   */
  private replacedOnAccept(db: Executor, user: UserRow, rootType: string): Promise<CategoryRow | undefined> {
    if (user.is_premium) return Promise.resolve(undefined);
    return siblings(db, { user_id: user.id, root_type: rootType, parent_id: null })
      .where('is_template', '=', 0)
      .executeTakeFirst();
  }

  /**
   * The strategy diff's view of a pending shared range: its chart and buttons, who sent it, and which own
   * category accepting it would delete now. Only the recipient, only while pending; anything else is 404.
   */
  async compare(user: UserRow, id: number): Promise<IncomingCompare> {
    const share = await this.pendingShare(user, id);
    const category = await findCategory(this.db.kysely, share.category_id);
    if (!category) throw notFound();
    const [sender, replaced] = await Promise.all([
      findUserById(this.db, share.from_user_id),
      this.replacedOnAccept(this.db.kysely, user, category.root_type),
    ]);
    const replaces: CategoryRef | null = replaced
      ? { id: replaced.id, name: replaced.name, kind: replaced.kind as CategoryKind }
      : null;
    return {
      id: share.id,
      name: category.name,
      kind: category.kind as CategoryKind,
      root_type: category.root_type as RootType,
      from_user: sender?.username ?? '',
      buttons: parseButtons(category.buttons),
      pairs: pairsWindow(parsePairs(category.pairs)),
      replaces,
    };
  }

  /**
   * Copies the shared subtree to the end of the recipient's top level. A free recipient pays with the first
   * category of that list (SPEC §4: "adding a category through an accepted strategy deletes the first category"),
   * but only with the one they agreed to give up (`agreed`, the id the compare answer named): a swap that would take
   * any other (the list changed since they looked, or they agreed to none) is refused with 409 and the category the
   * swap would take now, and nothing changes. The copy still has to fit the recipient's caps; both are checked under
   * the same lock as every library write, so no write can slip between the check and the deletion.
   */
  async accept(
    user: UserRow,
    id: number,
    agreed: number | null = null,
  ): Promise<{ category_id: number; removed_category_id: number | null }> {
    const share = await this.pendingShare(user, id);
    return this.db.kysely.transaction().execute(async (trx) => {
      await lockOwner(trx, this.db.dialect, user.id);
      // Settled first, so a second click finds the share answered (404); a refusal below rolls it back.
      if (!(await settleShare(trx, share.id, 'accepted'))) throw notFound();
      const source = await findCategory(trx, share.category_id);
      if (!source) throw notFound();
      const top = await this.replacedOnAccept(trx, user, source.root_type);
      if (top && top.id !== agreed) {
        const replaces: CategoryRef = { id: top.id, name: top.name, kind: top.kind as CategoryKind };
        throw new HttpError(409, 'acceptSwapChanged', undefined, { current: { replaces } });
      }
      const all = await listCategories(trx, source.user_id, source.root_type);
      const rows = subtreeOf(all, source);
      const replaced = top ? await subtreeIds(trx, top.id) : [];
      // Charged by every row it writes or deletes, before any is.
      await this.writes.chargeRows(user.id, rows.length + replaced.length);
      checkCopiedNotes(user, rows);
      checkDepth(0, subtreeHeight(all, source));
      await deleteNodes(trx, replaced);
      await checkQuota(trx, this.db.dialect, user, subtreeSize(all, source.id));
      const scope = { user_id: user.id, root_type: source.root_type, parent_id: null };
      const copy = await copySubtree(trx, this.db.dialect, all, source, {
        userId: user.id,
        rootType: source.root_type,
        parentId: null,
        position: await nextPosition(trx, scope),
        isTemplate: false,
      });
      // The recipient cannot open the sender's other charts: villains drawn from them travel as text.
      await relinkCopiedWorkspaces(trx, all, copy.copies, true);
      return { category_id: copy.id, removed_category_id: top?.id ?? null };
    });
  }

  async reject(user: UserRow, id: number): Promise<void> {
    const share = await this.pendingShare(user, id);
    await settleShare(this.db.kysely, share.id, 'rejected');
  }
}
