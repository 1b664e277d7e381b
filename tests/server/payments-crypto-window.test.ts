// Opening the payment window quoted bitcoin and tether for every buyer, card buyers too: each quote holds one of the
// method's amounts for 24 h (bitcoin has about 500 near a $25 price), so ordinary window openings closed bitcoin for
// everyone at that price, and every card buyer spent the per-user and per-address budget of new quotes. Now the
// cost routes only read the buyer's open quote; POST /api/v1/shop/crypto_quote quotes one coin when it is picked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  NEW_QUOTES_PER_ADDRESS_HOUR,
  NEW_QUOTES_PER_USER_HOUR,
} from '../../server/modules/payments/crypto-quote-budget.ts';
import { CRYPTO_QUOTE_PER_MINUTE } from '../../server/plugins/limits.ts';
import { as, makePremium, registerUser, type Session } from './helpers/api.ts';
import { holdBtcAmounts } from './helpers/crypto-quotes.ts';
import { premiumCost, requestQuote, shopCost } from './helpers/payments.ts';
import { openSeededStore } from './helpers/store.ts';
import { bearer, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

const PREMIUM = { pay_for_premium: true };

describeEachDatabase('crypto is quoted only when the buyer picks the coin', (kind) => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => ({ t, admin } = await openSeededStore(kind)));
  afterAll(async () => t.close());

  const db = () => t.app.services.db.kysely;
  const quotesOf = async (user: Session) =>
    db().selectFrom('crypto_quotes').selectAll().where('user_id', '=', user.id).execute();
  const budgetSpent = async (user: Session, method: string) =>
    (await t.app.services.counters.peek(`crypto-quote:user:${method}:${user.id}`, Date.now()))?.count ?? 0;
  const quote = async (user: Session, method: string, scope: object = PREMIUM, address?: string) => {
    const response = await requestQuote(t.app, user, method, scope, address);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { price: number; account: string; quoted: boolean; closed?: string };
  };
  const claim = (user: Session, method: string, source: string, scope: object = PREMIUM) =>
    as(t.app, user, {
      method: 'POST',
      url: '/api/v1/manual_payment',
      payload: { method, payment_source: source, ...scope },
    });
  /** A fresh package of one $10 strategy pack (RUB 800 unless given), so no other case's purchases touch it. */
  const onePack = async (label: string, usd = 10, rub = 800) => {
    const body = { type: 'product', name: label, description: 'd', price_usd: usd, price_rub: rub };
    const response = await as(t.app, admin, { method: 'POST', url: '/api/v1/admin/items', payload: body });
    expect(response.statusCode, response.body).toBe(200);
    const item = response.json().data as { id: number; package_id: number };
    return { package_id: item.package_id, products: [item.id], video_courses: [] as number[] };
  };

  it('card buyers opening the window from one address take no amount and spend no budget', async () => {
    const office = '198.51.100.77';
    const pack = await onePack('Window pack');
    const buyers: Session[] = [];
    // More buyers than the address may make new quotes in an hour, each opening Premium's and a package's window.
    for (let i = 0; i <= NEW_QUOTES_PER_ADDRESS_HOUR; i += 1) {
      const buyer = await registerUser(t.app);
      buyers.push(buyer);
      for (const cost of [
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/shop/cost/premium',
          headers: bearer(buyer.token),
          remoteAddress: office,
        }),
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/shop/cost/shop',
          payload: pack,
          headers: bearer(buyer.token),
          remoteAddress: office,
        }),
      ]) {
        expect(cost.statusCode, cost.body).toBe(200);
        // The plain price, not an amount of the buyer's own: nothing is held for a card buyer.
        expect(cost.json().data.btc).toMatchObject({ quoted: false, account: expect.stringMatching(/.+/) });
        expect(cost.json().data.tether.quoted).toBe(false);
      }
    }
    expect(await premiumCost(t.app, buyers[0]!)).toMatchObject({
      btc: { price: 0.00025, quoted: false },
      tether: { price: 25, quoted: false },
    });
    const ids = buyers.map((buyer) => buyer.id);
    expect(await db().selectFrom('crypto_quotes').select('id').where('user_id', 'in', ids).execute()).toEqual(
      [],
    );
    expect(
      await db().selectFrom('crypto_quote_log').select('id').where('user_id', 'in', ids).execute(),
    ).toEqual([]);
    for (const method of ['btc', 'tether']) expect(await budgetSpent(buyers[0]!, method)).toBe(0);
    // The address's budget is whole: the last of them picking bitcoin is quoted.
    const picked = await quote(buyers.at(-1)!, 'btc', PREMIUM, office);
    expect(picked.quoted).toBe(true);
  });

  it('picking a coin quotes it once; picking it again and reopening the window show the same amount', async () => {
    const buyer = await registerUser(t.app);
    const btc = await quote(buyer, 'btc');
    expect(btc).toMatchObject({ quoted: true, account: expect.stringMatching(/.+/) });
    expect(btc.price).toBeGreaterThan(0.00025);
    expect(btc.price).toBeLessThanOrEqual(0.000255);
    expect(await budgetSpent(buyer, 'btc')).toBe(1);
    // Only bitcoin was picked: tether holds nothing and its budget is whole.
    expect((await quotesOf(buyer)).map((row) => row.method)).toEqual(['btc']);
    expect(await budgetSpent(buyer, 'tether')).toBe(0);
    // Picked again more times than the hourly budget of new quotes: the open quote, nothing spent.
    for (let i = 0; i < NEW_QUOTES_PER_USER_HOUR + 2; i += 1) expect(await quote(buyer, 'btc')).toEqual(btc);
    expect(await budgetSpent(buyer, 'btc')).toBe(1);
    // The window opened again reports the open quote as this buyer's exact amount.
    const cost = await premiumCost(t.app, buyer);
    expect(cost.btc).toEqual({ price: btc.price, account: btc.account, quoted: true });
    expect(cost.tether).toMatchObject({ price: 25, quoted: false });
    // The claim expects exactly that amount.
    const sent = await claim(buyer, 'btc', `bc1-picked-${buyer.id}`);
    expect(sent.statusCode, sent.body).toBe(200);
    const stored = await db()
      .selectFrom('orders')
      .select('expected_amount')
      .where('id', '=', sent.json().data.id)
      .executeTakeFirstOrThrow();
    expect(stored.expected_amount).toBe(btc.price.toFixed(8));
  });

  it('a package is quoted for the contents the claim names; another buyer gets an amount of their own', async () => {
    const pack = await onePack('Quoted pack');
    const [buyer, other] = [await registerUser(t.app), await registerUser(t.app)];
    const window = await shopCost(t.app, buyer, pack);
    const scope = window.manual_payments_params.tether;
    const tether = await quote(buyer, 'tether', scope);
    expect(tether.quoted).toBe(true);
    expect(tether.price).toBeGreaterThan(10);
    expect(tether.price).toBeLessThanOrEqual(10.05);
    expect((await shopCost(t.app, buyer, pack)).tether).toEqual({ ...tether });
    // The same contents for someone else: not this buyer's quote, and naming the buyer's id changes nothing.
    expect((await shopCost(t.app, other, pack)).tether.quoted).toBe(false);
    const own = await quote(other, 'tether', { ...scope, user_id: buyer.id });
    expect(own.quoted).toBe(true);
    expect(own.price).not.toBe(tether.price);
    expect((await quotesOf(buyer)).map((row) => Number(row.amount))).toEqual([
      Math.round(tether.price * 1e6),
    ]);
    // A quote names its contents: it is no quote for Premium, nor for other contents.
    expect((await claim(buyer, 'tether', `tron-premium-${buyer.id}`)).json()).toMatchObject({
      code: 'cryptoQuoteMissing',
    });
    expect((await claim(buyer, 'tether', `tron-pack-${buyer.id}`, scope)).statusCode).toBe(200);
  });

  it('says why a coin is closed: every amount held, or too many new quotes', async () => {
    const buyer = await registerUser(t.app);
    try {
      await holdBtcAmounts(t, admin.id, 25_001, 25_500);
      expect(await quote(buyer, 'btc')).toEqual({
        price: 0.00025,
        account: '',
        quoted: false,
        closed: 'amountsTaken',
      });
      // Tether is unaffected.
      expect((await quote(buyer, 'tether')).quoted).toBe(true);
    } finally {
      await db().deleteFrom('crypto_quotes').where('user_id', '=', admin.id).execute();
    }

    const spender = await registerUser(t.app);
    for (let i = 0; i < NEW_QUOTES_PER_USER_HOUR; i += 1) {
      expect((await quote(spender, 'tether')).quoted).toBe(true);
      // Each new quote is counted: let it expire so the next pick makes a new one.
      await db()
        .updateTable('crypto_quotes')
        .set({ expires_at: '2000-01-01T00:00:00.000Z' })
        .where('user_id', '=', spender.id)
        .execute();
    }
    expect(await quote(spender, 'tether')).toEqual({
      price: 25,
      account: '',
      quoted: false,
      closed: 'quoteBudget',
    });
    // Bitcoin has its own budget.
    expect((await quote(spender, 'btc')).quoted).toBe(true);
  });

  it('nothing to pay, or a crypto price of 0 beside a card price, makes no quote', async () => {
    const premium = await registerUser(t.app);
    await makePremium(t.app, premium);
    const empty = await requestQuote(t.app, premium, 'btc', PREMIUM);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: 'The shopping list is empty', code: 'shoppingListEmpty' });

    // A pack sold in roubles only: a Russian-language buyer's card price is 500 RUB, the crypto price (from USD) 0.
    const rubOnly = await onePack('Roubles only pack', 0, 500);
    const russian = await registerUser(t.app);
    await as(t.app, russian, {
      method: 'POST',
      url: '/api/v1/users/language',
      payload: { language: 'ru-RU' },
    });
    const cost = await shopCost(t.app, russian, rubOnly);
    expect(cost.cloud_payments.price).toBe(500);
    expect(cost.btc).toMatchObject({ price: 0, quoted: false });
    const refused = await requestQuote(t.app, russian, 'btc', rubOnly);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'Choose another form of payment', code: 'chooseAnotherPayment' });
    expect(await quotesOf(premium)).toEqual([]);
    expect(await quotesOf(russian)).toEqual([]);
  });

  describe('the quote route checks who asks and what', () => {
    it('needs a signed-in buyer, before anything else', async () => {
      for (const payload of [{ method: 'btc', ...PREMIUM }, { method: 'card' }]) {
        const response = await t.app.inject({ method: 'POST', url: '/api/v1/shop/crypto_quote', payload });
        expect(response.statusCode).toBe(401);
        expect(response.json().code).toBe('unauthorized');
      }
    });

    it.each([
      [{ method: 'card', ...PREMIUM }, /method/],
      [{ method: 'eth', ...PREMIUM }, /method/],
      [{ ...PREMIUM }, /method/],
      [{ method: 'btc', pay_for_premium: 'yes' }, /pay_for_premium/],
      [{ method: 'btc', package_id: 0, products: [1] }, /package_id/],
      [{ method: 'btc', package_id: 1, products: [-3] }, /products/],
      [{ method: 'btc', package_id: 1, products: Array.from({ length: 101 }, (_, i) => i + 1) }, /products/],
    ])('refuses %j with 400 naming the field', async (payload, field) => {
      const buyer = await registerUser(t.app);
      const response = await as(t.app, buyer, { method: 'POST', url: '/api/v1/shop/crypto_quote', payload });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().code).toBe('invalidRequest');
      expect(response.json().error).toMatch(field);
      expect(await quotesOf(buyer)).toEqual([]);
    });

    it('refuses items without their package, items of another package, and an unknown package', async () => {
      const buyer = await registerUser(t.app);
      const [first, second] = [await onePack('Checked pack A'), await onePack('Checked pack B')];
      const noPackage = await requestQuote(t.app, buyer, 'btc', { ...PREMIUM, products: first.products });
      expect(noPackage.statusCode).toBe(400);
      expect(noPackage.json()).toEqual({
        error: 'Invalid request: body.package_id is required with products or video_courses',
        code: 'invalidRequest',
      });
      const mixed = await requestQuote(t.app, buyer, 'btc', { ...first, products: second.products });
      expect(mixed.statusCode).toBe(400);
      const unknown = await requestQuote(t.app, buyer, 'btc', { ...first, package_id: 2_000_000_000 });
      expect(unknown.statusCode).toBe(404);
      expect(await quotesOf(buyer)).toEqual([]);
      expect(await budgetSpent(buyer, 'btc')).toBe(0);
    });

    it(`answers 429 past ${CRYPTO_QUOTE_PER_MINUTE} requests a minute from one buyer`, async () => {
      const buyer = await registerUser(t.app);
      const answers = [];
      for (let i = 0; i <= CRYPTO_QUOTE_PER_MINUTE; i += 1)
        answers.push((await requestQuote(t.app, buyer, 'tether', PREMIUM)).statusCode);
      expect(answers.slice(0, CRYPTO_QUOTE_PER_MINUTE).every((status) => status === 200)).toBe(true);
      expect(answers.at(-1)).toBe(429);
    });
  });

  it('a claim is refused until the coin was picked, however often the window was opened', async () => {
    const buyer = await registerUser(t.app);
    for (let i = 0; i < 3; i += 1) await premiumCost(t.app, buyer);
    for (const method of ['btc', 'tether'])
      expect((await claim(buyer, method, `${method}-unpicked-${buyer.id}`)).json()).toMatchObject({
        code: 'cryptoQuoteMissing',
      });
    expect(await quotesOf(buyer)).toEqual([]);
  });
});
