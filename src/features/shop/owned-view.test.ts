import { describe, expect, it } from 'vitest';

import { NOTHING_PAID, ownedView } from './owned-view';

const item = (id: number, owned = false) => ({
  id,
  name: `Item ${id}`,
  description: '',
  price_in_user_currency: 10,
  owned,
  restorable: false,
});

// The server's answer for a free player before any purchase: two items, Premium required.
const offer = {
  id: 2,
  name: 'Pack',
  description: '',
  premium_required: true,
  premium_owned: false,
  currency: 'USD' as const,
  total: 45,
  premium_cost: 25,
  all_owned: false,
  products: [item(4)],
  video_courses: [item(5)],
};

describe('ownedView', () => {
  it('leaves the server answer as it is when nothing was paid here', () => {
    expect(ownedView(offer, NOTHING_PAID, false)).toEqual({ ...offer, confirming: false });
  });

  it('marks what a payment here bought as owned and sells nothing until the server holds it too', () => {
    const view = ownedView(offer, { premium: true, items: new Set([4, 5]) }, false);
    expect(view.products[0]!.owned).toBe(true);
    expect(view.video_courses[0]!.owned).toBe(true);
    expect(view).toMatchObject({ all_owned: true, premium_owned: true, premium_cost: 0, confirming: true });
  });

  it('keeps selling the rest once the server holds the payment, with the server total', () => {
    const confirmed = {
      ...offer,
      premium_owned: true,
      premium_cost: 0,
      total: 10,
      products: [item(4, true)],
    };
    const view = ownedView(confirmed, { premium: true, items: new Set([4]) }, true);
    expect(view).toMatchObject({ all_owned: false, confirming: false, total: 10, premium_cost: 0 });
    expect(view.video_courses[0]!.owned).toBe(false);
  });

  it('says the Premium a package requires is held when the session says so, before the list was loaded again', () => {
    const view = ownedView(offer, NOTHING_PAID, true);
    expect(view).toMatchObject({ premium_required: true, premium_owned: true, premium_cost: 0 });
    // Nothing was bought here: the server's answer is not waited for.
    expect(view.confirming).toBe(false);
  });
});
