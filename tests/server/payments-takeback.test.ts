// The admin settles a refund the server could not match: takes back chosen lines of a paid order (a flagged partial
// card refund, or a manual payment refunded by hand outside the app), or closes the flag with nothing to take back.
import { afterAll, beforeAll, expect, it } from 'vitest';

import { as, registerUser, type Session } from './helpers/api.ts';
import {
  me,
  notify,
  payFields,
  PROVIDER_ENV,
  purchases,
  referredBuyer,
  refundFields,
  shopCost,
} from './helpers/payments.ts';
import { openSeededStore } from './helpers/store.ts';
import { describeEachDatabase, type TestApp } from './helpers/test-app.ts';

let lastTransaction = 8_000_000;
const transaction = () => String(++lastTransaction);

interface Line {
  id: number;
  kind: string;
  name: string;
  amount: number;
  refunded: boolean;
}

describeEachDatabase('the admin takes back what a refund paid for', (kind) => {
  let t: TestApp;
  let admin: Session;
  let cashPack: { id: number; products: Array<{ id: number; name: string }> };
  beforeAll(async () => {
    ({ t, admin } = await openSeededStore(kind, PROVIDER_ENV));
    // Both strategies of the cash pack at 19 USD: an order of both has two lines of the same price.
    cashPack = (await as(t.app, admin, { method: 'GET', url: '/api/shop' })).json().data.list[0];
    const defence = cashPack.products[1];
    const repriced = await as(t.app, admin, {
      method: 'POST',
      url: `/api/v1/admin/items/${defence?.id}`,
      payload: {
        type: 'product',
        name: defence?.name,
        description: 'Versus opens',
        price_usd: 19,
        price_rub: 1490,
      },
    });
    expect(repriced.statusCode, repriced.body).toBe(200);
    const card = await as(t.app, admin, {
      method: 'POST',
      url: '/api/v1/admin/settings',
      payload: { card_account: '4276 3800 1234 5678' },
    });
    expect(card.statusCode).toBe(200);
  });
  afterAll(async () => t.close());

  const both = () => ({
    package_id: cashPack.id,
    products: cashPack.products.map((item) => item.id),
    video_courses: [],
  });
  /** Both 19 USD strategies paid by card (38 USD): the buyer's order id and the provider's fields. */
  const buyBoth = async (buyer: Session) => {
    const cost = await shopCost(t.app, buyer, both());
    expect(cost.cloud_payments.price).toBe(38);
    const fields = payFields(cost, transaction());
    expect((await notify(t.app, 'pay', fields)).json()).toEqual({ code: 0 });
    return { fields, orderId: cost.cloud_payments_params.order_id };
  };
  const lines = async (orderId: number, user = admin) =>
    as(t.app, user, { method: 'GET', url: `/api/v1/admin/orders/${orderId}/lines` });
  const takeBack = (orderId: number, payload: unknown, user = admin) =>
    as(t.app, user, { method: 'POST', url: `/api/v1/admin/orders/${orderId}/take_back`, payload });
  const nothing = (orderId: number, user = admin) =>
    as(t.app, user, { method: 'POST', url: `/api/v1/admin/orders/${orderId}/nothing_to_take_back` });
  const linesOf = async (orderId: number) => (await lines(orderId)).json().data.lines as Line[];
  const commissions = async (referrer: Session) =>
    (
      await as(t.app, referrer, { method: 'GET', url: '/api/v1/users/userprofile/affiliate_purchases' })
    ).json().data.items as Array<{ amount: number; reversed: number }>;
  const templates = async (user: Session) =>
    (
      await as(t.app, user, {
        method: 'GET',
        url: '/api/v1/categories/tree',
        query: { root_type: 'preflop_root' },
      })
    )
      .json()
      .data.children.filter((node: { is_template: boolean }) => node.is_template) as Array<{ name: string }>;
  const inQueue = async (orderId: number) =>
    (
      await as(t.app, admin, {
        method: 'GET',
        url: '/api/v1/admin/manual_payments',
        query: { queue: 'refunds' },
      })
    )
      .json()
      .data.list.some((order: { id: number }) => order.id === orderId);

  /** A referred buyer's 38 USD order refunded 19 by card: it matches both lines, so it was flagged. */
  const flaggedOrder = async () => {
    const { referrer, buyer } = await referredBuyer(t.app);
    const { fields, orderId } = await buyBoth(buyer);
    expect((await notify(t.app, 'refund', refundFields(fields, transaction(), 19))).json()).toEqual({
      code: 0,
    });
    expect(await inQueue(orderId)).toBe(true);
    return { referrer, buyer, orderId };
  };

  it('settles a flagged partial card refund by taking back one of two same-priced lines', async () => {
    const { referrer, buyer, orderId } = await flaggedOrder();
    expect(await commissions(referrer)).toMatchObject([{ amount: 7.6, reversed: 0 }]);
    const before = (await lines(orderId)).json().data;
    expect(before).toMatchObject({
      id: orderId,
      status: 'paid',
      amount: 38,
      refunded: 19,
      refund_review: true,
    });
    expect(before.lines.map((line: Line) => [line.amount, line.refunded])).toEqual([
      [19, false],
      [19, false],
    ]);
    const second = before.lines[1] as Line;

    // The provider already sent the 19 back: the admin records no more money, only which line it paid for.
    const taken = await takeBack(orderId, { purchase_ids: [second.id], amount: 0 });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().data).toMatchObject({ status: 'paid', refunded: 19, refund_review: false });
    expect(taken.json().data.settled_by).toBe(admin.username);
    expect((taken.json().data.lines as Line[]).map((line) => line.refunded)).toEqual([false, true]);
    expect(await inQueue(orderId)).toBe(false);

    // The buyer keeps the first pack only; the purchases tab shows the second as refunded.
    expect((await templates(buyer)).map((folder) => folder.name)).toEqual([before.lines[0].name]);
    const bought = (await purchases(t.app, buyer)).items as Array<{ name: string; refunded: boolean }>;
    expect(bought.find((item) => item.name === second.name)?.refunded).toBe(true);
    expect(bought.find((item) => item.name === before.lines[0].name)?.refunded).toBe(false);
    // The commission drops by exactly that line's share: 20% of 19.
    expect(await commissions(referrer)).toMatchObject([{ amount: 7.6, reversed: 3.8 }]);
  });

  it('a double submit and two admins at once take back once; the line taken is refused with 409', async () => {
    const { referrer, orderId } = await flaggedOrder();
    const [first] = await linesOf(orderId);
    const body = { purchase_ids: [first?.id], amount: 0 };
    const replies = await Promise.all([
      takeBack(orderId, body),
      takeBack(orderId, body),
      takeBack(orderId, body),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409, 409]);
    const refused = replies.find((reply) => reply.statusCode === 409);
    expect(refused?.json().code).toBe('lineTakenBack');
    const again = await takeBack(orderId, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('lineTakenBack');
    expect(await commissions(referrer)).toMatchObject([{ amount: 7.6, reversed: 3.8 }]);
    expect((await linesOf(orderId)).map((line) => line.refunded)).toEqual([true, false]);
  });

  it('taking back every line refunds the whole order and cancels the commission whole', async () => {
    const { referrer, buyer, orderId } = await flaggedOrder();
    const all = await linesOf(orderId);
    // The other 19 went back by hand: recorded on the order.
    const taken = await takeBack(orderId, { purchase_ids: all.map((line) => line.id), amount: 19 });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().data).toMatchObject({ status: 'refunded', refunded: 38, refund_review: false });
    expect(await templates(buyer)).toEqual([]);
    expect(await commissions(referrer)).toMatchObject([{ amount: 7.6, reversed: 7.6 }]);
  });

  it("refuses more money than is left, another order's purchase, bad bodies and non-admins", async () => {
    const { buyer, orderId } = await flaggedOrder();
    const [first] = await linesOf(orderId);
    const other = await flaggedOrder();
    const [foreign] = await linesOf(other.orderId);

    // 38 paid, 19 refunded by card: at most 19 more can have gone back.
    const over = await takeBack(orderId, { purchase_ids: [first?.id], amount: 19.01 });
    expect(over.statusCode).toBe(400);
    expect(over.json().code).toBe('refundOverPaid');
    expect((await takeBack(orderId, { purchase_ids: [foreign?.id], amount: 0 })).statusCode).toBe(404);
    expect((await takeBack(orderId, { purchase_ids: [first?.id, foreign?.id], amount: 0 })).statusCode).toBe(
      404,
    );
    expect((await takeBack(999_999, { purchase_ids: [first?.id], amount: 0 })).statusCode).toBe(404);
    for (const body of [
      { purchase_ids: [], amount: 0 },
      { purchase_ids: [first?.id], amount: -1 },
      { purchase_ids: [first?.id], amount: 1.005 },
      { purchase_ids: [first?.id, first?.id], amount: 0 },
      { purchase_ids: [first?.id] },
    ]) {
      expect((await takeBack(orderId, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await takeBack(orderId, { purchase_ids: [first?.id], amount: 0 }, buyer)).statusCode).toBe(403);
    expect((await nothing(orderId, buyer)).statusCode).toBe(403);
    expect((await lines(orderId, buyer)).statusCode).toBe(403);
    expect(
      (await takeBack(orderId, { purchase_ids: [first?.id], amount: 0 }, null as never)).statusCode,
    ).toBe(401);
    // Nothing was taken by the refused calls.
    expect((await linesOf(orderId)).every((line) => !line.refunded)).toBe(true);
    expect((await lines(orderId)).json().data.refunded).toBe(19);
  });

  it('"nothing to take back" clears the flag once, recorded with the admin and time', async () => {
    const { buyer, orderId } = await flaggedOrder();
    const replies = await Promise.all([nothing(orderId), nothing(orderId)]);
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200]);
    const closed = (await lines(orderId)).json().data;
    expect(closed).toMatchObject({ refund_review: false, settled_by: admin.username });
    expect(Date.parse(closed.settled_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(await inQueue(orderId)).toBe(false);
    expect((await templates(buyer)).length).toBe(2);
    // An order never flagged has nothing to close.
    const plain = await buyBoth(await registerUser(t.app));
    const refused = await nothing(plain.orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('noRefundToCheck');
  });

  it('takes back a line of a card transfer the owner refunded by hand', async () => {
    const buyer = await registerUser(t.app);
    const claim = await as(t.app, buyer, {
      method: 'POST',
      url: '/api/v1/manual_payment',
      payload: { method: 'card', pay_for_shop: true, ...both(), payment_source: `card ${buyer.id}4242` },
    });
    expect(claim.statusCode, claim.body).toBe(200);
    const orderId = claim.json().data.id as number;
    // Not paid yet: nothing to take back.
    expect((await takeBack(orderId, { purchase_ids: [1], amount: 0 })).statusCode).toBe(409);
    const confirmed = await as(t.app, admin, {
      method: 'POST',
      url: `/api/v1/admin/manual_payments/${orderId}/confirm`,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [first, second] = await linesOf(orderId);
    const taken = await takeBack(orderId, { purchase_ids: [first?.id], amount: 19 });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().data).toMatchObject({ status: 'paid', refunded: 19 });
    expect((await templates(buyer)).map((folder) => folder.name)).toEqual([second?.name]);
    // 19 paid is left: the rest refunded by hand empties the order.
    expect((await takeBack(orderId, { purchase_ids: [second?.id], amount: 19.5 })).statusCode).toBe(400);
    const rest = await takeBack(orderId, { purchase_ids: [second?.id], amount: 19 });
    expect(rest.json().data).toMatchObject({ status: 'refunded', refunded: 38 });
    expect(await templates(buyer)).toEqual([]);
    expect((await me(t.app, buyer)).is_premium).toBe(false);
    // The admin still finds it, under Refunded, though it was not a card order.
    const refunded = await as(t.app, admin, {
      method: 'GET',
      url: '/api/v1/admin/manual_payments',
      query: { status: 'refunded', per_page: '100' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data.list.map((order: { id: number }) => order.id)).toContain(orderId);
  });
});
