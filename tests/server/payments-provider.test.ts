// The real card provider (keys configured): only its signature settles an order, each order once, each item once.
// Attacks on the card provider's routes: forged provider signature, a fake payment crediting the referrer, a double
// charge through two open orders for the same thing (SQLite used to record one purchase, PostgreSQL two; both paid the
// referral twice).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { as, registerUser, type Session } from './helpers/api.ts';
import {
  me,
  notify,
  payFields,
  premiumCost,
  PROVIDER_ENV,
  purchases,
  referralTotal,
  referredBuyer,
  shopCost,
} from './helpers/payments.ts';
import { openSeededStore } from './helpers/store.ts';
import { describeEachDatabase, type TestApp } from './helpers/test-app.ts';

describeEachDatabase('card provider with real keys', (kind) => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => ({ t, admin } = await openSeededStore(kind, PROVIDER_ENV)));
  afterAll(async () => t.close());

  const referred = () => referredBuyer(t.app);
  const pushFoldPack = async (user: Session) =>
    (await as(t.app, user, { method: 'GET', url: '/api/shop' })).json().data.list[1];
  const refundQueue = async () =>
    (
      await as(t.app, admin, {
        method: 'GET',
        url: '/api/v1/admin/manual_payments',
        query: { queue: 'refunds', per_page: '100' },
      })
    ).json().data.list as Array<{
      id: number;
      user_id: number;
      refund_due: number;
      method: string;
      extra_charges: Array<{ amount: number; currency: string; reason: string }>;
    }>;

  it('no sandbox route answers, and the cost route names the real account', async () => {
    const user = await registerUser(t.app);
    const cost = await premiumCost(t.app, user);
    expect(cost).toMatchObject({ sandbox: false, public_id: PROVIDER_ENV.CLOUDPAYMENTS_PUBLIC_ID });
    const charge = await as(t.app, user, {
      method: 'POST',
      url: '/api/v1/payments/sandbox/charge',
      payload: { order_id: cost.cloud_payments_params.order_id, hash: cost.cloud_payments_params.hash },
    });
    expect(charge.statusCode).toBe(404);
    expect((await me(t.app, user)).is_premium).toBe(false);
  });

  it('rejects a forged or missing signature and credits nobody', async () => {
    const { referrer, buyer } = await referred();
    const fields = payFields(await premiumCost(t.app, buyer), `tx-forged-${buyer.id}`);
    expect((await notify(t.app, 'pay', fields, 'wrong-secret')).statusCode).toBe(401);
    expect((await notify(t.app, 'pay', fields, 'sandbox-secret-rangeforge')).statusCode).toBe(401);
    expect((await notify(t.app, 'pay', fields, null)).statusCode).toBe(401);
    expect((await me(t.app, buyer)).is_premium).toBe(false);
    expect(await referralTotal(t.app, referrer)).toBe(0);
  });

  it('credits a replayed notification once and pays the referral once', async () => {
    const { referrer, buyer } = await referred();
    const fields = payFields(await premiumCost(t.app, buyer), `tx-${buyer.id}`);
    expect((await notify(t.app, 'check', fields)).json()).toEqual({ code: 0 });
    expect((await notify(t.app, 'pay', fields)).json()).toEqual({ code: 0 });
    expect((await notify(t.app, 'pay', fields)).json()).toEqual({ code: 0 });
    // Another charge of the same invoice is taken (the money is gone) as an extra charge: it grants nothing.
    expect(
      (await notify(t.app, 'pay', { ...fields, TransactionId: `another-tx-${buyer.id}` })).json(),
    ).toEqual({
      code: 0,
    });
    expect((await me(t.app, buyer)).is_premium).toBe(true);
    expect((await purchases(t.app, buyer)).total).toBe(1);
    expect(await referralTotal(t.app, referrer)).toBe(1);
  });

  it('refuses a check of a wrong amount, currency, account or invoice', async () => {
    const user = await registerUser(t.app);
    const fields = payFields(await premiumCost(t.app, user), `tx-wrong-${user.id}`);
    expect((await notify(t.app, 'check', { ...fields, Amount: '1.00' })).json()).toEqual({ code: 12 });
    expect((await notify(t.app, 'check', { ...fields, Currency: 'RUB' })).json()).toEqual({ code: 12 });
    expect((await notify(t.app, 'check', { ...fields, AccountId: '999999' })).json()).toEqual({ code: 11 });
    expect((await notify(t.app, 'check', { ...fields, InvoiceId: '999999' })).json()).toEqual({ code: 10 });
    expect((await me(t.app, user)).is_premium).toBe(false);
  });

  it('a charge of a wrong amount, currency or account settles nothing: each is an extra charge owed back', async () => {
    const user = await registerUser(t.app);
    const cost = await premiumCost(t.app, user);
    const fields = payFields(cost, `tx-wrong-pay-${user.id}`);
    const wrong = [
      { ...fields, TransactionId: `${fields.TransactionId}-a`, Amount: '1.00' },
      { ...fields, TransactionId: `${fields.TransactionId}-c`, Currency: 'RUB' },
      { ...fields, TransactionId: `${fields.TransactionId}-u`, AccountId: '999999' },
    ];
    for (const charge of wrong) expect((await notify(t.app, 'pay', charge)).json()).toEqual({ code: 0 });
    // Nothing recorded without an invoice of ours, an amount or a transaction: refused, the provider retries.
    expect((await notify(t.app, 'pay', { ...fields, InvoiceId: '999999' })).json()).toEqual({ code: 10 });
    expect((await notify(t.app, 'pay', { ...fields, Amount: 'abc' })).json()).toEqual({ code: 12 });
    expect((await notify(t.app, 'pay', { ...fields, TransactionId: '' })).json()).toEqual({ code: 13 });
    expect((await me(t.app, user)).is_premium).toBe(false);
    const queued = (await refundQueue()).find((order) => order.id === cost.cloud_payments_params.order_id);
    expect(queued?.extra_charges.map((charge) => [charge.amount, charge.currency, charge.reason])).toEqual([
      [1, 'USD', 'wrong_amount'],
      [25, 'RUB', 'wrong_amount'],
      [25, 'USD', 'wrong_account'],
    ]);
    // The order itself is still payable at its price.
    expect((await notify(t.app, 'pay', fields)).json()).toEqual({ code: 0 });
    expect((await me(t.app, user)).is_premium).toBe(true);
  });

  it('two open orders for the same thing, both paid at once: granted once, the second flagged for refund', async () => {
    const { referrer, buyer } = await referred();
    const pack = await pushFoldPack(buyer);
    const product = pack.products[0].id;
    // Premium alone, and the Premium-required pack (which adds Premium): two different orders both selling Premium,
    // plus a second order for the same strategy pack.
    const premium = await premiumCost(t.app, buyer);
    const withPack = await shopCost(t.app, buyer, {
      package_id: pack.id,
      products: [product],
      video_courses: [],
    });
    const packOnly = await shopCost(t.app, buyer, {
      package_id: pack.id,
      products: [product],
      video_courses: [pack.video_courses[0].id],
    });
    expect(withPack.cloud_payments.price).toBe(40);
    const answers = await Promise.all(
      [premium, withPack, packOnly].map((cost, index) =>
        notify(t.app, 'pay', payFields(cost, `tx-double-${buyer.id}-${index}`)),
      ),
    );
    expect(answers.map((answer) => answer.json())).toEqual([{ code: 0 }, { code: 0 }, { code: 0 }]);
    const bought = await purchases(t.app, buyer);
    const kinds = bought.items.map(
      (item: { kind: string; item_id: number | null }) => `${item.kind}:${item.item_id}`,
    );
    // Premium once, the strategy pack once, the course once: nothing recorded twice, on either database.
    expect(kinds.sort()).toEqual([
      'premium:null',
      `product:${product}`,
      `video_course:${pack.video_courses[0].id}`,
    ]);
    const tree = await as(t.app, buyer, {
      method: 'GET',
      url: '/api/v1/categories/tree',
      query: { root_type: 'tournament_root' },
    });
    expect(
      tree.json().data.children.filter((node: { is_template: boolean }) => node.is_template),
    ).toHaveLength(1);
    // Paid 25 + (25 + 15) + (25 + 15 + 39) = 144; delivered 25 + 15 + 39 = 79: 65 owed back on the duplicates.
    const owed = (await refundQueue()).filter((order) => order.user_id === buyer.id);
    expect(owed.reduce((sum, order) => sum + order.refund_due, 0)).toBe(65);
    expect(owed.every((order) => order.method === 'cloudpayments')).toBe(true);
    // The referrer earns on what was delivered (20% of 79), never on the duplicate charges.
    const affiliate = await as(t.app, referrer, {
      method: 'GET',
      url: '/api/v1/users/userprofile/affiliate_purchases',
    });
    const earned = affiliate
      .json()
      .data.items.reduce((sum: number, item: { amount: number }) => sum + item.amount, 0);
    expect(earned).toBeCloseTo(15.8, 5);
    // The admin sends the money back and marks it: the queue empties.
    for (const order of owed) {
      const done = await as(t.app, admin, {
        method: 'POST',
        url: `/api/v1/admin/manual_payments/${order.id}/refunded`,
      });
      expect(done.statusCode).toBe(200);
      const again = await as(t.app, admin, {
        method: 'POST',
        url: `/api/v1/admin/manual_payments/${order.id}/refunded`,
      });
      expect(again.statusCode).toBe(404);
    }
    expect((await refundQueue()).filter((order) => order.user_id === buyer.id)).toEqual([]);
  });

  it('an owned item is left out of the cost, and the store marks it owned', async () => {
    const user = await registerUser(t.app);
    const cash = (await as(t.app, user, { method: 'GET', url: '/api/shop' })).json().data.list[0];
    const [first, second] = cash.products;
    const one = await shopCost(t.app, user, { package_id: cash.id, products: [first.id], video_courses: [] });
    expect((await notify(t.app, 'pay', payFields(one, `tx-owned-${user.id}`))).json()).toEqual({ code: 0 });
    const both = await shopCost(t.app, user, {
      package_id: cash.id,
      products: [first.id, second.id],
      video_courses: [],
    });
    expect(both.cloud_payments.price).toBe(second.price_in_user_currency);
    const listed = (await as(t.app, user, { method: 'GET', url: '/api/shop' })).json().data.list[0];
    expect(listed.products.map((item: { owned: boolean }) => item.owned)).toEqual([true, false]);
  });

  it('an order that expired while the buyer was in the widget: check refused, a completed pay still settles', async () => {
    const user = await registerUser(t.app);
    const cost = await premiumCost(t.app, user);
    await t.app.services.db.kysely
      .updateTable('orders')
      .set({ status: 'expired' })
      .where('id', '=', cost.cloud_payments_params.order_id)
      .execute();
    const fields = payFields(cost, `tx-late-${user.id}`);
    expect((await notify(t.app, 'check', fields)).json()).toEqual({ code: 13 });
    expect((await notify(t.app, 'pay', fields)).json()).toEqual({ code: 0 });
    expect((await me(t.app, user)).is_premium).toBe(true);
  });
});

