// A card order whose contents the buyer came to hold another way while it stayed open (a manual payment confirmed by
// an admin, another order paid): the provider's check before the charge is refused, so the card is not charged for
// what the buyer already has; a charge the provider completes anyway still settles and is flagged for refund.
import { afterAll, beforeAll, expect, it } from 'vitest';

import { as, registerUser, type Session } from './helpers/api.ts';
import {
  me,
  notify,
  openPaymentWindow,
  payFields,
  premiumCost,
  PROVIDER_ENV,
  purchases,
  shopCost,
} from './helpers/payments.ts';
import { openSeededStore } from './helpers/store.ts';
import { describeEachDatabase, type TestApp } from './helpers/test-app.ts';

describeEachDatabase('card orders for what the buyer already holds', (kind) => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => ({ t, admin } = await openSeededStore(kind, PROVIDER_ENV)));
  afterAll(async () => t.close());

  const post = (user: Session, url: string, payload: unknown) =>
    as(t.app, user, { method: 'POST', url, payload });
  /** A manual crypto payment for `scope`, confirmed by the admin. */
  const paidByTransfer = async (user: Session, scope: Parameters<typeof openPaymentWindow>[2]) => {
    await openPaymentWindow(t.app, user, scope);
    const sent = await post(user, '/api/v1/manual_payment', {
      method: 'tether',
      payment_source: `tron-${user.id}-${JSON.stringify(scope).length}`,
      ...scope,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const id = sent.json().data.id as number;
    expect((await post(admin, `/api/v1/admin/manual_payments/${id}/confirm`, {})).statusCode).toBe(200);
  };
  const refundDue = async (orderId: number) => {
    const queue = await as(t.app, admin, {
      method: 'GET',
      url: '/api/v1/admin/manual_payments?queue=refunds&per_page=100',
    });
    const list = queue.json().data.list as Array<{ id: number; refund_due: number }>;
    return list.find((order) => order.id === orderId)?.refund_due ?? 0;
  };

  it('Premium confirmed by transfer while a card order for it was open: the check refuses the charge', async () => {
    const user = await registerUser(t.app);
    const cost = await premiumCost(t.app, user);
    await paidByTransfer(user, { pay_for_premium: true });
    expect((await me(t.app, user)).is_premium).toBe(true);

    const fields = payFields(cost, `tx-held-premium-${user.id}`);
    expect((await notify(t.app, 'check', fields)).json()).toEqual({ code: 13 });
    // Charged anyway (the provider settled without asking): delivered once, the whole charge owed back.
    expect((await notify(t.app, 'pay', fields)).json()).toEqual({ code: 0 });
    expect((await purchases(t.app, user)).total).toBe(1);
    expect(await refundDue(cost.cloud_payments_params.order_id)).toBe(25);
  });

  it('one item of a card order bought meanwhile: the check refuses, and a new cost call prices the rest', async () => {
    const user = await registerUser(t.app);
    const pack = (await as(t.app, user, { method: 'GET', url: '/api/shop' })).json().data.list[0];
    const [first, second] = pack.products as [
      { id: number; price_in_user_currency: number },
      { id: number; price_in_user_currency: number },
    ];
    const scope = { package_id: pack.id, products: [first.id, second.id], video_courses: [] };
    const cost = await shopCost(t.app, user, scope);
    await paidByTransfer(user, { package_id: pack.id, products: [first.id], video_courses: [] });

    expect((await notify(t.app, 'check', payFields(cost, `tx-held-item-${user.id}`))).json()).toEqual({
      code: 13,
    });
    const again = await shopCost(t.app, user, scope);
    expect(again.cloud_payments.price).toBe(second.price_in_user_currency);
    expect(again.cloud_payments_params.order_id).not.toBe(cost.cloud_payments_params.order_id);
    expect((await notify(t.app, 'check', payFields(again, `tx-rest-${user.id}`))).json()).toEqual({
      code: 0,
    });
  });

  it('a check for an order nothing of which is held yet is accepted', async () => {
    const user = await registerUser(t.app);
    const cost = await premiumCost(t.app, user);
    expect((await notify(t.app, 'check', payFields(cost, `tx-fresh-${user.id}`))).json()).toEqual({
      code: 0,
    });
  });
});
