// Two tabs (a double click, a retried widget) show the card widget for the same invoice: both Checks pass and the
// provider charges the card twice. The second charge paid for nothing: it is recorded once, grants nothing, waits in
// the admin's refund queue and is settled by the provider's refund of it or by an admin; every Pay is answered 0.
import { afterAll, beforeAll, expect, it } from 'vitest';

import { as, registerUser, type Session } from './helpers/api.ts';
import {
  type CostData,
  me,
  notify,
  orderStatus,
  payFields,
  premiumCost,
  PROVIDER_ENV,
  purchases,
  referralTotal,
  referredBuyer,
  refundFields,
} from './helpers/payments.ts';
import { openSeededStore } from './helpers/store.ts';
import { describeEachDatabase, type TestApp } from './helpers/test-app.ts';

let lastTransaction = 9_000_000;
const transaction = () => String(++lastTransaction);

interface ExtraCharge {
  id: number;
  order_id: number;
  transaction_id: string;
  amount: number;
  currency: string;
  reason: string;
  card_refunded: number;
  refunded_at: string | null;
  refunded_by: string | null;
}
interface QueuedOrder {
  id: number;
  user_id: number;
  username: string;
  status: string;
  extra_charges: ExtraCharge[];
}

describeEachDatabase('extra card charges on one invoice', (kind) => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => ({ t, admin } = await openSeededStore(kind, PROVIDER_ENV)));
  afterAll(async () => t.close());

  const answer = async (kindOf: Parameters<typeof notify>[1], fields: Record<string, string>) =>
    (await notify(t.app, kindOf, fields)).json();
  const refundQueue = async () =>
    (
      await as(t.app, admin, {
        method: 'GET',
        url: '/api/v1/admin/manual_payments',
        query: { queue: 'refunds', per_page: '100' },
      })
    ).json().data.list as QueuedOrder[];
  const queued = async (orderId: number) => (await refundQueue()).find((order) => order.id === orderId);
  const stored = (orderId: number) =>
    t.app.services.db.kysely
      .selectFrom('extra_charges')
      .selectAll()
      .where('order_id', '=', orderId)
      .execute();
  const refundOf = (paid: Record<string, string>, amount: number, id = transaction()) =>
    notify(t.app, 'refund', refundFields(paid as ReturnType<typeof payFields>, id, amount));
  const markRefunded = (user: Session | null, id: number | string) =>
    as(t.app, user, { method: 'POST', url: `/api/v1/admin/extra_charges/${id}/refunded` });

  /** A buyer's Premium order (25 USD) charged twice: both Checks answered 0 before either Pay. */
  const chargedTwice = async (buyer: Session) => {
    const cost: CostData = await premiumCost(t.app, buyer);
    // The second tab's cost call reuses the same open order: one invoice in both widgets.
    const again = await premiumCost(t.app, buyer);
    expect(again.cloud_payments_params.order_id).toBe(cost.cloud_payments_params.order_id);
    const first = payFields(cost, transaction());
    const second = payFields(again, transaction());
    expect(await answer('check', first)).toEqual({ code: 0 });
    expect(await answer('check', second)).toEqual({ code: 0 });
    return { orderId: cost.cloud_payments_params.order_id, first, second };
  };

  it('two checks then two pays: one settlement, the second charge recorded once and queued', async () => {
    const { referrer, buyer } = await referredBuyer(t.app);
    const { orderId, first, second } = await chargedTwice(buyer);
    expect(await answer('pay', first)).toEqual({ code: 0 });
    expect(await answer('pay', second)).toEqual({ code: 0 });
    // The provider's replays of both change nothing.
    expect(await answer('pay', second)).toEqual({ code: 0 });
    expect(await answer('pay', first)).toEqual({ code: 0 });

    expect(await orderStatus(t.app, orderId)).toBe('paid');
    expect((await me(t.app, buyer)).is_premium).toBe(true);
    const bought = await purchases(t.app, buyer);
    expect(bought.total).toBe(1);
    expect(await referralTotal(t.app, referrer)).toBe(1);
    expect(await stored(orderId)).toHaveLength(1);

    const order = await queued(orderId);
    expect(order).toMatchObject({ user_id: buyer.id, username: buyer.username, status: 'paid' });
    expect(order?.extra_charges).toEqual([
      expect.objectContaining({
        order_id: orderId,
        transaction_id: second.TransactionId,
        amount: 25,
        currency: 'USD',
        reason: 'paid_twice',
        card_refunded: 0,
        refunded_at: null,
        refunded_by: null,
      }),
    ]);
  });

  it('concurrent copies of the second charge, and two charges at once, are each recorded once', async () => {
    const buyer = await registerUser(t.app);
    const { orderId, first, second } = await chargedTwice(buyer);
    expect(await answer('pay', first)).toEqual({ code: 0 });
    const copies = await Promise.all(Array.from({ length: 6 }, () => notify(t.app, 'pay', second)));
    expect(copies.map((copy) => copy.json())).toEqual(Array.from({ length: 6 }, () => ({ code: 0 })));
    expect((await stored(orderId)).map((row) => row.transaction_id)).toEqual([second.TransactionId]);

    // Both charges of another buyer's invoice arriving together: one pays the order, the other is extra.
    const other = await registerUser(t.app);
    const both = await chargedTwice(other);
    const answers = await Promise.all([
      notify(t.app, 'pay', both.first),
      notify(t.app, 'pay', both.second),
      notify(t.app, 'pay', both.first),
      notify(t.app, 'pay', both.second),
    ]);
    expect(answers.map((one) => one.json())).toEqual(Array.from({ length: 4 }, () => ({ code: 0 })));
    expect((await purchases(t.app, other)).total).toBe(1);
    const paidWith = await t.app.services.db.kysely
      .selectFrom('orders')
      .select('transaction_id')
      .where('id', '=', both.orderId)
      .executeTakeFirstOrThrow();
    const extra = await stored(both.orderId);
    expect(extra).toHaveLength(1);
    expect([paidWith.transaction_id, extra[0]?.transaction_id].sort()).toEqual(
      [both.first.TransactionId, both.second.TransactionId].sort(),
    );
  });

  it("the provider's refund of the extra charge settles it alone; the payment's refund works as before", async () => {
    const buyer = await registerUser(t.app);
    const { orderId, first, second } = await chargedTwice(buyer);
    await answer('pay', first);
    await answer('pay', second);

    // Part of it, then more than is left (refused), then the rest; a replay counts once.
    expect((await refundOf(second, 10)).json()).toEqual({ code: 0 });
    expect((await queued(orderId))?.extra_charges[0]).toMatchObject({ card_refunded: 10, refunded_at: null });
    expect((await refundOf(second, 15.01)).json()).toEqual({ code: 12 });
    const rest = transaction();
    expect((await refundOf(second, 15, rest)).json()).toEqual({ code: 0 });
    expect((await refundOf(second, 15, rest)).json()).toEqual({ code: 0 });
    // Settled, it leaves the queue; the order and what it delivered stay.
    expect(await queued(orderId)).toBeUndefined();
    const [row] = await stored(orderId);
    expect(row).toMatchObject({ card_refunded: 2500, refunded_by: null });
    expect(row?.refunded_at).toEqual(expect.any(String));
    expect(await orderStatus(t.app, orderId)).toBe('paid');
    expect((await me(t.app, buyer)).is_premium).toBe(true);
    expect((await purchases(t.app, buyer)).items[0].refunded).toBe(false);
    // An admin can no longer mark it: it is settled.
    expect((await markRefunded(admin, row?.id as number)).statusCode).toBe(409);

    // The order's own payment is refunded as before: the order goes back whole.
    expect((await refundOf(first, 25)).json()).toEqual({ code: 0 });
    expect(await orderStatus(t.app, orderId)).toBe('refunded');
    expect((await me(t.app, buyer)).is_premium).toBe(false);
    expect((await stored(orderId))[0]).toMatchObject({ card_refunded: 2500 });
  });

  it('a cancel of the extra charge voids it whole, and only a cancel of its full amount', async () => {
    const buyer = await registerUser(t.app);
    const { orderId, first, second } = await chargedTwice(buyer);
    await answer('pay', first);
    await answer('pay', second);
    const cancel = {
      TransactionId: second.TransactionId,
      Amount: '25.00',
      DateTime: '2026-11-24 12:00:00',
      InvoiceId: second.InvoiceId,
      AccountId: second.AccountId,
    };
    expect(await answer('cancel', { ...cancel, Amount: '24.00' })).toEqual({ code: 12 });
    expect(await answer('cancel', cancel)).toEqual({ code: 0 });
    expect(await answer('cancel', cancel)).toEqual({ code: 0 });
    expect((await stored(orderId))[0]).toMatchObject({ card_refunded: 2500 });
    expect(await orderStatus(t.app, orderId)).toBe('paid');
    expect((await me(t.app, buyer)).is_premium).toBe(true);
  });

  it('a pay for a refunded order, or of the wrong amount, is recorded as extra and grants nothing', async () => {
    const buyer = await registerUser(t.app);
    const cost = await premiumCost(t.app, buyer);
    const orderId = cost.cloud_payments_params.order_id;
    // A charge of the wrong amount (a tampered widget): nothing settled, the order still payable at its price.
    const cheap = { ...payFields(cost, transaction()), Amount: '0.01' };
    expect(await answer('pay', cheap)).toEqual({ code: 0 });
    expect(await orderStatus(t.app, orderId)).toBe('pending');
    expect((await me(t.app, buyer)).is_premium).toBe(false);

    const paid = payFields(cost, transaction());
    expect(await answer('pay', paid)).toEqual({ code: 0 });
    expect((await refundOf(paid, 25)).json()).toEqual({ code: 0 });
    expect(await orderStatus(t.app, orderId)).toBe('refunded');
    const late = payFields(cost, transaction());
    expect(await answer('pay', late)).toEqual({ code: 0 });
    expect(await answer('pay', late)).toEqual({ code: 0 });
    expect(await orderStatus(t.app, orderId)).toBe('refunded');
    expect((await me(t.app, buyer)).is_premium).toBe(false);
    expect((await purchases(t.app, buyer)).total).toBe(1);
    expect((await queued(orderId))?.extra_charges).toEqual([
      expect.objectContaining({ transaction_id: cheap.TransactionId, amount: 0.01, reason: 'wrong_amount' }),
      expect.objectContaining({ transaction_id: late.TransactionId, amount: 25, reason: 'order_refunded' }),
    ]);
  });

  it('the admin marks an extra charge refunded by hand: admins only, once, named', async () => {
    const buyer = await registerUser(t.app);
    const { orderId, first, second } = await chargedTwice(buyer);
    await answer('pay', first);
    await answer('pay', second);
    const [charge] = (await queued(orderId))?.extra_charges ?? [];
    const id = charge?.id as number;

    expect((await markRefunded(null, id)).statusCode).toBe(401);
    expect((await markRefunded(buyer, id)).statusCode).toBe(403);
    expect((await markRefunded(admin, 'abc')).statusCode).toBe(400);
    expect((await markRefunded(admin, 2_147_483_647)).statusCode).toBe(404);
    expect(await queued(orderId)).toBeDefined();

    const marked = await markRefunded(admin, id);
    expect(marked.statusCode).toBe(200);
    expect(marked.json().data).toMatchObject({
      id,
      transaction_id: second.TransactionId,
      refunded_by: admin.username,
    });
    expect(marked.json().data.refunded_at).toEqual(expect.any(String));
    expect((await markRefunded(admin, id)).statusCode).toBe(409);
    expect(await queued(orderId)).toBeUndefined();
    expect(await orderStatus(t.app, orderId)).toBe('paid');
    expect((await purchases(t.app, buyer)).total).toBe(1);
  });
});
