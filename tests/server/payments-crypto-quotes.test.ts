// A stranger with many free accounts could hold every amount quoted near a price (about 125 per coin for Premium)
// and close bitcoin and tether for everyone. Now tether is counted in millionths (125 000 amounts within 0.5 %),
// bitcoin widens to 2 % above the price before it closes, and new quotes have an hourly budget per user and per
// client address (reloading an open quote spends nothing).
import { afterAll, beforeAll, expect, it } from 'vitest';

import {
  NEW_QUOTES_PER_ADDRESS_HOUR,
  NEW_QUOTES_PER_USER_HOUR,
} from '../../server/modules/payments/crypto-quote-budget.ts';
import { as, registerUser, type Session } from './helpers/api.ts';
import { holdBtcAmounts } from './helpers/crypto-quotes.ts';
import { requestQuote } from './helpers/payments.ts';
import { openSeededStore } from './helpers/store.ts';
import { describeEachDatabase, type TestApp } from './helpers/test-app.ts';

interface CryptoPrice {
  price: number;
  account: string;
  closed?: string;
}
interface CryptoCost {
  btc: CryptoPrice;
  tether: CryptoPrice;
}

describeEachDatabase('crypto quotes hold up against a stranger with many accounts', (kind) => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => ({ t, admin } = await openSeededStore(kind)));
  afterAll(async () => t.close());

  /** The buyer picks both coins in Premium's payment window, from a client address (fastify's request.ip). */
  const quoteFrom = async (user: Session, address: string): Promise<CryptoCost> => {
    const pick = async (method: string) => {
      const response = await requestQuote(t.app, user, method, { pay_for_premium: true }, address);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as CryptoPrice;
    };
    return { btc: await pick('btc'), tether: await pick('tether') };
  };
  const satoshi = (cost: CryptoCost) => Math.round(cost.btc.price * 1e8);
  const expire = (user: Session) =>
    t.app.services.db.kysely
      .updateTable('crypto_quotes')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('user_id', '=', user.id)
      .execute();

  it('tether is quoted in millionths of a USDT, at most 0.5 % above the price, and claims expect six decimals', async () => {
    const buyers = [await registerUser(t.app), await registerUser(t.app), await registerUser(t.app)];
    for (const buyer of buyers) {
      const { price } = (await quoteFrom(buyer, '198.51.100.1')).tether;
      const millionths = Math.round(price * 1e6);
      expect(Math.abs(price * 1e6 - millionths)).toBeLessThan(1e-3);
      // Premium is 25 USD: 25 000 000 millionths, plus 1 to 125 000 (0.5 %).
      expect(millionths).toBeGreaterThan(25_000_000);
      expect(millionths).toBeLessThanOrEqual(25_125_000);
    }
    const buyer = buyers[0]!;
    const claim = await as(t.app, buyer, {
      method: 'POST',
      url: '/api/v1/manual_payment',
      payload: { method: 'tether', payment_source: `tron-six-${buyer.id}`, pay_for_premium: true },
    });
    expect(claim.statusCode, claim.body).toBe(200);
    const stored = await t.app.services.db.kysely
      .selectFrom('orders')
      .select('expected_amount')
      .where('id', '=', claim.json().data.id)
      .executeTakeFirstOrThrow();
    expect(stored.expected_amount).toMatch(/^25\.\d{6}$/);
  });

  it('bitcoin widens to twice, then four times the first window when it is full, and closes only when all are', async () => {
    // Premium at 100 000 USD/BTC is 25 000 satoshi; the first window is 125 offsets (0.5 %), the widest 500 (2 %).
    const fresh = async () => quoteFrom(await registerUser(t.app), '198.51.100.2');
    try {
      await holdBtcAmounts(t, admin.id, 25_001, 25_125);
      const second = satoshi(await fresh());
      expect(second).toBeGreaterThan(25_125);
      expect(second).toBeLessThanOrEqual(25_250);
      await holdBtcAmounts(t, admin.id, 25_001, 25_250);
      const third = satoshi(await fresh());
      expect(third).toBeGreaterThan(25_250);
      expect(third).toBeLessThanOrEqual(25_500);
      await holdBtcAmounts(t, admin.id, 25_001, 25_500);
      const closed = await fresh();
      expect(closed.btc).toMatchObject({ account: '', closed: 'amountsTaken' });
      // Tether is unaffected, and bitcoin opens again as soon as one amount is given back.
      expect(closed.tether.account).not.toBe('');
      const db = t.app.services.db.kysely;
      const given = await db
        .selectFrom('crypto_quotes')
        .select(['id', 'amount'])
        .where('user_id', '=', admin.id)
        .orderBy('amount', 'desc')
        .executeTakeFirstOrThrow();
      await db.deleteFrom('crypto_quotes').where('id', '=', given.id).execute();
      expect(satoshi(await fresh())).toBe(Number(given.amount));
    } finally {
      // The fillers go whatever failed: the next case needs bitcoin open.
      await t.app.services.db.kysely.deleteFrom('crypto_quotes').where('user_id', '=', admin.id).execute();
    }
  });

  /** Spends an address's hourly budget of new quotes through two fresh accounts (each quote expired, then redone). */
  const spendAddress = async (address: string): Promise<Session[]> => {
    const holders = [await registerUser(t.app), await registerUser(t.app)];
    let made = 0;
    for (const holder of holders)
      for (let i = 0; i < NEW_QUOTES_PER_USER_HOUR && made < NEW_QUOTES_PER_ADDRESS_HOUR; i += 1, made += 1) {
        const cost = await quoteFrom(holder, address);
        expect(cost.btc.account).not.toBe('');
        expect(cost.tether.account).not.toBe('');
        // Each new quote is counted: let it expire so the next call makes a new one.
        await expire(holder);
      }
    expect(made).toBe(NEW_QUOTES_PER_ADDRESS_HOUR);
    return holders;
  };

  it('a flood of new quotes from one address is stopped; reloads and other addresses are not', async () => {
    const flood = '203.0.113.9';
    const holders = await spendAddress(flood);

    // The address's budget is spent: a fresh account behind it gets no crypto address, and is told why.
    const late = await registerUser(t.app);
    const refused = await quoteFrom(late, flood);
    expect(refused.btc).toMatchObject({ account: '', closed: 'quoteBudget' });
    expect(refused.tether).toMatchObject({ account: '', closed: 'quoteBudget' });
    expect(
      await t.app.services.db.kysely
        .selectFrom('crypto_quotes')
        .where('user_id', '=', late.id)
        .select('id')
        .execute(),
    ).toEqual([]);

    // The same account from another address is quoted; reloading that open quote spends no budget.
    const elsewhere = await quoteFrom(late, '203.0.113.10');
    expect(elsewhere.btc.account).not.toBe('');
    for (let i = 0; i < NEW_QUOTES_PER_USER_HOUR + 5; i += 1)
      expect(await quoteFrom(late, '203.0.113.10')).toMatchObject({
        btc: elsewhere.btc,
        tether: elsewhere.tether,
      });

    // One account's own budget: past NEW_QUOTES_PER_USER_HOUR new quotes it is refused from any address.
    const first = holders[0]!;
    expect((await quoteFrom(first, '203.0.113.11')).btc.closed).toBe('quoteBudget');
  });

  it('an IPv6 client is counted by its /64: new addresses in one network share its budget', async () => {
    await spendAddress('2001:db8:5:7::1');
    const late = await registerUser(t.app);
    expect((await quoteFrom(late, '2001:db8:5:7:abcd::99')).tether.closed).toBe('quoteBudget');
    expect((await quoteFrom(late, '2001:db8:5:8::1')).tether.account).not.toBe('');
  });
});
