import type { Settings } from '../../../contract/admin.ts';
import type { Currency } from '../../../contract/shop.ts';
import { PREMIUM_PRICE_USD } from '../../../contract/shop.ts';
import type { ShopItemRow, UserRow } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import type { Executor } from '../categories/categories.repository.ts';
import { findActivePackage, listPackageItems, ownedItemIds } from './shop.repository.ts';

/** SPEC §7: RUB for Russian-language users, USD for everyone else (anonymous visitors included). */
export const currencyFor = (user: Pick<UserRow, 'language'> | null): Currency =>
  user?.language === 'ru-RU' ? 'RUB' : 'USD';

/** Money is stored in minor units (cents, kopecks) and shown in major units. */
export const toMajor = (minor: number): number => Math.round(minor) / 100;

export const priceOf = (item: Pick<ShopItemRow, 'price_usd' | 'price_rub'>, currency: Currency): number =>
  currency === 'RUB' ? item.price_rub : item.price_usd;

export function premiumPrice(settings: Pick<Settings, 'premium_price_rub'>, currency: Currency): number {
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

/**
 * The one rule for what a package costs a user, used by the store list, the product page and the cost routes alike:
 * the items the user does not own yet, plus Premium when the package requires it, the user lacks it and something
 * is being bought (Premium is never sold through a package on its own).
 */
export function needsPremium(
  premiumRequired: boolean,
  user: Pick<UserRow, 'is_premium'> | null,
  buying: number,
): boolean {
  return premiumRequired && !user?.is_premium && buying > 0;
}

export interface OfferQuote {
  /** What "Buy" charges for every item the user lacks, Premium included when required (major units). */
  total: number;
  /** The Premium part of `total` (0 when not required or already held). */
  premium_cost: number;
  /** Every item is owned: nothing is for sale. */
  all_owned: boolean;
}

export function quoteOffer(
  items: Array<Pick<ShopItemRow, 'id' | 'price_usd' | 'price_rub'>>,
  owned: Set<number>,
  premiumRequired: boolean,
  user: Pick<UserRow, 'is_premium' | 'language'> | null,
  settings: Pick<Settings, 'premium_price_rub'>,
): OfferQuote {
  const currency = currencyFor(user);
  const buying = items.filter((item) => !owned.has(item.id));
  const premium = needsPremium(premiumRequired, user, buying.length) ? premiumPrice(settings, currency) : 0;
  const itemsTotal = buying.reduce((sum, item) => sum + priceOf(item, currency), 0);
  return {
    total: toMajor(itemsTotal + premium),
    premium_cost: toMajor(premium),
    all_owned: buying.length === 0,
  };
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
    const pack = await findActivePackage(db, request.packageId);
    if (!pack) throw notFound();
    // Drafts are left out: a draft's id, even guessed or kept from before, is not an item of the package here,
    // and a package with nothing published is not on sale at all.
    const onSale = await listPackageItems(db, pack.id, { published: true });
    if (onSale.length === 0) throw notFound();
    const asked = new Set([...request.products, ...request.videoCourses]);
    const rows = onSale.filter((row) => asked.has(row.id));
    const valid = (ids: number[], type: string) =>
      ids.every((id) => rows.some((row) => row.id === id && row.type === type));
    if (!valid(request.products, 'product') || !valid(request.videoCourses, 'video_course')) {
      throw badRequest('invalidRequest');
    }
    const owned = await ownedItemIds(db, user.id);
    items = rows.filter((row) => !owned.has(row.id));
    premiumRequired = needsPremium(Boolean(pack.premium_required), user, items.length);
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
