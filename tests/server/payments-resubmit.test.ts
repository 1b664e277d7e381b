// A manual payment rejected before the money showed (a chain transfer not yet confirmed, a card transfer not yet
// on the statement) used to burn its confirmation: the buyer could not send it again (paymentSourceUsed) and the
// admin could not confirm a rejected payment, so money that did arrive could never be credited. The buyer may now
// send a rejected confirmation again: the same order goes back to the admin's queue, priced as of today.
import { afterAll, beforeAll, expect, it } from 'vitest';

import { as, registerUser, type Session } from './helpers/api.ts';
import { me, purchases, requestQuote } from './helpers/payments.ts';
import { openSeededStore } from './helpers/store.ts';
import { describeEachDatabase, type TestApp } from './helpers/test-app.ts';

describeEachDatabase('a rejected manual payment sent again', (kind) => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => ({ t, admin } = await openSeededStore(kind)));
  afterAll(async () => t.close());

  const send = async (user: Session, method: string, source: string) => {
    // Picking the coin quotes it (refused once nothing is left to pay: the claim then says so itself).
    if (method !== 'card') await requestQuote(t.app, user, method, { pay_for_premium: true });
    return as(t.app, user, {
      method: 'POST',
      url: '/api/v1/manual_payment',
      payload: { method, payment_source: source, pay_for_premium: true },
    });
  };
  const decide = (id: number, decision: 'confirm' | 'reject') =>
    as(t.app, admin, { method: 'POST', url: `/api/v1/admin/manual_payments/${id}/${decision}` });

  it.each([
    ['btc', 'bc1-transfer'],
    ['card', 'card 4242'],
  ])('%s: rejected, sent again, confirmed once the money is there', async (method, text) => {
    const user = await registerUser(t.app);
    const source = `${text} ${user.id}`;
    const first = await send(user, method, source);
    expect(first.statusCode, first.body).toBe(200);
    const id = first.json().data.id as number;
    expect((await decide(id, 'reject')).statusCode).toBe(200);

    const again = await send(user, method, source.toUpperCase());
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ id, status: 'pending', payment_source: source });
    // While it waits again it counts once, as before.
    expect((await send(user, method, source)).json()).toMatchObject({ code: 'paymentSourceUsed' });

    expect((await decide(id, 'confirm')).statusCode).toBe(200);
    expect((await me(t.app, user)).is_premium).toBe(true);
    expect((await purchases(t.app, user)).total).toBe(1);
    // Paid: never again (Premium held, so nothing is left to pay; the order stays paid).
    expect((await send(user, method, source)).statusCode).toBe(400);
    expect(
      await t.app.services.db.kysely
        .selectFrom('orders')
        .select('status')
        .where('user_id', '=', user.id)
        // The card order the payment window opened stays beside the claim.
        .where('method', '!=', 'cloudpayments')
        .execute(),
    ).toEqual([{ status: 'paid' }]);
  });

  it('a rejected chain transaction is reopened for its own claimant only', async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const source = `tron-${owner.id}-taken`;
    const id = (await send(owner, 'tether', source)).json().data.id as number;
    expect((await decide(id, 'reject')).statusCode).toBe(200);
    // Another user's claim of the same id is a claim of its own, beside the owner's (payments-crypto.test.ts).
    const another = await send(other, 'tether', source);
    expect(another.statusCode, another.body).toBe(200);
    expect(another.json().data.id).not.toBe(id);
  });

  it('the same rejected confirmation sent twice at once reopens the order once', async () => {
    const user = await registerUser(t.app);
    const source = `bc1-burst-${user.id}`;
    const id = (await send(user, 'btc', source)).json().data.id as number;
    expect((await decide(id, 'reject')).statusCode).toBe(200);
    const answers = await Promise.all([send(user, 'btc', source), send(user, 'btc', source)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const orders = await t.app.services.db.kysely
      .selectFrom('orders')
      .select(['id', 'status'])
      .where('user_id', '=', user.id)
      .where('method', '!=', 'cloudpayments')
      .execute();
    expect(orders).toEqual([{ id, status: 'pending' }]);
  });

  it('a rejected chain claim sent again for other contents expects their own amount, not the first one', async () => {
    const user = await registerUser(t.app);
    const source = `bc1-swap-${user.id}`;
    // The first sending: Premium alone, at the amount quoted for it (what the transaction carries).
    const first = await send(user, 'btc', source);
    const id = first.json().data.id as number;
    const cheap = await t.app.services.db.kysely
      .selectFrom('orders')
      .select('expected_amount')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect((await decide(id, 'reject')).statusCode).toBe(200);

    // Sent again naming Premium and the whole push/fold pack: 40 USD more than the transaction paid for.
    const pack = (await as(t.app, user, { method: 'GET', url: '/api/shop' })).json().data.list[1];
    const scope = {
      pay_for_premium: true,
      package_id: pack.id as number,
      products: pack.products.map((item: { id: number }) => item.id) as number[],
      video_courses: pack.video_courses.map((item: { id: number }) => item.id) as number[],
    };
    const quoted = (await requestQuote(t.app, user, 'btc', scope)).json().data.price as number;
    const again = await as(t.app, user, {
      method: 'POST',
      url: '/api/v1/manual_payment',
      payload: { method: 'btc', payment_source: source, ...scope },
    });
    expect(again.statusCode, again.body).toBe(200);
    const reopened = await t.app.services.db.kysely
      .selectFrom('orders')
      .select(['id', 'amount', 'expected_amount'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(reopened.amount).toBeGreaterThan(2500);
    // The admin confirms a claim whose transaction carries exactly the expected amount: the first sending's amount
    // would have delivered the whole pack for the price of Premium.
    expect(reopened.expected_amount).not.toBe(cheap.expected_amount);
    expect(reopened.expected_amount).toBe(quoted.toFixed(8));
  });
});
