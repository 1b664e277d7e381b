// What an order charged is what it delivers, credits and refunds, whatever an admin does to the prices before the
// payment is settled: a manual payment waits up to 24 hours for its confirmation, and a card order stays payable at
// its price for a day. The purchase records, the referrer's percent and the refund queue follow the order's prices.
import { afterAll, beforeAll, expect, it } from 'vitest';

import { as, registerUser, type Session } from './helpers/api.ts';
import { me, openPaymentWindow, sandboxCharge, shopCost } from './helpers/payments.ts';
import { openSeededStore } from './helpers/store.ts';
import { describeEachDatabase, type TestApp } from './helpers/test-app.ts';

interface Line {
  name: string;
  amount: number;
  currency: string;
}

describeEachDatabase('order prices', (kind) => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => ({ t, admin } = await openSeededStore(kind)));
  afterAll(async () => t.close());

  const post = (user: Session, url: string, payload: unknown) =>
    as(t.app, user, { method: 'POST', url, payload });

  /** A fresh package with two strategy packs at $10 and $20, so no other test's purchases touch it. */
  const twoPacks = async (label: string) => {
    const item = async (name: string, usd: number, packageId?: number) => {
      const body = { type: 'product', name, description: 'd', price_usd: usd, price_rub: usd * 80 };
      const response = await post(admin, '/api/v1/admin/items', { ...body, package_id: packageId });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as { id: number; package_id: number };
    };
    const first = await item(`${label} A`, 10);
    const second = await item(`${label} B`, 20, first.package_id);
    return { packageId: first.package_id, a: first.id, b: second.id, label };
  };
  const reprice = async (id: number, name: string, usd: number) => {
    const body = { type: 'product', name, description: 'd', price_usd: usd, price_rub: usd * 80 };
    expect((await post(admin, `/api/v1/admin/items/${id}`, body)).statusCode).toBe(200);
  };
  const referred = async () => {
    const referrer = await registerUser(t.app);
    const buyer = await registerUser(t.app, { referral: (await me(t.app, referrer)).referral_token });
    return { referrer, buyer };
  };
  const bought = async (user: Session): Promise<Line[]> =>
    (
      (await as(t.app, user, { method: 'GET', url: '/api/v1/users/userprofile/purchases' })).json().data
        .items as Line[]
    )
      .map(({ name, amount, currency }) => ({ name, amount, currency }))
      .sort((x, y) => x.name.localeCompare(y.name));
  const commissions = async (referrer: Session) =>
    (
      await as(t.app, referrer, { method: 'GET', url: '/api/v1/users/userprofile/affiliate_purchases' })
    ).json().data.items as Array<{ amount: number; currency: string }>;
  const refundDue = async (orderId: number) => {
    const queue = await as(t.app, admin, {
      method: 'GET',
      url: '/api/v1/admin/manual_payments?queue=refunds&per_page=100',
    });
    const entry = (queue.json().data.list as Array<{ id: number; refund_due: number }>).find(
      (order) => order.id === orderId,
    );
    return entry?.refund_due ?? 0;
  };
  const manualOrder = async (buyer: Session, packs: Awaited<ReturnType<typeof twoPacks>>) => {
    await openPaymentWindow(t.app, buyer, { package_id: packs.packageId, products: [packs.a, packs.b] });
    const sent = await post(buyer, '/api/v1/manual_payment', {
      method: 'tether',
      payment_source: `tron-tx-${buyer.id}-${packs.label}`,
      package_id: packs.packageId,
      products: [packs.a, packs.b],
      video_courses: [],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({ amount: 30, currency: 'USD', status: 'pending' });
    return sent.json().data.id as number;
  };

  it('a price raised before the admin confirms: purchases and the referrer’s percent follow what was paid', async () => {
    const packs = await twoPacks('Raised');
    const { referrer, buyer } = await referred();
    const orderId = await manualOrder(buyer, packs);

    await reprice(packs.a, 'Raised A', 100);
    const confirmed = await post(admin, `/api/v1/admin/manual_payments/${orderId}/confirm`, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    expect(await bought(buyer)).toEqual([
      { name: 'Raised A', amount: 10, currency: 'USD' },
      { name: 'Raised B', amount: 20, currency: 'USD' },
    ]);
    // 20 % of the $30 paid, not of $120 at today's prices.
    expect(await commissions(referrer)).toEqual([expect.objectContaining({ amount: 6, currency: 'USD' })]);
    expect(await refundDue(orderId)).toBe(0);
  });

  it('an item owned meanwhile is refunded at the price it was charged, not today’s', async () => {
    const packs = await twoPacks('Owned');
    const { referrer, buyer } = await referred();
    const orderId = await manualOrder(buyer, packs);
    // While the transfer waits, the buyer pays B by card (sandbox: no referral), then B's price goes up.
    const cost = await shopCost(t.app, buyer, {
      package_id: packs.packageId,
      products: [packs.b],
      video_courses: [],
    });
    expect((await sandboxCharge(t.app, buyer, cost)).statusCode).toBe(200);
    await reprice(packs.b, 'Owned B', 25);

    expect((await post(admin, `/api/v1/admin/manual_payments/${orderId}/confirm`, {})).statusCode).toBe(200);
    // The transfer paid $10 for A and $20 for B: B is already held, so $20 goes back, and A earns 20 % of $10.
    expect(await refundDue(orderId)).toBe(20);
    expect(await bought(buyer)).toEqual([
      { name: 'Owned A', amount: 10, currency: 'USD' },
      { name: 'Owned B', amount: 20, currency: 'USD' },
    ]);
    expect(await commissions(referrer)).toEqual([expect.objectContaining({ amount: 2, currency: 'USD' })]);
  });

  it('a card order paid at its price after a price cut records the price it charged', async () => {
    const packs = await twoPacks('Cut');
    const buyer = await registerUser(t.app);
    const cost = await shopCost(t.app, buyer, {
      package_id: packs.packageId,
      products: [packs.a, packs.b],
      video_courses: [],
    });
    expect(cost.cloud_payments.price).toBe(30);
    await reprice(packs.a, 'Cut A', 5);
    expect((await sandboxCharge(t.app, buyer, cost)).statusCode).toBe(200);
    const lines = await bought(buyer);
    expect(lines.map((line) => line.amount)).toEqual([10, 20]);
    expect(lines.reduce((sum, line) => sum + line.amount, 0)).toBe(cost.cloud_payments.price);
  });
});
