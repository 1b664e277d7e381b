import { CATEGORY_HARD_LIMIT } from '../../../contract/categories.ts';
import { asLanguage } from '../../../contract/languages.ts';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { conflict, HttpError, notFound } from '../../lib/http-error.ts';
import type { WriteBudget } from '../../lib/write-budget.ts';
import { countCategories, type Executor, lockOwner } from '../categories/categories.repository.ts';
import { setPurchaseFolder } from '../payments/payments.repository.ts';
import { findPackContent } from './shop.repository.ts';
import { insertPack, packShape, parsePackContent } from './templates.ts';
import { itemNameIn } from './texts.repository.ts';

// A bought strategy pack is copied into the buyer's library as a ready-made folder. Deleting that folder lost it for
// good while the store still said "owned" (a second purchase costs 0 and delivers nothing). The buyer may now put
// it back: once per deletion (the purchase names the folder it made, so a second call finds it there), for the
// buyer only (by their own live purchase).

interface LivePackPurchase {
  id: number;
  item_id: number | null;
  name: string;
  category_id: number | null;
}

/** The user's live (not refunded) purchases of strategy packs that have charts to copy. */
function livePackPurchases(db: Executor, userId: number) {
  return db
    .selectFrom('purchases')
    .innerJoin('shop_item_contents', 'shop_item_contents.item_id', 'purchases.item_id')
    .select(['purchases.id', 'purchases.item_id', 'purchases.name', 'purchases.category_id'])
    .where('purchases.user_id', '=', userId)
    .where('purchases.kind', '=', 'product')
    .where('purchases.refunded_at', 'is', null);
}

/**
 * Which of `purchases` no longer have their folder in the user's library. A purchase names the ready-made folder it
 * made; one made before purchases kept it (NULL) counts as there while a ready-made top-level folder has its name.
 */
async function withoutFolder(
  db: Executor,
  userId: number,
  purchases: readonly LivePackPurchase[],
): Promise<LivePackPurchase[]> {
  if (purchases.length === 0) return [];
  const named = purchases.flatMap((purchase) => purchase.category_id ?? []);
  const folders = await db
    .selectFrom('categories')
    .select(['id', 'name', 'parent_id'])
    .where('user_id', '=', userId)
    .where('is_template', '=', 1)
    .where((eb) =>
      named.length > 0
        ? eb.or([eb('parent_id', 'is', null), eb('id', 'in', named)])
        : eb('parent_id', 'is', null),
    )
    .execute();
  const ids = new Set(folders.map((folder) => folder.id));
  const topNames = new Set(
    folders.filter((folder) => folder.parent_id === null).map((folder) => folder.name),
  );
  return purchases.filter((purchase) =>
    purchase.category_id === null ? !topNames.has(purchase.name) : !ids.has(purchase.category_id),
  );
}

/** The item ids of the user's strategy packs whose folder the user deleted: what the store offers to restore. */
export async function restorablePacks(db: Executor, userId: number): Promise<Set<number>> {
  const purchases = await livePackPurchases(db, userId).execute();
  const missing = await withoutFolder(db, userId, purchases);
  return new Set(missing.flatMap((purchase) => purchase.item_id ?? []));
}

/**
 * Puts the ready-made folder of a strategy pack the user bought back at the end of their top level, from the pack's
 * charts. Under the owner's lock like every library write, so of two calls at once the second finds the folder the
 * first made (`restored: false`, nothing added). 404 for a pack the user does not own (or got refunded); 409 when
 * the library has no room for it. The rows it writes are charged to the write budget.
 */
export async function restorePackFolder(
  db: Db,
  writes: WriteBudget,
  user: UserRow,
  itemId: number,
): Promise<{ category_id: number; restored: boolean }> {
  return db.kysely.transaction().execute(async (trx) => {
    await lockOwner(trx, db.dialect, user.id);
    const purchase = await livePackPurchases(trx, user.id)
      .where('purchases.item_id', '=', itemId)
      .executeTakeFirst();
    if (!purchase) throw notFound();
    const [missing] = await withoutFolder(trx, user.id, [purchase]);
    if (!missing) {
      const present =
        purchase.category_id ??
        (
          await trx
            .selectFrom('categories')
            .select('id')
            .where('user_id', '=', user.id)
            .where('is_template', '=', 1)
            .where('parent_id', 'is', null)
            .where('name', '=', purchase.name)
            .executeTakeFirstOrThrow()
        ).id;
      return { category_id: present, restored: false };
    }
    const stored = await findPackContent(trx, itemId);
    const content = stored ? parsePackContent(stored) : null;
    if (!content) throw new HttpError(409, 'packEmpty');
    const { nodes } = packShape(content);
    await writes.chargeRows(user.id, nodes);
    if ((await countCategories(trx, user.id)).all + nodes > CATEGORY_HARD_LIMIT)
      throw conflict('categoryLimitReached');
    // Put back in the player's language of now, like a delivery.
    const language = asLanguage(user.language);
    const name = await itemNameIn(trx, { id: itemId, name: purchase.name }, language);
    const folder = await insertPack(trx, db.dialect, user.id, name, content, true, language);
    await setPurchaseFolder(trx, purchase.id, folder);
    return { category_id: folder, restored: true };
  });
}
