// The card provider's Refund and Cancel notifications take back what the order granted: Premium, the strategy packs'
// ready-made charts, the courses, and the referrer's commission on the money that went back. Replays take back once;
// forged, unknown, mismatched or excessive refunds change nothing.
import { afterAll, beforeAll, expect, it } from 'vitest';

import { as, registerUser, type Session } from './helpers/api.ts';
import {
  type CostData,
  me,
  notify,
  payFields,
  premiumCost,
  PROVIDER_ENV,
  purchases,
  referredBuyer,
  refundFields,
  shopCost,
} from './helpers/payments.ts';
import { openSeededStore } from './helpers/store.ts';
import { describeEachDatabase, type TestApp } from './helpers/test-app.ts';

// CloudPayments transaction numbers are integers (Long); each test takes fresh ones.
let lastTransaction = 7_000_000;
const transaction = () => String(++lastTransaction);

describeEachDatabase('card refunds and cancellations', (kind) => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => ({ t, admin } = await openSeededStore(kind, PROVIDER_ENV)));
  afterAll(async () => t.close());

  const referred = () => referredBuyer(t.app);
  const store = async (user: Session) =>
    (await as(t.app, user, { method: 'GET', url: '/api/shop' })).json().data.list;
  const pay = async (cost: CostData) => {
    const fields = payFields(cost, transaction());
    expect((await notify(t.app, 'pay', fields)).json()).toEqual({ code: 0 });
    return fields;
  };
  /** Premium plus the Premium-only push/fold pack's strategy (25 + 15 USD), paid by card. */
  const buyPremiumAndPack = async (buyer: Session) => {
    const pack = (await store(buyer))[1];
    const product = pack.products[0].id as number;
    const cost = await shopCost(t.app, buyer, {
      package_id: pack.id,
      products: [product],
      video_courses: [],
    });
    expect(cost.cloud_payments.price).toBe(40);
    return { fields: await pay(cost), product, packId: pack.id as number };
  };
  /** The buyer's top-level tournament folders: the ready-made ones (templates) or the buyer's own. */
  const topLevel = async (user: Session, template: boolean) =>
    (
      await as(t.app, user, {
        method: 'GET',
        url: '/api/v1/categories/tree',
        query: { root_type: 'tournament_root' },
      })
    )
      .json()
      .data.children.filter((node: { is_template: boolean }) => node.is_template === template) as Array<{
      id: number;
    }>;
  const templates = (user: Session) => topLevel(user, true);
  const commissions = async (referrer: Session) =>
    (
      await as(t.app, referrer, { method: 'GET', url: '/api/v1/users/userprofile/affiliate_purchases' })
    ).json().data.items as Array<{ amount: number; reversed: number }>;
  const adminList = async (query: Record<string, string>) =>
    (await as(t.app, admin, { method: 'GET', url: '/api/v1/admin/manual_payments', query })).json().data
      .list as Array<{
      id: number;
      user_id: number;
      status: string;
      card_refunded: number;
      refund_review: boolean;
      refund_due: number;
    }>;
  const refund = (fields: ReturnType<typeof payFields>, amount: number, id = transaction()) =>
    notify(t.app, 'refund', refundFields(fields, id, amount));

  it('a full refund takes back Premium, the pack and the commission; copies the buyer made stay', async () => {
    const { referrer, buyer } = await referred();
    const { fields, product } = await buyPremiumAndPack(buyer);
    const [template] = await templates(buyer);
    const copied = await as(t.app, buyer, {
      method: 'POST',
      url: `/api/v1/categories/${template?.id}/create_from_template`,
    });
    expect(copied.statusCode).toBe(200);
    expect(await commissions(referrer)).toMatchObject([{ amount: 8, reversed: 0 }]);

    expect((await refund(fields, 40)).json()).toEqual({ code: 0 });
    // The payment's own notification sent again later is answered as taken, and grants nothing back.
    expect((await notify(t.app, 'pay', fields)).json()).toEqual({ code: 0 });

    expect((await me(t.app, buyer)).is_premium).toBe(false);
    expect(await templates(buyer)).toEqual([]);
    expect((await topLevel(buyer, false)).map((node) => node.id)).toEqual([copied.json().data.id]);
    const bought = await purchases(t.app, buyer);
    expect(bought.items.map((item: { refunded: boolean }) => item.refunded)).toEqual([true, true]);
    expect(await commissions(referrer)).toMatchObject([{ amount: 8, reversed: 8 }]);
    // The pack is for sale to the buyer again, at its full price with Premium.
    const listed = (await store(buyer))[1].products.find((item: { id: number }) => item.id === product);
    expect(listed.owned).toBe(false);
    const again = await shopCost(t.app, buyer, {
      package_id: (await store(buyer))[1].id,
      products: [product],
      video_courses: [],
    });
    expect(again.cloud_payments.price).toBe(40);
    // Bought again, both are delivered again beside the refunded purchases, which stay listed as refunded.
    await pay(again);
    expect((await me(t.app, buyer)).is_premium).toBe(true);
    expect(await templates(buyer)).toHaveLength(1);
    const flags = (await purchases(t.app, buyer)).items.map((item: { refunded: boolean }) => item.refunded);
    expect(flags.sort()).toEqual([false, false, true, true]);
    // The admin sees the order as refunded by card.
    const refunded = (await adminList({ status: 'refunded' })).find(
      (order) => order.id === Number(fields.InvoiceId),
    );
    expect(refunded).toMatchObject({ status: 'refunded', card_refunded: 40, refund_review: false });
  });

  it("a copy of a chart inside the pack's folder is the buyer's own: it lands outside and outlives a refund", async () => {
    const { buyer } = await referred();
    const { fields } = await buyPremiumAndPack(buyer);
    const [pack] = await templates(buyer);
    const tree = await as(t.app, buyer, {
      method: 'GET',
      url: '/api/v1/categories/tree',
      query: { root_type: 'tournament_root' },
    });
    const folder = tree.json().data.children.find((node: { id: number }) => node.id === pack?.id);
    const inside = folder.children[0] as { id: number; name: string };
    // "Copy up" on a ready-made chart (the library offers it on every row): an editable copy of the buyer's own.
    const copied = await as(t.app, buyer, { method: 'POST', url: `/api/v1/categories/${inside.id}/copy/up` });
    expect(copied.statusCode, copied.body).toBe(200);
    const id = copied.json().data.id as number;
    const painted = await as(t.app, buyer, {
      method: 'POST',
      url: `/api/v1/categories/${id}`,
      payload: { note: 'my own read of this spot' },
    });
    expect(painted.statusCode, painted.body).toBe(200);

    expect((await refund(fields, 40)).json()).toEqual({ code: 0 });
    expect(await templates(buyer)).toEqual([]);
    const kept = await as(t.app, buyer, { method: 'GET', url: `/api/v1/categories/${id}` });
    expect(kept.statusCode, kept.body).toBe(200);
    // Outside the ready-made folder, where "Add inside" is never offered either.
    expect(kept.json().data).toMatchObject({
      note: 'my own read of this spot',
      is_template: false,
      parent_id: null,
    });
  });

  it("a refund keeps the buyer's own charts an older version let into the pack's folder", async () => {
    const { buyer } = await referred();
    const { fields } = await buyPremiumAndPack(buyer);
    const [pack] = await templates(buyer);
    const db = t.app.services.db.kysely;
    const inside = await db
      .selectFrom('categories')
      .selectAll()
      .where('parent_id', '=', pack?.id as number)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    // As "Copy up" made it before: the buyer's editable copy sat inside the ready-made folder, painted since.
    const { id: own } = await db
      .insertInto('categories')
      .values({ ...inside, id: undefined, name: 'My copy', note: 'painted', is_template: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();

    expect((await refund(fields, 40)).json()).toEqual({ code: 0 });
    expect(await templates(buyer)).toEqual([]);
    const kept = await as(t.app, buyer, { method: 'GET', url: `/api/v1/categories/${own}` });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({ name: 'My copy', note: 'painted', parent_id: null });
  });

  it('a refunded Premium player is refused Premium features again (402)', async () => {
    const buyer = await registerUser(t.app);
    const fields = await pay(await premiumCost(t.app, buyer));
    const folder = await as(t.app, buyer, {
      method: 'POST',
      url: '/api/v1/categories',
      payload: { name: 'Mine', kind: 'folder', root_type: 'preflop_root', parent_id: null },
    });
    expect(folder.statusCode, folder.body).toBe(200);
    const move = () =>
      as(t.app, buyer, { method: 'POST', url: `/api/v1/categories/${folder.json().data.id}/move/up` });
    expect((await move()).statusCode).not.toBe(402);
    expect((await refund(fields, 25)).json()).toEqual({ code: 0 });
    expect((await move()).statusCode).toBe(402);
  });

  it('the same refund sent twice takes back once', async () => {
    const { referrer, buyer } = await referred();
    const { fields } = await buyPremiumAndPack(buyer);
    const id = transaction();
    // A refund of the pack's line alone (15 of 40): replayed, the commission drops by 20% of 15 once.
    expect((await refund(fields, 15, id)).json()).toEqual({ code: 0 });
    expect((await refund(fields, 15, id)).json()).toEqual({ code: 0 });
    const replies = await Promise.all([refund(fields, 15, id), refund(fields, 15, id)]);
    expect(replies.map((reply) => reply.json())).toEqual([{ code: 0 }, { code: 0 }]);
    expect(await commissions(referrer)).toMatchObject([{ amount: 8, reversed: 3 }]);
    expect((await me(t.app, buyer)).is_premium).toBe(true);
    expect(await templates(buyer)).toEqual([]);
    const kinds = (await purchases(t.app, buyer)).items.map(
      (item: { kind: string; refunded: boolean }) => `${item.kind}:${item.refunded}`,
    );
    expect(kinds.sort()).toEqual(['premium:false', 'product:true']);
  });

  it('refuses a forged or unsigned refund', async () => {
    const buyer = await registerUser(t.app);
    const fields = await pay(await premiumCost(t.app, buyer));
    const body = refundFields(fields, transaction(), 25);
    expect((await notify(t.app, 'refund', body, 'wrong-secret')).statusCode).toBe(401);
    expect((await notify(t.app, 'refund', body, null)).statusCode).toBe(401);
    expect((await notify(t.app, 'cancel', body, 'wrong-secret')).statusCode).toBe(401);
    expect((await me(t.app, buyer)).is_premium).toBe(true);
  });

  it('refuses an unknown order or payment, another account, a currency mismatch and changes nothing', async () => {
    const buyer = await registerUser(t.app);
    const fields = await pay(await premiumCost(t.app, buyer));
    const body = refundFields(fields, transaction(), 25);
    const answer = async (changes: Record<string, string>) =>
      (await notify(t.app, 'refund', { ...body, ...changes })).json();
    expect(await answer({ InvoiceId: '999999' })).toEqual({ code: 10 });
    expect(await answer({ PaymentTransactionId: transaction() })).toEqual({ code: 10 });
    expect(await answer({ AccountId: '999999' })).toEqual({ code: 11 });
    expect(await answer({ Currency: 'RUB' })).toEqual({ code: 12 });
    const malformed = await notify(t.app, 'refund', { ...body, Amount: 'lots' });
    expect(malformed.statusCode).toBe(400);
    expect((await me(t.app, buyer)).is_premium).toBe(true);
    expect((await purchases(t.app, buyer)).items[0].refunded).toBe(false);
  });

  it('refuses a refund larger than what was paid, or than what is left', async () => {
    const buyer = await registerUser(t.app);
    const { fields } = await buyPremiumAndPack(buyer);
    expect((await refund(fields, 40.01)).json()).toEqual({ code: 12 });
    expect((await refund(fields, 15)).json()).toEqual({ code: 0 });
    expect((await refund(fields, 25.01)).json()).toEqual({ code: 12 });
    expect((await me(t.app, buyer)).is_premium).toBe(true);
    // The rest of it completes the refund: what is left (Premium) is taken back.
    expect((await refund(fields, 25)).json()).toEqual({ code: 0 });
    expect((await me(t.app, buyer)).is_premium).toBe(false);
  });

  it('two refunds sent at once that together pass what was paid: one is refused', async () => {
    const buyer = await registerUser(t.app);
    const { fields } = await buyPremiumAndPack(buyer);
    const replies = await Promise.all([refund(fields, 25), refund(fields, 25)]);
    const codes = replies.map((reply) => reply.json().code as number);
    expect(codes.sort((a, b) => a - b)).toEqual([0, 12]);
    // The one taken is Premium's line (25): Premium goes, the pack stays.
    expect((await me(t.app, buyer)).is_premium).toBe(false);
    expect(await templates(buyer)).toHaveLength(1);
  });

  it('a partial refund matching no line takes back nothing and flags the order for the admin', async () => {
    const { referrer, buyer } = await referred();
    const { fields } = await buyPremiumAndPack(buyer);
    expect((await refund(fields, 7)).json()).toEqual({ code: 0 });
    expect((await me(t.app, buyer)).is_premium).toBe(true);
    expect(await templates(buyer)).toHaveLength(1);
    expect(await commissions(referrer)).toMatchObject([{ amount: 8, reversed: 0 }]);
    const flagged = (await adminList({ queue: 'refunds' })).find((order) => order.user_id === buyer.id);
    expect(flagged).toMatchObject({ status: 'paid', card_refunded: 7, refund_review: true });
    // The admin decides and marks it handled: the order leaves the queue.
    const done = await as(t.app, admin, {
      method: 'POST',
      url: `/api/v1/admin/manual_payments/${flagged?.id}/refunded`,
    });
    expect(done.statusCode).toBe(200);
    expect((await adminList({ queue: 'refunds' })).some((order) => order.user_id === buyer.id)).toBe(false);
    // The order says which admin closed the flag, and when.
    const settled = await as(t.app, admin, {
      method: 'GET',
      url: `/api/v1/admin/orders/${flagged?.id}/lines`,
    });
    expect(settled.json().data).toMatchObject({ refund_review: false, settled_by: admin.username });
    expect(settled.json().data.settled_at).toEqual(expect.any(String));
  });

  it('a refund before the payment is settled is refused, so the provider sends it again later', async () => {
    const buyer = await registerUser(t.app);
    const cost = await premiumCost(t.app, buyer);
    const fields = payFields(cost, transaction());
    const body = refundFields(fields, transaction(), 25);
    expect((await notify(t.app, 'refund', body)).json()).toEqual({ code: 13 });
    expect((await notify(t.app, 'pay', fields)).json()).toEqual({ code: 0 });
    expect((await notify(t.app, 'refund', body)).json()).toEqual({ code: 0 });
    expect((await me(t.app, buyer)).is_premium).toBe(false);
  });

  it('a cancelled payment (Cancel notification) takes back the whole order once', async () => {
    const { referrer, buyer } = await referred();
    const { fields } = await buyPremiumAndPack(buyer);
    const body = {
      TransactionId: fields.TransactionId,
      Amount: '40.00',
      DateTime: '2026-11-24 12:00:00',
      InvoiceId: fields.InvoiceId,
      AccountId: fields.AccountId,
    };
    expect((await notify(t.app, 'cancel', { ...body, Amount: '39.00' })).json()).toEqual({ code: 12 });
    expect((await notify(t.app, 'cancel', body)).json()).toEqual({ code: 0 });
    expect((await notify(t.app, 'cancel', body)).json()).toEqual({ code: 0 });
    expect((await me(t.app, buyer)).is_premium).toBe(false);
    expect(await templates(buyer)).toEqual([]);
    expect(await commissions(referrer)).toMatchObject([{ amount: 8, reversed: 8 }]);
  });
});
