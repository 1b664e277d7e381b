// An offer as the player holds it right now: the server's answer, plus what a payment on this page has just bought
// and the server may not have confirmed yet (the card provider tells the page before it tells the server).
import type { Offer, OfferItem } from '@contract/shop';

/** What this page's payments bought for the signed-in account. */
export interface Paid {
  premium: boolean;
  items: ReadonlySet<number>;
}

export const NOTHING_PAID: Paid = { premium: false, items: new Set() };

type OfferLike = Pick<
  Offer,
  'products' | 'video_courses' | 'premium_owned' | 'premium_cost' | 'all_owned' | 'total'
>;

export type OwnedView<T extends OfferLike> = T & {
  /** Something bought here is not in the server's answer yet: the total is not to be trusted, nothing is sold. */
  confirming: boolean;
};

/**
 * The offer with every item a payment on this page bought marked owned, and Premium held when the account has it
 * (the server's answer, the session, or a payment here). While the server's answer lags behind a payment
 * (`confirming`), the page shows what was bought as owned, sells nothing and asks the server again.
 */
export function ownedView<T extends OfferLike>(offer: T, paid: Paid, sessionPremium: boolean): OwnedView<T> {
  const mark = <I extends OfferItem>(item: I): I =>
    item.owned || !paid.items.has(item.id) ? item : { ...item, owned: true };
  const products = offer.products.map(mark);
  const videoCourses = offer.video_courses.map(mark) as T['video_courses'];
  const items = [...offer.products, ...offer.video_courses];
  const premiumOwned = offer.premium_owned || sessionPremium || paid.premium;
  const confirming =
    items.some((item) => !item.owned && paid.items.has(item.id)) || (paid.premium && !offer.premium_owned);
  return {
    ...offer,
    products,
    video_courses: videoCourses,
    premium_owned: premiumOwned,
    premium_cost: premiumOwned ? 0 : offer.premium_cost,
    all_owned: offer.all_owned || [...products, ...videoCourses].every((item) => item.owned),
    confirming,
  };
}
