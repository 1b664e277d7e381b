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

  describe('shop purchases', () => {
    it('buying a strategy pack copies its charts into the buyer tree as ready-made templates', async () => {
      const user = await registerUser(t.app);
      const pack = (await shopList(user)).list[0];
      const product = pack.products[0];
      const cost = await as(t.app, user, {
        method: 'POST',
        url: '/api/v1/shop/cost/shop',
        payload: { package_id: pack.id, products: [product.id], video_courses: [] },
      });
      expect(cost.json().data).toMatchObject({ cloud_payments: { price: 19 }, premium_required: false });
      const orderId = cost.json().data.cloud_payments_params.order_id;
      const charge = await as(t.app, user, {
        method: 'POST',
        url: '/api/v1/payments/sandbox/charge',
        payload: { order_id: orderId },
      });
      expect(charge.json().data.status).toBe('paid');
      const tree = await as(t.app, user, {
        method: 'GET',
        url: '/api/v1/categories/tree',
        query: { root_type: 'preflop_root' },
      });
      const bought = tree.json().data.children[0];
      expect(bought).toMatchObject({ name: product.name, is_template: true });
      expect(bought.children).toHaveLength(5);
      const range = await as(t.app, user, {
        method: 'GET',
        url: '/api/v1/categories/range',
        query: { category_id: String(bought.children[0].id), begin: '0', end: '1' },
      });
      expect(range.json().data).toEqual([{ hand: 'AA', colors: [{ color: '#D64545', weight: 100 }] }]);
      expect((await shopList(user)).list[0].products[0].owned).toBe(true);
      const repeat = await as(t.app, user, {
        method: 'POST',
        url: '/api/v1/shop/cost/shop',
        payload: { package_id: pack.id, products: [product.id], video_courses: [] },
      });
      expect(repeat.json().data.cloud_payments.price).toBe(0);
    });

    it('a package that requires Premium adds it to the price', async () => {
      const user = await registerUser(t.app);
      const pack = (await shopList(user)).list[1];
      const cost = await as(t.app, user, {
        method: 'POST',
        url: '/api/v1/shop/cost/shop',
        payload: { package_id: pack.id, products: [pack.products[0].id], video_courses: [] },
      });
      expect(cost.json().data).toMatchObject({
        premium_required: true,
        premium_cost: 25,
        cloud_payments: { price: 40 },
      });
      const wrong = await as(t.app, user, {
        method: 'POST',
        url: '/api/v1/shop/cost/shop',
        payload: { package_id: pack.id, products: [pack.video_courses[0].id], video_courses: [] },
      });
      expect(wrong.statusCode).toBe(400);
    });

    it('serves lesson videos with HTTP ranges to course owners only', async () => {
      const owner = await registerUser(t.app);
      const stranger = await registerUser(t.app);
      const pack = (await shopList(owner)).list[0];
      const course = pack.video_courses[0];
      const page = await as(t.app, owner, { method: 'GET', url: `/api/shop/product/${pack.id}` });
      const lessonId = page.json().data.video_courses[0].lessons[0].id;
      const boundary = '----video';
      const video = Buffer.from('0123456789'.repeat(100));
      const upload = await t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/lessons/${lessonId}/video`,
        headers: {
          authorization: `Bearer ${admin.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="l.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
          ),
          video,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
      expect(upload.statusCode, upload.body).toBe(200);
      const cost = await as(t.app, owner, {
        method: 'POST',
        url: '/api/v1/shop/cost/shop',
        payload: { package_id: pack.id, products: [], video_courses: [course.id] },
      });
      await as(t.app, owner, {
        method: 'POST',
        url: '/api/v1/payments/sandbox/charge',
        payload: { order_id: cost.json().data.cloud_payments_params.order_id },
      });
      const lesson = (await as(t.app, owner, { method: 'GET', url: `/api/shop/product/${pack.id}` })).json()
        .data.video_courses[0].lessons[0];
      expect(lesson.video_url).toMatch(
        new RegExp(
          `^/api/v1/shop/lessons/${lessonId}/video\\?user=${owner.id}&expires=\\d+&sig=[0-9a-f]{64}$`,
        ),
      );
      // A <video> element sends no Authorization header: the signed link alone must work, with ranges.
      const partial = await t.app.inject({
        method: 'GET',
        url: lesson.video_url,
        headers: { range: 'bytes=10-19' },
      });
      expect(partial.statusCode).toBe(206);
      expect(partial.headers['content-range']).toBe('bytes 10-19/1000');
      expect(partial.body).toBe('0123456789');
      const full = await as(t.app, owner, { method: 'GET', url: lesson.video_url });
      expect(full.statusCode).toBe(200);
      expect(full.rawPayload.length).toBe(1000);
      const bare = `/api/v1/shop/lessons/${lessonId}/video`;
      expect((await as(t.app, stranger, { method: 'GET', url: bare })).statusCode).toBe(403);
      expect((await as(t.app, owner, { method: 'GET', url: bare })).statusCode).toBe(200);
      expect((await as(t.app, null, { method: 'GET', url: bare })).statusCode).toBe(401);
      const forged = lesson.video_url.replace(`user=${owner.id}`, `user=${stranger.id}`);
      expect((await as(t.app, null, { method: 'GET', url: forged })).statusCode).toBe(401);
      const otherLesson = lesson.video_url.replace(`lessons/${lessonId}/`, `lessons/${lessonId + 1}/`);
      expect((await as(t.app, null, { method: 'GET', url: otherLesson })).statusCode).toBe(401);
    });
  });

  describe('admin', () => {
    it('uploads a strategy pack’s charts, validated, and a buyer receives them', async () => {
      const item = await as(t.app, admin, {
        method: 'POST',
        url: '/api/v1/admin/items',
        payload: { type: 'product', name: 'Limp pack', description: 'd', price_usd: 5, price_rub: 400 },
      });
      const { id, package_id: packageId } = item.json().data;
      const url = `/api/v1/admin/items/${id}/content`;
      const content = {
        root_type: 'preflop_root',
        nodes: [
          {
            name: 'SB',
            kind: 'folder',
            children: [
              {
                name: 'Limp',
                kind: 'range',
                pairs: [{ hand: 'K7o', colors: [{ color: '#2E9E5B', weight: 100 }] }],
              },
            ],
          },
        ],
      };
      const bad = structuredClone(content);
      bad.nodes[0]!.children[0]!.pairs[0]!.hand = 'XX';
      expect((await as(t.app, admin, { method: 'POST', url, payload: bad })).json().code).toBe('invalidHand');
      expect((await as(t.app, admin, { method: 'POST', url, payload: content })).json()).toEqual({
        data: { ranges: 1 },
      });
      const user = await registerUser(t.app);
      expect((await as(t.app, user, { method: 'POST', url, payload: content })).statusCode).toBe(403);
      const cost = await as(t.app, user, {
        method: 'POST',
        url: '/api/v1/shop/cost/shop',
        payload: { package_id: packageId, products: [id], video_courses: [] },
      });
      await as(t.app, user, {
        method: 'POST',
        url: '/api/v1/payments/sandbox/charge',
        payload: { order_id: cost.json().data.cloud_payments_params.order_id },
      });
      const tree = await as(t.app, user, {
        method: 'GET',
        url: '/api/v1/categories/tree',
        query: { root_type: 'preflop_root' },
      });
      expect(tree.json().data.children[0]).toMatchObject({
        name: 'Limp pack',
        children: [{ name: 'SB', children: [{ name: 'Limp' }] }],
      });
    });

    it('lists users, edits settings, creates items and lessons; forbidden to others', async () => {
      const user = await registerUser(t.app);
      expect((await as(t.app, user, { method: 'GET', url: '/api/v1/admin/users' })).statusCode).toBe(403);
      const users = await as(t.app, admin, { method: 'GET', url: '/api/v1/admin/users' });
      expect(users.json().data.total).toBeGreaterThan(1);
      const settings = await as(t.app, admin, {
        method: 'POST',
        url: '/api/v1/admin/settings',
        payload: { referral_percent: 30 },
      });
      expect(settings.json().data.referral_percent).toBe(30);
      const item = await as(t.app, admin, {
        method: 'POST',
        url: '/api/v1/admin/items',
        payload: {
          type: 'video_course',
          name: 'New course',
          description: 'd',
          price_usd: 9.99,
          price_rub: 799,
        },
      });
      expect(item.statusCode).toBe(200);
      const lesson = await as(t.app, admin, {
        method: 'POST',
        url: `/api/v1/admin/items/${item.json().data.id}/lessons`,
        payload: { title: 'Intro' },
      });
      expect(lesson.json().data.id).toBeGreaterThan(0);
      const listed = await shopList(null);
      expect(listed.total).toBe(4);
      await as(t.app, admin, {
        method: 'POST',
        url: '/api/v1/admin/settings',
        payload: { referral_percent: 20 },
      });
    });
  });
});
