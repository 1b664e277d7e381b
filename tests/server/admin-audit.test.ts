import { afterAll, beforeAll, expect, it } from 'vitest';

import { as, makeAdmin, registerUser, type Session } from './helpers/api.ts';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

describeEachDatabase('admin audit log', (kind) => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await registerUser(t.app);
    await makeAdmin(t.app, admin);
  });
  afterAll(async () => t.close());

  const audit = async (query = '') => {
    const response = await as(t.app, admin, { method: 'GET', url: `/api/v1/admin/audit${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  const claim = async (user: Session) => {
    const response = await as(t.app, user, {
      method: 'POST',
      url: '/api/v1/manual_payment',
      payload: {
        pay_for_premium: true,
        pay_for_shop: false,
        package_id: null,
        products: [],
        video_courses: [],
        method: 'card',
        payment_source: 'card 4242',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.id as number;
  };

  it('records who confirmed and rejected which payment, and who changed settings and items, newest first', async () => {
    const [first, second] = [await registerUser(t.app), await registerUser(t.app)];
    const confirmed = await claim(first);
    const rejected = await claim(second);
    const confirm = await as(t.app, admin, {
      method: 'POST',
      url: `/api/v1/admin/manual_payments/${confirmed}/confirm`,
    });
    expect(confirm.statusCode).toBe(200);
    const reject = await as(t.app, admin, {
      method: 'POST',
      url: `/api/v1/admin/manual_payments/${rejected}/reject`,
    });
    expect(reject.statusCode).toBe(200);
    const before = (await as(t.app, admin, { method: 'GET', url: '/api/v1/admin/settings' })).json().data;
    const settings = await as(t.app, admin, {
      method: 'POST',
      url: '/api/v1/admin/settings',
      payload: {
        referral_percent: before.referral_percent === 15 ? 16 : 15,
        btc_usd_rate: before.btc_usd_rate,
      },
    });
    expect(settings.statusCode).toBe(200);
    const item = { type: 'product', name: 'Audit pack', description: 'd', price_usd: 19, price_rub: 1500 };
    const created = await as(t.app, admin, { method: 'POST', url: '/api/v1/admin/items', payload: item });
    expect(created.statusCode).toBe(200);
    const itemId = created.json().data.id as number;
    const updated = await as(t.app, admin, {
      method: 'POST',
      url: `/api/v1/admin/items/${itemId}`,
      payload: { ...item, price_usd: 290 },
    });
    expect(updated.statusCode).toBe(200);

    const { total, list } = await audit();
    expect(total).toBe(5);
    expect(list.map((entry: { action: string }) => entry.action)).toEqual([
      'item.update',
      'item.create',
      'settings.update',
      'payment.reject',
      'payment.confirm',
    ]);
    for (const entry of list) expect(entry.admin).toBe(admin.username);
    const [update, create, changed, reject_, confirm_] = list;
    expect(update).toMatchObject({
      target_id: itemId,
      detail: { name: 'Audit pack', price_usd: 290, price_rub: 1500 },
    });
    expect(create).toMatchObject({ target_id: itemId, detail: { type: 'product', price_usd: 19 } });
    // Only what changed, before and after; the rate sent unchanged is left out.
    expect(changed.target_id).toBeNull();
    expect(changed.detail).toEqual({
      referral_percent: [before.referral_percent, before.referral_percent === 15 ? 16 : 15],
    });
    expect(reject_).toMatchObject({ target_id: rejected, detail: { method: 'card', status: 'rejected' } });
    expect(confirm_).toMatchObject({ target_id: confirmed, detail: { method: 'card', status: 'paid' } });
    // The entry names the request, whose id the answer carried and every log line of it carries.
    expect(confirm_.request_id).toBe(confirm.headers['x-request-id']);
    expect(Date.parse(confirm_.datetime)).toBeGreaterThan(Date.now() - 60_000);

    const second_page = await audit('?page=2&per_page=2');
    expect(second_page).toMatchObject({ total: 5, page: 2, per_page: 2 });
    expect(second_page.list.map((entry: { action: string }) => entry.action)).toEqual([
      'settings.update',
      'payment.reject',
    ]);
  });

  it('records lines taken back from a paid order, with the money sent back by hand', async () => {
    const buyer = await registerUser(t.app);
    const order = await claim(buyer);
    expect(
      (await as(t.app, admin, { method: 'POST', url: `/api/v1/admin/manual_payments/${order}/confirm` }))
        .statusCode,
    ).toBe(200);
    const lines = await as(t.app, admin, { method: 'GET', url: `/api/v1/admin/orders/${order}/lines` });
    const premium = lines.json().data.lines.find((line: { kind: string }) => line.kind === 'premium');
    const takeBack = await as(t.app, admin, {
      method: 'POST',
      url: `/api/v1/admin/orders/${order}/take_back`,
      payload: { purchase_ids: [premium.id], amount: 5 },
    });
    expect(takeBack.statusCode, takeBack.body).toBe(200);
    const [latest] = (await audit()).list;
    expect(latest).toMatchObject({
      action: 'order.take_back',
      target_id: order,
      detail: { purchase_ids: [premium.id], amount: 5 },
      request_id: takeBack.headers['x-request-id'],
    });
  });

  it('records nothing for an action that failed', async () => {
    const { total } = await audit();
    const missing = await as(t.app, admin, {
      method: 'POST',
      url: '/api/v1/admin/items/999999',
      payload: { type: 'product', name: 'x', description: '', price_usd: 1, price_rub: 1 },
    });
    expect(missing.statusCode).toBe(404);
    const twice = await as(t.app, admin, {
      method: 'POST',
      url: '/api/v1/admin/manual_payments/999999/confirm',
    });
    expect(twice.statusCode).toBe(404);
    expect((await audit()).total).toBe(total);
  });

  it('is for admins only', async () => {
    const player = await registerUser(t.app);
    expect((await as(t.app, player, { method: 'GET', url: '/api/v1/admin/audit' })).statusCode).toBe(403);
    expect((await as(t.app, null, { method: 'GET', url: '/api/v1/admin/audit' })).statusCode).toBe(401);
    for (const query of ['?page=0', '?per_page=101', '?page=abc']) {
      const response = await as(t.app, admin, { method: 'GET', url: `/api/v1/admin/audit${query}` });
      expect(response.statusCode, query).toBe(400);
    }
  });
});
