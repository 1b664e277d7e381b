// A buyer quoted 29.006519 USDT for a $29 item could still claim at that quote after an admin raised the item to $290
// (or halved the bitcoin rate): the claim was filed, and the admin queue showed "amount 290 USD, expected
// 29.006519". A quote is now bound to the price and rate it was made at: a claim after a change is refused with 409
// cryptoQuoteOutdated, the window quotes again, and every claim in the queue expects the amount of its own price.
import { afterAll, beforeAll, expect, it } from 'vitest';

import { as, registerUser, type Session } from './helpers/api.ts';
import { requestQuote } from './helpers/payments.ts';
import { openSeededStore } from './helpers/store.ts';
import { describeEachDatabase, type TestApp } from './helpers/test-app.ts';

interface QueueRow {
  id: number;
  amount: number;
  currency: string;
  expected_amount: string | null;
  payment_source: string | null;
}

describeEachDatabase('a crypto quote is bound to the price and rate it was made at', (kind) => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => ({ t, admin } = await openSeededStore(kind)));
  afterAll(async () => t.close());

  /** A package of one strategy pack at `usd`, so no other case touches its price. */
  const onePack = async (usd: number) => {
    const body = {
      type: 'product',
      name: `Pack ${usd}`,
      description: 'd',
      price_usd: usd,
      price_rub: usd * 80,
    };
    const created = await as(t.app, admin, { method: 'POST', url: '/api/v1/admin/items', payload: body });
    expect(created.statusCode, created.body).toBe(200);
    const item = created.json().data as { id: number; package_id: number };
    return {
      scope: { package_id: item.package_id, products: [item.id], video_courses: [] as number[] },
      reprice: async (price: number) => {
        const changed = await as(t.app, admin, {
          method: 'POST',
          url: `/api/v1/admin/items/${item.id}`,
          payload: { ...body, price_usd: price, price_rub: price * 80 },
        });
        expect(changed.statusCode, changed.body).toBe(200);
      },
    };
  };
  const quote = async (user: Session, method: string, scope: object) => {
    const response = await requestQuote(t.app, user, method, scope);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.price as number;
  };
  const claim = (user: Session, method: string, source: string, scope: object) =>
    as(t.app, user, {
      method: 'POST',
      url: '/api/v1/manual_payment',
      payload: { method, payment_source: source, ...scope },
    });
  const settings = (changes: object) =>
    as(t.app, admin, { method: 'POST', url: '/api/v1/admin/settings', payload: changes });
  const queued = async (id: number): Promise<QueueRow> => {
    const response = await as(t.app, admin, {
      method: 'GET',
      url: '/api/v1/admin/manual_payments',
      query: { status: 'pending', per_page: '100' },
    });
    const row = (response.json().data.list as QueueRow[]).find((entry) => entry.id === id);
    if (!row) throw new Error(`claim ${id} is not in the queue`);
    return row;
  };
  const claimsOf = async (user: Session) =>
    t.app.services.db.kysely
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', user.id)
      .where('method', 'in', ['btc', 'tether'])
      .execute();
  /** The expected coin amount in USD at `rate`, over the claim's USD amount: just above 1 when they match. */
  const ratio = (row: QueueRow, rate: number) =>
    (Number(row.expected_amount) * (row.expected_amount?.split('.')[1]?.length === 8 ? rate : 1)) /
    row.amount;

  it.each([
    ['tether', 0.005],
    ['btc', 0.02],
  ] as const)(
    '%s: after the item goes from 29 to 290 USD the old quote is refused, the new one is claimed',
    async (method, above) => {
      const buyer = await registerUser(t.app);
      const pack = await onePack(29);
      const old = await quote(buyer, method, pack.scope);
      await pack.reprice(290);

      const refused = await claim(buyer, method, `${method}-late-${buyer.id}`, pack.scope);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('cryptoQuoteOutdated');
      expect(await claimsOf(buyer)).toEqual([]);

      // The window quotes again (what it does on that answer) and the buyer sends the new amount.
      const fresh = await quote(buyer, method, pack.scope);
      expect(fresh).toBeGreaterThan(old * 9);
      const filed = await claim(buyer, method, `${method}-late-${buyer.id}`, pack.scope);
      expect(filed.statusCode, filed.body).toBe(200);
      const row = await queued(filed.json().data.id);
      expect(row).toMatchObject({ amount: 290, currency: 'USD' });
      expect(Number(row.expected_amount)).toBe(fresh);
      const matched = ratio(row, 100_000);
      expect(matched).toBeGreaterThan(1);
      expect(matched).toBeLessThanOrEqual(1 + above);
    },
  );

  it('btc: a quote made before the admin halved the rate is refused; the new one asks twice the coins', async () => {
    const buyer = await registerUser(t.app);
    const premium = { pay_for_premium: true };
    const old = await quote(buyer, 'btc', premium);
    try {
      expect((await settings({ btc_usd_rate: 50_000 })).statusCode).toBe(200);
      const refused = await claim(buyer, 'btc', `bc1-rate-${buyer.id}`, premium);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('cryptoQuoteOutdated');
      const fresh = await quote(buyer, 'btc', premium);
      expect(fresh).toBeGreaterThan(old * 1.9);
      const filed = await claim(buyer, 'btc', `bc1-rate-${buyer.id}`, premium);
      expect(filed.statusCode, filed.body).toBe(200);
      const row = await queued(filed.json().data.id);
      expect(row.amount).toBe(25);
      expect(ratio(row, 50_000)).toBeGreaterThan(1);
      expect(ratio(row, 50_000)).toBeLessThanOrEqual(1.02);
    } finally {
      await settings({ btc_usd_rate: 100_000 });
    }
  });

  it('a rejected claim sent again after the price rose keeps the price and amount its transaction paid', async () => {
    const buyer = await registerUser(t.app);
    const pack = await onePack(31);
    const quoted = await quote(buyer, 'tether', pack.scope);
    const source = `tron-kept-${buyer.id}`;
    const first = await claim(buyer, 'tether', source, pack.scope);
    expect(first.statusCode, first.body).toBe(200);
    const id = first.json().data.id as number;
    const decided = await as(t.app, admin, {
      method: 'POST',
      url: `/api/v1/admin/manual_payments/${id}/reject`,
    });
    expect(decided.statusCode).toBe(200);
    await pack.reprice(310);

    const again = await claim(buyer, 'tether', source, pack.scope);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.id).toBe(id);
    const row = await queued(id);
    expect(row.amount).toBe(31);
    expect(Number(row.expected_amount)).toBe(quoted);
    expect(ratio(row, 100_000)).toBeLessThanOrEqual(1.005);
  });

  it('a quote at an unchanged price is claimed as before', async () => {
    const buyer = await registerUser(t.app);
    const pack = await onePack(33);
    const quoted = await quote(buyer, 'tether', pack.scope);
    await pack.reprice(33);
    const filed = await claim(buyer, 'tether', `tron-same-${buyer.id}`, pack.scope);
    expect(filed.statusCode, filed.body).toBe(200);
    expect(Number((await queued(filed.json().data.id)).expected_amount)).toBe(quoted);
  });
});
