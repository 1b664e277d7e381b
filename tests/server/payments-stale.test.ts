// A card order is payable for a day (OPEN_ORDER_TTL_MS) at the price it was opened with. The limit was enforced only
// when the same buyer asked for a new cost, so an order opened months ago (at a sale price, say) could still be
// charged through the widget at its old amount. The provider's check now refuses an order past its limit.
import { afterAll, beforeAll, expect, it } from 'vitest';

import { as, registerUser, type Session } from './helpers/api.ts';
import {
  me,
  notify,
  orderStatus,
  payFields,
  premiumCost,
  PROVIDER_ENV,
  shopCost,
} from './helpers/payments.ts';
import { openSeededStore } from './helpers/store.ts';
import { describeEachDatabase, type TestApp } from './helpers/test-app.ts';

describeEachDatabase('stale card orders', (kind) => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => ({ t, admin } = await openSeededStore(kind, PROVIDER_ENV)));
  afterAll(async () => t.close());

  const age = (orderId: number, hours: number) =>
    t.app.services.db.kysely
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - hours * 3600_000).toISOString() })
      .where('id', '=', orderId)
      .execute();
  const status = (orderId: number) => orderStatus(t.app, orderId);

  it('an order opened at a sale price and left for months is refused at the check', async () => {
    const user = await registerUser(t.app);
    const created = await as(t.app, admin, {
      method: 'POST',
      url: '/api/v1/admin/items',
      payload: { type: 'product', name: 'On sale', description: 'd', price_usd: 5, price_rub: 400 },
    });
    const item = created.json().data as { id: number; package_id: number };
    const cost = await shopCost(t.app, user, {
      package_id: item.package_id,
      products: [item.id],
      video_courses: [],
    });
    expect(cost.cloud_payments.price).toBe(5);
    const sale = { type: 'product', name: 'On sale', description: 'd', price_usd: 50, price_rub: 4000 };
    expect(
      (await as(t.app, admin, { method: 'POST', url: `/api/v1/admin/items/${item.id}`, payload: sale }))
        .statusCode,
    ).toBe(200);
    const orderId = cost.cloud_payments_params.order_id;
    await age(orderId, 24 * 90);

    expect((await notify(t.app, 'check', payFields(cost, `tx-stale-${user.id}`))).json()).toEqual({
      code: 13,
    });
    expect(await status(orderId)).toBe('expired');
  });

  it('an order within its day is still accepted', async () => {
    const user = await registerUser(t.app);
    const cost = await premiumCost(t.app, user);
    await age(cost.cloud_payments_params.order_id, 23);
    const fields = payFields(cost, `tx-in-time-${user.id}`);
    expect((await notify(t.app, 'check', fields)).json()).toEqual({ code: 0 });
    expect((await notify(t.app, 'pay', fields)).json()).toEqual({ code: 0 });
    expect((await me(t.app, user)).is_premium).toBe(true);
  });

  it('a charge the provider completed on a stale order is settled (the money was taken)', async () => {
    const user = await registerUser(t.app);
    const cost = await premiumCost(t.app, user);
    await age(cost.cloud_payments_params.order_id, 48);
    const fields = payFields(cost, `tx-stale-pay-${user.id}`);
    expect((await notify(t.app, 'pay', fields)).json()).toEqual({ code: 0 });
    expect(await status(cost.cloud_payments_params.order_id)).toBe('paid');
    expect((await me(t.app, user)).is_premium).toBe(true);
  });
});
