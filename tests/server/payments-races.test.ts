// Money paths under replays and races: a provider charge after a declined attempt on the same invoice, copies of
// one notification arriving together, two admins confirming at once, a reject racing a confirm, and an order for a
// course that went back to draft before it was paid (the buyer paid, so the course is delivered; see shop.service).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seedDatabase } from '../../server/db/seed.ts';
import { as, registerUser, type Session } from './helpers/api.ts';
import {
  me,
  notify,
  orderStatus,
  payFields,
  pickCrypto,
  premiumCost,
  PROVIDER_ENV,
  purchases,
  sandboxCharge,
  shopCost,
} from './helpers/payments.ts';
import { openSeededStore } from './helpers/store.ts';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

describeEachDatabase('payment races', (kind) => {
  describe('card provider', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, PROVIDER_ENV);
      await seedDatabase(t.app.services.db);
    });
    afterAll(async () => t.close());

    it('a declined attempt, then a charge on the same invoice: the money was taken, so the order is settled', async () => {
      const user = await registerUser(t.app);
      const cost = await premiumCost(t.app, user);
      const declined = payFields(cost, `tx-declined-${user.id}`);
      expect((await notify(t.app, 'fail', declined)).json()).toEqual({ code: 0 });
      expect(await orderStatus(t.app, cost.cloud_payments_params.order_id)).toBe('failed');
      // A check for a new attempt is refused (nothing is charged then), but a completed charge must deliver.
      const charged = payFields(cost, `tx-charged-${user.id}`);
      expect((await notify(t.app, 'check', charged)).json()).toEqual({ code: 13 });
      expect((await notify(t.app, 'pay', charged)).json()).toEqual({ code: 0 });
      expect(await orderStatus(t.app, cost.cloud_payments_params.order_id)).toBe('paid');
      expect((await me(t.app, user)).is_premium).toBe(true);
      expect((await purchases(t.app, user)).total).toBe(1);
      // A late fail of the declined attempt does not undo the paid order.
      expect((await notify(t.app, 'fail', declined)).json()).toEqual({ code: 0 });
      expect(await orderStatus(t.app, cost.cloud_payments_params.order_id)).toBe('paid');
      expect((await me(t.app, user)).is_premium).toBe(true);
    });

    it('copies of one pay notification arriving together settle once, and all are acknowledged', async () => {
      const user = await registerUser(t.app);
      const fields = payFields(await premiumCost(t.app, user), `tx-burst-${user.id}`);
      const answers = await Promise.all(Array.from({ length: 6 }, () => notify(t.app, 'pay', fields)));
      expect(answers.map((answer) => answer.json())).toEqual(Array.from({ length: 6 }, () => ({ code: 0 })));
      expect((await purchases(t.app, user)).total).toBe(1);
    });

    it('a pay and a fail of the same transaction arriving together leave one consistent outcome', async () => {
      const user = await registerUser(t.app);
      const cost = await premiumCost(t.app, user);
      const fields = payFields(cost, `tx-mixed-${user.id}`);
      await Promise.all([notify(t.app, 'pay', fields), notify(t.app, 'fail', fields)]);
      const status = await orderStatus(t.app, cost.cloud_payments_params.order_id);
      // Whichever came first, a completed charge is never left undelivered.
      expect((await notify(t.app, 'pay', fields)).json()).toEqual({ code: 0 });
      expect(['paid', 'failed']).toContain(status);
      expect(await orderStatus(t.app, cost.cloud_payments_params.order_id)).toBe('paid');
      expect((await me(t.app, user)).is_premium).toBe(true);
      expect((await purchases(t.app, user)).total).toBe(1);
    });
  });

  describe('sandbox and admins', () => {
    let t: TestApp;
    let admin: Session;
    beforeAll(async () => ({ t, admin } = await openSeededStore(kind)));
    afterAll(async () => t.close());

    const post = (user: Session | null, url: string, payload: unknown) =>
      as(t.app, user, { method: 'POST', url, payload });
    const manualOrder = async (user: Session, source: string) => {
      await pickCrypto(t.app, user, 'btc');
      const response = await post(user, '/api/v1/manual_payment', {
        method: 'btc',
        payment_source: source,
        pay_for_premium: true,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.id as number;
    };
    const decide = (id: number, decision: 'confirm' | 'reject') =>
      post(admin, `/api/v1/admin/manual_payments/${id}/${decision}`, {});

    it('two admins confirming one payment at once: one 200, one 409, delivered once', async () => {
      const user = await registerUser(t.app);
      const id = await manualOrder(user, `btc-double-${user.id}`);
      const answers = await Promise.all([decide(id, 'confirm'), decide(id, 'confirm')]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect((await purchases(t.app, user)).total).toBe(1);
    });

    it('a reject racing a confirm: exactly one wins and what is delivered matches the final status', async () => {
      for (let round = 0; round < 4; round += 1) {
        const user = await registerUser(t.app);
        const id = await manualOrder(user, `btc-race-${user.id}-${round}`);
        const [confirm, reject] = await Promise.all([decide(id, 'confirm'), decide(id, 'reject')]);
        expect([confirm.statusCode, reject.statusCode].sort()).toEqual([200, 409]);
        const status = await orderStatus(t.app, id);
        expect(status).toBe(confirm.statusCode === 200 ? 'paid' : 'rejected');
        expect((await me(t.app, user)).is_premium).toBe(status === 'paid');
        expect((await purchases(t.app, user)).total).toBe(status === 'paid' ? 1 : 0);
      }
    });

    it('a sandbox charge racing its own decline: one wins, delivered only when paid', async () => {
      const user = await registerUser(t.app);
      const cost = await premiumCost(t.app, user);
      const [pay, decline] = await Promise.all([
        sandboxCharge(t.app, user, cost),
        sandboxCharge(t.app, user, cost, true),
      ]);
      expect([pay.statusCode, decline.statusCode].sort()).toEqual([200, 409]);
      const paid = (await orderStatus(t.app, cost.cloud_payments_params.order_id)) === 'paid';
      expect(paid).toBe(pay.statusCode === 200);
      expect((await me(t.app, user)).is_premium).toBe(paid);
    });

    it('an order for a course set back to draft before payment is delivered; the store still does not sell it', async () => {
      const created = await post(admin, '/api/v1/admin/items', {
        type: 'video_course',
        name: 'Drafted before payment',
        description: 'd',
        price_usd: 15,
        price_rub: 1200,
      });
      const { id: courseId, package_id: packageId } = created.json().data as {
        id: number;
        package_id: number;
      };
      const lesson = (await post(admin, `/api/v1/admin/items/${courseId}/lessons`, { title: 'One' })).json()
        .data.id as number;
      await t.app.services.db.kysely
        .updateTable('lessons')
        .set({ video_file: 'abcdef0123456789abcdef0123456789.mp4' })
        .where('id', '=', lesson)
        .execute();
      expect(
        (await post(admin, `/api/v1/admin/items/${courseId}/publish`, { published: true })).statusCode,
      ).toBe(200);
      const buyer = await registerUser(t.app);
      const body = { package_id: packageId, products: [], video_courses: [courseId] };
      const cost = await shopCost(t.app, buyer, body);

      // The admin takes the course back to draft and adds a lesson without a video while the buyer pays.
      expect(
        (await post(admin, `/api/v1/admin/items/${courseId}/publish`, { published: false })).statusCode,
      ).toBe(200);
      const extra = (await post(admin, `/api/v1/admin/items/${courseId}/lessons`, { title: 'Two' })).json()
        .data.id as number;
      expect((await sandboxCharge(t.app, buyer, cost)).statusCode).toBe(200);

      const bought = (await purchases(t.app, buyer)).items as Array<{ name: string }>;
      expect(bought.map((purchase) => purchase.name)).toEqual(['Drafted before payment']);
      const page = await as(t.app, buyer, { method: 'GET', url: `/api/shop/product/${packageId}` });
      expect(page.statusCode, page.body).toBe(200);
      const lessons = page.json().data.video_courses[0].lessons as Array<{ id: number; has_video: boolean }>;
      expect(lessons.map((item) => [item.id, item.has_video])).toEqual([
        [lesson, true],
        [extra, false],
      ]);
      const missing = await as(t.app, buyer, { method: 'GET', url: `/api/v1/shop/lessons/${extra}/video` });
      expect(missing.statusCode).toBe(404);

      // Nobody else can see or buy the draft, and the buyer cannot open a second order for it.
      const stranger = await registerUser(t.app);
      const list = (await as(t.app, stranger, { method: 'GET', url: '/api/shop?per_page=100' })).json().data;
      expect(list.list.some((pack: { id: number }) => pack.id === packageId)).toBe(false);
      expect(
        (await as(t.app, stranger, { method: 'GET', url: `/api/shop/product/${packageId}` })).statusCode,
      ).toBe(404);
      expect((await post(stranger, '/api/v1/shop/cost/shop', body)).statusCode).toBe(404);
      expect((await post(buyer, '/api/v1/shop/cost/shop', body)).statusCode).toBe(404);
      const url = `/api/v1/shop/lessons/${lesson}/video`;
      expect((await as(t.app, stranger, { method: 'GET', url })).statusCode).toBe(403);
    });
  });
});
