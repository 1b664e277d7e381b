import { PREMIUM_PRICE_USD } from '../../../contract/shop.ts';
import type { PricedOrder } from '../shop/pricing.ts';

/** What each line of an order costs in the order's currency (minor units), fixed when the order is made. */
export interface LinePrices {
  premium: number;
  items: Record<string, number>;
}

/**
 * The lines of a priced order in the currency the order is charged in: crypto in USD whatever the user's
 * language, card and card transfer in the user's currency. The lines add up to the order's amount.
 */
export function linePricesOf(priced: PricedOrder, inUsd: boolean): LinePrices {
  const items: Record<string, number> = {};
  for (const item of priced.items) {
    items[String(item.id)] = inUsd || priced.currency === 'USD' ? item.price_usd : item.price_rub;
  }
  const premium = !priced.scope.payForPremium ? 0 : inUsd ? PREMIUM_PRICE_USD * 100 : priced.premiumCost;
  return { premium, items };
}

const isMinor = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

/** The stored lines, or null for an order made before they were stored (or a damaged value). */
export function parseLinePrices(json: string | null): LinePrices | null {
  if (json === null) return null;
  try {
    const value = JSON.parse(json) as { premium?: unknown; items?: unknown };
    const items = value.items;
    if (!isMinor(value.premium) || typeof items !== 'object' || items === null || Array.isArray(items))
      return null;
    if (!Object.values(items).every(isMinor)) return null;
    return { premium: value.premium, items: items as Record<string, number> };
  } catch {
    return null;
  }
}
