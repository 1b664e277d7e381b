// Payments in sandbox mode (what `npm start` runs without provider keys) and manual payments. Every attack on payments
// that lands here is a test: forged sandbox or provider signatures, fake payments crediting a referrer, 200 cost calls
// making 200 orders, card last-4 digits blocked across users.
import fs from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ERROR_MESSAGES } from '../../contract/errors.ts';
import { MANUAL_PENDING_MAX } from '../../server/modules/payments/payments.service.ts';
import { SANDBOX_KEY_FILE } from '../../server/modules/payments/sandbox.ts';
import { as, makePremium, registerUser, type Session } from './helpers/api.ts';
import {
  me,
  notify,
  payFields,
  pickCrypto,
  premiumCost,
  purchases,
  referralTotal,
  sandboxCharge,
} from './helpers/payments.ts';
import { openSeededStore } from './helpers/store.ts';
import { describeEachDatabase, type TestApp } from './helpers/test-app.ts';

describeEachDatabase('sandbox payments', (kind) => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => ({ t, admin } = await openSeededStore(kind)));
  afterAll(async () => t.close());

  const referred = async () => {
    const referrer = await registerUser(t.app);
    const buyer = await registerUser(t.app, { referral: (await me(t.app, referrer)).referral_token });
    return { referrer, buyer };
  };

  it('premium cost: $25 for English users, the RUB price for Russian users, signed widget params', async () => {
    const user = await registerUser(t.app);
    const data = await premiumCost(t.app, user);
    expect(data).toMatchObject({
      currency: 'USD',
      card: { price: 25, currency: 'USD' },
      cloud_payments: { price: 25 },
      premium_cost: 25,
      sandbox: true,
      cloud_payments_params: { user_id: user.id, pay_for_premium: true, pay_for_shop: false },
    });
    expect(data.cloud_payments_params.hash).toMatch(/^[0-9a-f]{64}$/);
    // Crypto: the plain price until the buyer picks a coin (payments-crypto-window.test.ts), then that buyer's few
    // satoshi or millionths of a USDT above it (payments-crypto.test.ts).
    expect(data.tether).toMatchObject({ price: 25, quoted: false });
    expect(data.btc).toMatchObject({ price: 0.00025, quoted: false });
    await as(t.app, user, { method: 'POST', url: '/api/v1/users/language', payload: { language: 'ru-RU' } });
    expect((await premiumCost(t.app, user)).cloud_payments).toEqual({ price: 2250 });
    expect((await as(t.app, null, { method: 'GET', url: '/api/v1/shop/cost/premium' })).statusCode).toBe(401);
  });

  it('a sandbox payment grants Premium and never pays the referrer', async () => {
    const { referrer, buyer } = await referred();
    const charge = await sandboxCharge(t.app, buyer, await premiumCost(t.app, buyer));
    expect(charge.json().data).toMatchObject({ status: 'paid', amount: 25, currency: 'USD' });
    expect((await me(t.app, buyer)).is_premium).toBe(true);
    expect(await purchases(t.app, buyer)).toMatchObject({
      total: 1,
      items: [{ kind: 'premium', amount: 25 }],
    });
    expect(await referralTotal(t.app, referrer)).toBe(0);
    expect((await premiumCost(t.app, buyer)).cloud_payments.price).toBe(0);
  });

  it('a declined sandbox card fails the order and grants nothing; a paid order cannot be charged again', async () => {
    const user = await registerUser(t.app);
    const cost = await premiumCost(t.app, user);
    expect((await sandboxCharge(t.app, user, cost, true)).json().data.status).toBe('failed');
    expect((await me(t.app, user)).is_premium).toBe(false);
    expect((await sandboxCharge(t.app, user, cost)).statusCode).toBe(409);
  });

  it('refuses a forged sandbox signature and another user’s order', async () => {
    const owner = await registerUser(t.app);
    const thief = await registerUser(t.app);
    const cost = await premiumCost(t.app, owner);
    const forged = {
      ...cost,
      cloud_payments_params: { ...cost.cloud_payments_params, hash: '0'.repeat(64) },
    };
    expect((await sandboxCharge(t.app, owner, forged)).json()).toMatchObject({ code: 'invalidSignature' });
    expect((await sandboxCharge(t.app, thief, cost)).statusCode).toBe(404);
    expect((await me(t.app, owner)).is_premium).toBe(false);
    expect((await me(t.app, thief)).is_premium).toBe(false);
  });

  it('the public provider routes refuse everything without real keys, whatever the signature', async () => {
    const { referrer, buyer } = await referred();
    const cost = await premiumCost(t.app, buyer);
    const fields = payFields(cost, `forged-${buyer.id}`);
    const sandboxKey = fs.readFileSync(path.join(t.config.dataDir, SANDBOX_KEY_FILE), 'utf8');
    // The old constant, the per-install sandbox key (should it leak), an empty key, no signature at all.
    for (const secret of ['sandbox-secret-rangeforge', sandboxKey, '', null]) {
      for (const kind of ['check', 'pay'] as const) {
        expect((await notify(t.app, kind, fields, secret)).statusCode).toBe(401);
      }
    }
    expect((await me(t.app, buyer)).is_premium).toBe(false);
    expect(await referralTotal(t.app, referrer)).toBe(0);
  });

  it('keeps its key in DATA_DIR, readable by the owner only, created once', async () => {
    const file = path.join(t.config.dataDir, SANDBOX_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const key = fs.readFileSync(file, 'utf8');
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(key).not.toBe(fs.readFileSync(file, 'utf8').replace(/./g, '0'));
    const { sandboxSecret } = await import('../../server/modules/payments/sandbox.ts');
    expect(sandboxSecret(t.config.dataDir)).toBe(key);
  });

  it('200 cost calls make one open order; stale orders expire and a new one opens', async () => {
    const user = await registerUser(t.app);
    const calls = await Promise.all(Array.from({ length: 200 }, () => premiumCost(t.app, user)));
    const orderIds = new Set(calls.map((cost) => cost.cloud_payments_params.order_id));
    expect(orderIds.size).toBe(1);
    const orders = () =>
      t.app.services.db.kysely.selectFrom('orders').selectAll().where('user_id', '=', user.id).execute();
    expect(await orders()).toHaveLength(1);
    // A day later the order is stale: the next cost call expires it and opens a fresh one.
    await t.app.services.db.kysely
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 25 * 3600_000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    const fresh = await premiumCost(t.app, user);
    expect(orderIds.has(fresh.cloud_payments_params.order_id)).toBe(false);
    expect((await orders()).map((order) => order.status).sort()).toEqual(['expired', 'pending']);
    // The expired order's widget data can no longer be charged.
    expect((await sandboxCharge(t.app, user, calls[0]!)).statusCode).toBe(409);
  });

  it('a price change replaces the open order instead of keeping one at the old price', async () => {
    const user = await registerUser(t.app);
    const usd = await premiumCost(t.app, user);
    await as(t.app, user, { method: 'POST', url: '/api/v1/users/language', payload: { language: 'ru-RU' } });
    const rub = await premiumCost(t.app, user);
    expect(rub.cloud_payments_params.order_id).not.toBe(usd.cloud_payments_params.order_id);
    expect((await sandboxCharge(t.app, user, usd)).statusCode).toBe(409);
    expect((await sandboxCharge(t.app, user, rub)).json().data).toMatchObject({
      status: 'paid',
      currency: 'RUB',
    });
  });

  describe('manual payments', () => {
    // A crypto claim expects the amount quoted when the buyer picked the coin in the window (once per buyer here).
    const picked = new Set<string>();
    const manual = async (user: Session | null, payload: Record<string, unknown>) => {
      const { method } = payload;
      if (user && (method === 'btc' || method === 'tether') && !picked.has(`${user.id}:${method}`)) {
        await pickCrypto(t.app, user, method);
        picked.add(`${user.id}:${method}`);
      }
      return as(t.app, user, { method: 'POST', url: '/api/v1/manual_payment', payload });
    };
    const premiumParams = {
      pay_for_premium: true,
      pay_for_shop: false,
      package_id: null,
      products: [],
      video_courses: [],
    };

    it.each([
      [{ method: 'card', payment_source: '' }, 'confirmRequired'],
      [{ method: 'card', payment_source: '   ' }, 'confirmRequired'],
      [{ method: 'card', payment_source: '12 34' }, 'invalidConfirmation'],
      [{ method: 'btc', payment_source: '123456' }, 'invalidConfirmation'],
      [{ method: 'tether', payment_source: '000' }, 'invalidConfirmation'],
      [{ method: 'card' }, 'confirmRequired'],
    ])('rejects %j with %s', async (payload, code) => {
      const user = await registerUser(t.app);
      const response = await manual(user, { ...premiumParams, ...payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: ERROR_MESSAGES[code as 'confirmRequired'], code });
    });

    it('refuses an empty shopping list', async () => {
      const user = await registerUser(t.app);
      await makePremium(t.app, user);
      const response = await manual(user, { ...premiumParams, method: 'card', payment_source: '4242' });
      expect(response.json()).toEqual({ error: 'The shopping list is empty', code: 'shoppingListEmpty' });
    });

    it('card last-4 digits are unique per user only; a chain transaction id is claimed once per user', async () => {
      const first = await registerUser(t.app);
      const second = await registerUser(t.app);
      const card = { ...premiumParams, method: 'card', payment_source: 'card 4242' };
      expect((await manual(first, card)).statusCode).toBe(200);
      // Another customer with the same last digits is a different payment.
      const other = await manual(second, card);
      expect(other.statusCode, other.body).toBe(200);
      expect(other.json().data.payment_source).toBe('card 4242');
      expect((await manual(first, { ...card, payment_source: 'CARD  4242' })).statusCode).toBe(409);
      const chain = { ...premiumParams, method: 'tether', payment_source: `tx-${first.id}-abc` };
      expect((await manual(first, chain)).statusCode).toBe(200);
      expect((await manual(first, chain)).json()).toMatchObject({ code: 'paymentSourceUsed' });
      // Another user's claim of it waits beside the first for the admin, who approves the one it pays.
      expect((await manual(second, chain)).statusCode).toBe(200);
    });

    it('waits for an admin; confirming twice credits once; a referrer earns once on a real payment', async () => {
      const { referrer, buyer: user } = await referred();
      const sent = await manual(user, {
        ...premiumParams,
        method: 'btc',
        payment_source: `btc-tx-${user.id}`,
      });
      expect(sent.json().data).toMatchObject({
        status: 'pending',
        method: 'btc',
        amount: 25,
        currency: 'USD',
      });
      const reused = await manual(user, {
        ...premiumParams,
        method: 'btc',
        payment_source: `BTC-TX-${user.id}`,
      });
      expect(reused.statusCode).toBe(409);
      expect((await me(t.app, user)).is_premium).toBe(false);

      const queue = await as(t.app, admin, { method: 'GET', url: '/api/v1/admin/manual_payments' });
      const entry = queue
        .json()
        .data.list.find((payment: { user_id: number }) => payment.user_id === user.id);
      expect(entry).toMatchObject({ status: 'pending', username: user.username, pay_for_premium: true });
      const url = `/api/v1/admin/manual_payments/${entry.id}/confirm`;
      expect((await as(t.app, user, { method: 'POST', url })).statusCode).toBe(403);
      expect((await as(t.app, null, { method: 'POST', url })).statusCode).toBe(401);
      const [first, second] = await Promise.all([
        as(t.app, admin, { method: 'POST', url }),
        as(t.app, admin, { method: 'POST', url }),
      ]);
      expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 409]);
      expect((await me(t.app, user)).is_premium).toBe(true);
      expect((await purchases(t.app, user)).total).toBe(1);
      expect(await referralTotal(t.app, referrer)).toBe(1);
    });

    it('a player cannot flood the admin queue: at most 5 claims wait at once, a decided one frees a place', async () => {
      const user = await registerUser(t.app);
      const claim = (n: number) =>
        manual(user, { ...premiumParams, method: 'tether', payment_source: `flood-${user.id}-tx${n}` });
      const answers = [];
      for (let n = 0; n < 30; n += 1) answers.push(await claim(n));
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(MANUAL_PENDING_MAX);
      expect(answers.at(-1)?.statusCode).toBe(409);
      expect(answers.at(-1)?.json()).toEqual({
        error: ERROR_MESSAGES.manualPaymentsWaiting,
        code: 'manualPaymentsWaiting',
      });
      const queue = await as(t.app, admin, {
        method: 'GET',
        url: '/api/v1/admin/manual_payments?per_page=100',
      });
      const mine = queue
        .json()
        .data.list.filter((payment: { user_id: number }) => payment.user_id === user.id);
      expect(mine).toHaveLength(MANUAL_PENDING_MAX);
      // Another player still pays; a rejected claim frees a place for this one.
      const other = await registerUser(t.app);
      const otherClaim = { ...premiumParams, method: 'tether', payment_source: `other-${other.id}-tx` };
      expect((await manual(other, otherClaim)).statusCode).toBe(200);
      const url = `/api/v1/admin/manual_payments/${mine[0].id}/reject`;
      expect((await as(t.app, admin, { method: 'POST', url })).statusCode).toBe(200);
      expect((await claim(100)).statusCode).toBe(200);
      expect((await claim(101)).statusCode).toBe(409);
    });

    it('an admin can reject a pending payment', async () => {
      const user = await registerUser(t.app);
      const sent = await manual(user, {
        ...premiumParams,
        method: 'card',
        payment_source: `paid 4242 ref ${user.id}`,
      });
      const id = sent.json().data.id;
      const rejected = await as(t.app, admin, {
        method: 'POST',
        url: `/api/v1/admin/manual_payments/${id}/reject`,
      });
      expect(rejected.json().data.status).toBe('rejected');
      expect((await me(t.app, user)).is_premium).toBe(false);
    });
  });
});
