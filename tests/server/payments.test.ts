import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ERROR_MESSAGES } from '../../contract/errors.ts';
import { seedDatabase } from '../../server/db/seed.ts';
import { hmacBase64 } from '../../server/lib/crypto.ts';
import { as, makeAdmin, makePremium, registerUser, type Session } from './helpers/api.ts';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

describeEachDatabase('store and payments', (kind) => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedDatabase(t.app.services.db);
    admin = await registerUser(t.app);
    await makeAdmin(t.app, admin);
  });
  afterAll(async () => t.close());

  const secret = () => t.config.cloudPayments.apiSecret;
  const notify = (path: 'check' | 'pay' | 'fail', fields: Record<string, string>, signature?: string) => {
    const body = new URLSearchParams(fields).toString();
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/payments/cloudpayments/${path}`,
      payload: body,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'content-hmac': signature ?? hmacBase64(secret(), body),
      },
    });
  };
  const premiumCost = async (user: Session) => {
    const response = await as(t.app, user, { method: 'GET', url: '/api/v1/shop/cost/premium' });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const isPremium = async (user: Session) =>
    (await as(t.app, user, { method: 'GET', url: '/api/v1/auth/user' })).json().data.me.is_premium as boolean;
  const shopList = async (user: Session | null) =>
    (await as(t.app, user, { method: 'GET', url: '/api/shop' })).json().data;

  it('lists the store for anyone, with prices in the visitor currency', async () => {
    const anonymous = await shopList(null);
    expect(anonymous.total).toBe(2);
    expect(anonymous.list[0]).toMatchObject({ name: '6-max Cash 100bb', currency: 'USD' });
    expect(anonymous.list[0].products[0]).toMatchObject({ price_in_user_currency: 19, owned: false });
    const russian = await registerUser(t.app);
    await as(t.app, russian, {
      method: 'POST',
      url: '/api/v1/users/language',
      payload: { language: 'ru-RU' },
    });
    const rub = await shopList(russian);
    expect(rub.list[0]).toMatchObject({ currency: 'RUB' });
    expect(rub.list[0].products[0].price_in_user_currency).toBe(1490);
    const product = await as(t.app, null, {
      method: 'GET',
      url: `/api/shop/product/${anonymous.list[0].id}`,
    });
    expect(product.json().data.video_courses[0].lessons).toHaveLength(3);
    expect((await as(t.app, null, { method: 'GET', url: '/api/shop/product/9999' })).statusCode).toBe(404);
  });

  it('premium cost: $25 for English users, the RUB price for Russian users, signed widget params', async () => {
    const user = await registerUser(t.app);
    const data = await premiumCost(user);
    expect(data).toMatchObject({
      currency: 'USD',
      card: { price: 25, currency: 'USD' },
      cloud_payments: { price: 25 },
      tether: { price: 25 },
      btc: { price: 0.00025 },
      premium_cost: 25,
      sandbox: true,
      cloud_payments_params: { user_id: user.id, pay_for_premium: true, pay_for_shop: false },
    });
    expect(data.cloud_payments_params.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(data.manual_payments_params.card).toMatchObject({ method: 'card', pay_for_premium: true });
    await as(t.app, user, { method: 'POST', url: '/api/v1/users/language', payload: { language: 'ru-RU' } });
    expect((await premiumCost(user)).card).toMatchObject({ price: 2250, currency: 'RUB' });
    expect((await as(t.app, null, { method: 'GET', url: '/api/v1/shop/cost/premium' })).statusCode).toBe(401);
  });

  it('sandbox card payment grants Premium and pays the referrer its percent', async () => {
    const referrer = await registerUser(t.app);
    const token = (await as(t.app, referrer, { method: 'GET', url: '/api/v1/auth/user' })).json().data.me
      .referral_token;
    const buyer = await registerUser(t.app, { referral: token });
    const params = await premiumCost(buyer);
    const charge = await as(t.app, buyer, {
      method: 'POST',
      url: '/api/v1/payments/sandbox/charge',
      payload: { order_id: params.cloud_payments_params.order_id },
    });
    expect(charge.json().data).toMatchObject({ status: 'paid', amount: 25, currency: 'USD' });
    expect(await isPremium(buyer)).toBe(true);
    const purchases = await as(t.app, buyer, { method: 'GET', url: '/api/v1/users/userprofile/purchases' });
    expect(purchases.json().data).toMatchObject({
      total: 1,
      page: 1,
      items: [{ kind: 'premium', amount: 25 }],
    });
    const affiliate = await as(t.app, referrer, {
      method: 'GET',
      url: '/api/v1/users/userprofile/affiliate_purchases',
    });
    expect(affiliate.json().data.items).toEqual([
      expect.objectContaining({
        user: buyer.username,
        percent: 20,
        amount: 5,
        currency: 'USD',
        type: 'premium',
      }),
    ]);
    const again = await premiumCost(buyer);
    expect(again.cloud_payments.price).toBe(0);
  });

  it('a declined sandbox card fails the order and grants nothing', async () => {
    const user = await registerUser(t.app);
    const params = await premiumCost(user);
    const charge = await as(t.app, user, {
      method: 'POST',
      url: '/api/v1/payments/sandbox/charge',
      payload: { order_id: params.cloud_payments_params.order_id, decline: true },
    });
    expect(charge.json().data.status).toBe('failed');
    expect(await isPremium(user)).toBe(false);
  });

  describe('card provider notifications', () => {
    const fieldsFor = async (user: Session) => {
      const params = await premiumCost(user);
      return {
        TransactionId: `tx-${user.id}`,
        Amount: '25.00',
        Currency: 'USD',
        InvoiceId: String(params.cloud_payments_params.order_id),
        AccountId: String(user.id),
      };
    };

    it('rejects a bad HMAC and credits nothing', async () => {
      const user = await registerUser(t.app);
      const fields = await fieldsFor(user);
      const forged = await notify(
        'pay',
        fields,
        hmacBase64('wrong-secret', new URLSearchParams(fields).toString()),
      );
      expect(forged.statusCode).toBe(401);
      const missing = await t.app.inject({
        method: 'POST',
        url: '/api/v1/payments/cloudpayments/pay',
        payload: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(missing.statusCode).toBe(401);
      expect(await isPremium(user)).toBe(false);
    });

    it('credits a replayed notification once', async () => {
      const referrer = await registerUser(t.app);
      const token = (await as(t.app, referrer, { method: 'GET', url: '/api/v1/auth/user' })).json().data.me
        .referral_token;
      const user = await registerUser(t.app, { referral: token });
      const fields = await fieldsFor(user);
      expect((await notify('check', fields)).json()).toEqual({ code: 0 });
      expect((await notify('pay', fields)).json()).toEqual({ code: 0 });
      expect((await notify('pay', fields)).json()).toEqual({ code: 0 });
      const other = await notify('pay', { ...fields, TransactionId: 'another-tx' });
      expect(other.json()).toEqual({ code: 13 });
      expect(await isPremium(user)).toBe(true);
      const purchases = await as(t.app, user, { method: 'GET', url: '/api/v1/users/userprofile/purchases' });
      expect(purchases.json().data.total).toBe(1);
      const affiliate = await as(t.app, referrer, {
        method: 'GET',
        url: '/api/v1/users/userprofile/affiliate_purchases',
      });
      expect(affiliate.json().data.total).toBe(1);
    });

    it('rejects a wrong amount, currency, account or invoice', async () => {
      const user = await registerUser(t.app);
      const fields = await fieldsFor(user);
      expect((await notify('pay', { ...fields, Amount: '1.00' })).json()).toEqual({ code: 12 });
      expect((await notify('pay', { ...fields, Currency: 'RUB' })).json()).toEqual({ code: 12 });
      expect((await notify('pay', { ...fields, AccountId: '999999' })).json()).toEqual({ code: 11 });
      expect((await notify('pay', { ...fields, InvoiceId: '999999' })).json()).toEqual({ code: 10 });
      expect(await isPremium(user)).toBe(false);
    });
  });

  describe('manual payments', () => {
    const manual = (user: Session | null, payload: Record<string, unknown>) =>
      as(t.app, user, { method: 'POST', url: '/api/v1/manual_payment', payload });
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

    it('waits for an admin; confirming twice credits once; a source is accepted once', async () => {
      const user = await registerUser(t.app);
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
      expect(await isPremium(user)).toBe(false);

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
      expect(await isPremium(user)).toBe(true);
      const purchases = await as(t.app, user, { method: 'GET', url: '/api/v1/users/userprofile/purchases' });
      expect(purchases.json().data.total).toBe(1);
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
      expect(await isPremium(user)).toBe(false);
    });
  });
});