describe('production mode', () => {
  const serve = (env: Record<string, string>) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangeforge-prod-'));
    const child = spawn(path.resolve('node_modules/.bin/tsx'), ['server/server.ts'], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        DATA_DIR: dir,
        DATABASE_URL: `sqlite:${path.join(dir, 'db.sqlite')}`,
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'silent',
        ...env,
      },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    return new Promise<{ code: number | null; output: string }>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGTERM'), 20_000);
      child.stdout.on('data', () => {
        if (output.includes('is running at')) child.kill('SIGTERM');
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        fs.rmSync(dir, { recursive: true, force: true });
        resolve({ code, output });
      });
    });
  };
  const secret = 'x'.repeat(40);

  it('refuses to start without provider keys or PAYMENTS_SANDBOX=1, with one line naming the variables', async () => {
    const { code, output } = await serve({ URL_SIGNING_SECRET: secret });
    expect(code).not.toBe(0);
    const lines = output.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/CLOUDPAYMENTS_PUBLIC_ID.*CLOUDPAYMENTS_API_SECRET.*PAYMENTS_SANDBOX=1/);
  }, 30_000);

  it('refuses to start without URL_SIGNING_SECRET', async () => {
    const { code, output } = await serve(PROVIDER_ENV);
    expect(code).not.toBe(0);
    expect(output.trim().split('\n')).toEqual([expect.stringMatching(/URL_SIGNING_SECRET/)]);
  }, 30_000);

  it('starts with real keys and a signing secret', async () => {
    const { output } = await serve({ ...PROVIDER_ENV, URL_SIGNING_SECRET: secret });
    expect(output).toContain('is running at');
  }, 30_000);
});
