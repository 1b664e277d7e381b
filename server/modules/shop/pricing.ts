import type { Settings } from '../../../contract/admin.ts';
import type { Currency } from '../../../contract/shop.ts';
import { PREMIUM_PRICE_USD } from '../../../contract/shop.ts';
import type { Db } from '../../db/database.ts';
import { fastStatement } from '../../db/fast.ts';
import type { ShopItemRow, UserRow } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import type { Executor } from '../categories/categories.repository.ts';

/** SPEC §7: RUB for Russian-language users, USD for everyone else (anonymous visitors included). */
export const currencyFor = (user: Pick<UserRow, 'language'> | null): Currency =>
  user?.language === 'ru-RU' ? 'RUB' : 'USD';

/** Money is stored in minor units (cents, kopecks) and shown in major units. */
export const toMajor = (minor: number): number => Math.round(minor) / 100;

export const priceOf = (item: Pick<ShopItemRow, 'price_usd' | 'price_rub'>, currency: Currency): number =>
  currency === 'RUB' ? item.price_rub : item.price_usd;

export function premiumPrice(settings: Settings, currency: Currency): number {
  return currency === 'RUB' ? Math.round(settings.premium_price_rub * 100) : PREMIUM_PRICE_USD * 100;
}

export interface OrderScope {
  payForPremium: boolean;
  packageId: number | null;
  products: number[];
  videoCourses: number[];
}

export interface PricedOrder {
  scope: OrderScope;
  currency: Currency;
  /** Everything in the order, in the order's currency and in USD (crypto is priced from USD). */
  amount: number;
  amountUsd: number;
  premiumRequired: boolean;
  premiumCost: number;
  items: ShopItemRow[];
}

export async function ownedItemIds(db: Executor, userId: number): Promise<Set<number>> {
  return new Set((await ownedRows(db, userId)).map((row) => row.item_id as number));
}

/** The same read through the SQLite fast path: the shop list runs it on every request. */
export async function ownedItemIdsFast(db: Db, userId: number): Promise<Set<number>> {
  const fast = fastStatement(db, 'SELECT item_id FROM purchases WHERE user_id = ? AND item_id IS NOT NULL');
  if (!fast) return ownedItemIds(db.kysely, userId);
  return new Set((fast.all(userId) as Array<{ item_id: number }>).map((row) => row.item_id));
}

async function ownedRows(db: Executor, userId: number) {
  return db
    .selectFrom('purchases')
    .select('item_id')
    .where('user_id', '=', userId)
    .where('item_id', 'is not', null)
    .execute();
}

/**
 * Prices what the user asks to buy. Items must belong to the package and have the right type; items the user owns
 * already are left out (never sold twice); Premium is added when the package requires it and the user lacks it.
 */
export async function priceOrder(
  db: Executor,
  user: UserRow,
  settings: Settings,
  request: OrderScope,
): Promise<PricedOrder> {
  const currency = currencyFor(user);
  let items: ShopItemRow[] = [];
  let premiumRequired = false;
  if (request.packageId !== null) {
    const pack = await db
      .selectFrom('packages')
      .selectAll()
      .where('id', '=', request.packageId)
      .where('active', '=', 1)
      .executeTakeFirst();
    if (!pack) throw notFound();
    const wanted = [...request.products, ...request.videoCourses];
    const rows = wanted.length
      ? await db
          .selectFrom('shop_items')
          .selectAll()
          .where('package_id', '=', pack.id)
          .where('id', 'in', wanted)
          .execute()
      : [];
    const valid = (ids: number[], type: string) =>
      ids.every((id) => rows.some((row) => row.id === id && row.type === type));
    if (!valid(request.products, 'product') || !valid(request.videoCourses, 'video_course')) {
      throw badRequest('invalidRequest');
    }
    const owned = await ownedItemIds(db, user.id);
    items = rows.filter((row) => !owned.has(row.id));
    premiumRequired = Boolean(pack.premium_required) && !user.is_premium;
  }
  const payForPremium = !user.is_premium && (request.payForPremium || premiumRequired);
  const premiumCost = payForPremium ? premiumPrice(settings, currency) : 0;
  const premiumUsd = payForPremium ? PREMIUM_PRICE_USD * 100 : 0;
  return {
    scope: {
      payForPremium,
      packageId: request.packageId,
      products: items.filter((item) => item.type === 'product').map((item) => item.id),
      videoCourses: items.filter((item) => item.type === 'video_course').map((item) => item.id),
    },
    currency,
    amount: premiumCost + items.reduce((sum, item) => sum + priceOf(item, currency), 0),
    amountUsd: premiumUsd + items.reduce((sum, item) => sum + item.price_usd, 0),
    premiumRequired,
    premiumCost,
    items,
  };
}
