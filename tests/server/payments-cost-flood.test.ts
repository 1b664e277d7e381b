// A cost call for contents, or in a currency, the player holds no open card order for opens one (and expires the
// open order of the same contents in the other currency). The cost routes had no rate limit and a player no cap on
// open orders, so a signed-in script varying the product list, or flipping the language between calls, inserted
// order rows as fast as the server answered. Now a player has COST_RATE_LIMIT cost calls a minute (429 beyond, in
// the counters every instance shares) and at most OPEN_CARD_ORDERS_MAX open card orders: opening one more expires
// the oldest, which the provider's Check then refuses like any expired order.
import { afterAll, beforeAll, expect, it } from 'vitest';

import { COST_RATE_LIMIT_DEFAULT, OPEN_CARD_ORDERS_MAX } from '../../server/config.ts';
import { as, registerUser, type Session } from './helpers/api.ts';
import {
  buyerAddress,
  type CostData,
  notify,
  orderStatus,
  payFields,
  PROVIDER_ENV,
  purchases,
} from './helpers/payments.ts';
import { openSeededStore } from './helpers/store.ts';
import { bearer, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

/** Every non-empty selection of `ids`: the contents a script can vary between calls. */
const selections = (ids: number[]): number[][] =>
  Array.from({ length: 2 ** ids.length - 1 }, (_, mask) => ids.filter((__, bit) => ((mask + 1) >> bit) & 1));

describeEachDatabase('cost calls of one player', (kind) => {
  let t: TestApp;
  let admin: Session;
  // One package of five products: 31 different contents to ask the cost of.
  let packageId: number;
  let products: number[];
  beforeAll(async () => {
    ({ t, admin } = await openSeededStore(kind, {
      ...PROVIDER_ENV,
      COST_RATE_LIMIT: String(COST_RATE_LIMIT_DEFAULT),
    }));
    products = [];
    for (let n = 1; n <= 5; n += 1) {
      const created = await as(t.app, admin, {
        method: 'POST',
        url: '/api/v1/admin/items',
        payload: {
          type: 'product',
          name: `Flood pack ${n}`,
          description: 'd',
          price_usd: n,
          price_rub: n * 90,
          ...(packageId ? { package_id: packageId } : {}),
        },
      });
      expect(created.statusCode, created.body).toBe(200);
      const item = created.json().data as { id: number; package_id: number };
      packageId = item.package_id;
      products.push(item.id);
    }
  });
  afterAll(async () => t.close());

  const cost = (user: Session, chosen: number[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/shop/cost/shop',
      payload: { package_id: packageId, products: chosen, video_courses: [] },
      headers: bearer(user.token),
      remoteAddress: buyerAddress(user),
    });
  const costData = async (user: Session, chosen: number[]): Promise<CostData> => {
    const response = await cost(user, chosen);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const premium = (user: Session) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/shop/cost/premium',
      headers: bearer(user.token),
      remoteAddress: buyerAddress(user),
    });
  const setLanguage = async (user: Session, language: string) => {
    const response = await as(t.app, user, {
      method: 'POST',
      url: '/api/v1/users/language',
      payload: { language },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const ordersOf = (user: Session) =>
    t.app.services.db.kysely
      .selectFrom('orders')
      .select(['id', 'status', 'currency'])
      .where('user_id', '=', user.id)
      .where('method', '=', 'cloudpayments')
      .orderBy('id', 'asc')
      .execute();
  const openOrderIds = async (user: Session) =>
    (await ordersOf(user)).filter((order) => order.status === 'pending').map((order) => order.id);

  it(`a script varying the contents and flipping the language gets ${COST_RATE_LIMIT_DEFAULT} calls a minute, then 429`, async () => {
    const flooder = await registerUser(t.app);
    const contents = selections(products);
    const statuses: number[] = [];
    for (let call = 0; call < COST_RATE_LIMIT_DEFAULT + 10; call += 1) {
      if (call % 2 === 1) await setLanguage(flooder, call % 4 === 1 ? 'ru-RU' : 'en-US');
      statuses.push((await cost(flooder, contents[call % contents.length] as number[])).statusCode);
    }
    expect(statuses.slice(0, COST_RATE_LIMIT_DEFAULT)).toEqual(Array(COST_RATE_LIMIT_DEFAULT).fill(200));
    expect(statuses.slice(COST_RATE_LIMIT_DEFAULT)).toEqual(Array(10).fill(429));
    // At most one order row per call answered, and no more open at once than the cap.
    expect((await ordersOf(flooder)).length).toBeLessThanOrEqual(COST_RATE_LIMIT_DEFAULT);
    expect((await openOrderIds(flooder)).length).toBeLessThanOrEqual(OPEN_CARD_ORDERS_MAX);

    // Both cost routes draw on one budget; the answer says when to come back, translated by its code.
    const refused = await premium(flooder);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'tooManyRequests' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);

    // Another player's budget is their own.
    const buyer = await registerUser(t.app);
    expect((await premium(buyer)).statusCode).toBe(200);
  });

  it(`a player holds at most ${OPEN_CARD_ORDERS_MAX} open card orders; opening more expires the oldest`, async () => {
    const buyer = await registerUser(t.app);
    const opened: number[] = [];
    for (const chosen of selections(products).slice(0, OPEN_CARD_ORDERS_MAX + 3))
      opened.push((await costData(buyer, chosen)).cloud_payments_params.order_id);
    expect(new Set(opened).size).toBe(OPEN_CARD_ORDERS_MAX + 3);
    expect(await openOrderIds(buyer)).toEqual(opened.slice(3));
    for (const id of opened.slice(0, 3)) expect(await orderStatus(t.app, id)).toBe('expired');

    // Asking again for open contents reuses their order and expires nothing.
    const again = await costData(buyer, selections(products)[OPEN_CARD_ORDERS_MAX + 2] as number[]);
    expect(again.cloud_payments_params.order_id).toBe(opened.at(-1));
    expect(await openOrderIds(buyer)).toEqual(opened.slice(3));
    // Premium's order counts like any other.
    expect((await premium(buyer)).statusCode).toBe(200);
    expect(await openOrderIds(buyer)).toHaveLength(OPEN_CARD_ORDERS_MAX);
    expect(await orderStatus(t.app, opened[3] as number)).toBe('expired');
  });

  it('cost calls for new contents at once cannot pass the cap together', async () => {
    const buyer = await registerUser(t.app);
    const answers = await Promise.all(
      selections(products)
        .slice(0, OPEN_CARD_ORDERS_MAX + 5)
        .map((chosen) => cost(buyer, chosen)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(OPEN_CARD_ORDERS_MAX + 5).fill(200));
    const open = await openOrderIds(buyer);
    expect(open).toHaveLength(OPEN_CARD_ORDERS_MAX);
    // The newest stay open.
    expect(open).toEqual((await ordersOf(buyer)).map((order) => order.id).slice(-OPEN_CARD_ORDERS_MAX));
  });

  it('an order expired by the cap is refused at the check; a charge completed on it anyway is not lost', async () => {
    const buyer = await registerUser(t.app);
    const [first, ...rest] = selections(products);
    const oldest = await costData(buyer, first as number[]);
    for (const chosen of rest.slice(0, OPEN_CARD_ORDERS_MAX)) await costData(buyer, chosen);
    expect(await orderStatus(t.app, oldest.cloud_payments_params.order_id)).toBe('expired');

    const fields = payFields(oldest, `tx-capped-${buyer.id}`);
    expect((await notify(t.app, 'check', fields)).json()).toEqual({ code: 13 });
    // The provider charged it anyway (a widget opened before it expired): the money was taken, so it settles, as
    // any order that expired while its buyer sat in the widget.
    expect((await notify(t.app, 'pay', fields)).json()).toEqual({ code: 0 });
    expect(await orderStatus(t.app, oldest.cloud_payments_params.order_id)).toBe('paid');
    expect((await purchases(t.app, buyer)).total).toBe(1);
    // A second charge of the same invoice paid for nothing: recorded as an extra charge, granting nothing.
    expect((await notify(t.app, 'pay', payFields(oldest, `tx-capped-again-${buyer.id}`))).json()).toEqual({
      code: 0,
    });
    const extra = await t.app.services.db.kysely
      .selectFrom('extra_charges')
      .select(['transaction_id', 'reason'])
      .where('order_id', '=', oldest.cloud_payments_params.order_id)
      .execute();
    expect(extra).toEqual([{ transaction_id: `tx-capped-again-${buyer.id}`, reason: 'paid_twice' }]);
    expect((await purchases(t.app, buyer)).total).toBe(1);
  });

  it('a buyer who opens the window a few times and switches language once keeps paying the order shown', async () => {
    const buyer = await registerUser(t.app);
    const chosen = products.slice(0, 2);
    for (let n = 0; n < 3; n += 1) await costData(buyer, chosen);
    await setLanguage(buyer, 'ru-RU');
    const rub = await costData(buyer, chosen);
    expect(rub.currency).toBe('RUB');
    expect((await ordersOf(buyer)).map((order) => [order.status, order.currency])).toEqual([
      ['expired', 'USD'],
      ['pending', 'RUB'],
    ]);
    const fields = payFields(rub, `tx-window-${buyer.id}`);
    expect((await notify(t.app, 'check', fields)).json()).toEqual({ code: 0 });
    expect((await notify(t.app, 'pay', fields)).json()).toEqual({ code: 0 });
    expect((await purchases(t.app, buyer)).total).toBe(2);
  });
});
