// "Download my data": the zip a player gets holds their profile and avatar, their charts as JSON and as PokerStove
// text per colour (read back here by a parser of the test's own), purchases, payments, referral payouts and trainer
// results, as JSON and CSV, and nothing of any other player; it streams, and it is rate limited.
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { DATA_EXPORTS_PER_HOUR } from '../../server/plugins/limits.ts';
import { as, makePremium, registerUser, type Session } from './helpers/api.ts';
import { categoryCalls } from './helpers/categories.ts';
import { me, openPaymentWindow } from './helpers/payments.ts';
import { openSeededStore } from './helpers/store.ts';
import { bearer, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

const RAISE = '#D93A3A';
const CALL = '#1847BE';

/** PokerStove text as the export writes it ("AA,AKs:0.5,AhKh") → class or combo → weight, read independently. */
function readRange(text: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const token of text.split(',')) {
    const match = /^([2-9TJQKA][shdc]?[2-9TJQKA][shdc]?[so]?)(?::([0-9.]+))?$/.exec(token.trim());
    if (!match) throw new Error(`not a range token: ${token}`);
    weights.set(match[1] as string, match[2] === undefined ? 1 : Number(match[2]));
  }
  return weights;
}

/** A two-card combo as a set, whatever order its cards are written in. */
const cardSet = (combo: string) => [combo.slice(0, 2), combo.slice(2, 4)].sort().join('+');

/** A CSV as RFC 4180 reads it: rows of fields, quotes undone. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let index = 0;
  while (index < text.length) {
    const char = text[index] as string;
    const next = text[index + 1];
    index += 1;
    if (quoted && char === '"' && next === '"') {
      field += '"';
      index += 1;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && char === ',') {
      row.push(field);
      field = '';
    } else if (!quoted && char === '\r' && next === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index += 1;
    } else {
      field += char;
    }
  }
  return rows;
}

describeEachDatabase('downloading my data', (kind) => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => ({ t, admin } = await openSeededStore(kind)));
  afterAll(async () => t.close());

  const post = (user: Session, url: string, payload: unknown = {}) =>
    as(t.app, user, { method: 'POST', url, payload });
  const download = (user: Session | null) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/users/userprofile/export',
      headers: user ? bearer(user.token) : {},
    });
  const { createId: create } = categoryCalls(() => t.app);

  it('answers 401 without a session', async () => {
    expect((await download(null)).statusCode).toBe(401);
  });

  it("holds the player's profile, avatar, charts, purchases, payouts and trainer results, and no one else's", async () => {
    const player = await registerUser(t.app);
    const buyer = await registerUser(t.app, { referral: (await me(t.app, player)).referral_token });
    const stranger = await registerUser(t.app);
    await create(stranger, { name: 'Stranger secret range' });

    const png = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const boundary = '----avatar';
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/userprofile/update/avatar',
      headers: { ...bearer(player.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    const folder = await create(player, { kind: 'folder', name: 'BTN' });
    const range = await create(player, {
      name: 'Open vs 3bet',
      parent_id: folder,
      note: 'line one\nline two',
      buttons: [
        { color: RAISE, label: 'Raise' },
        { color: CALL, label: 'Call' },
      ],
      pairs: [
        { hand: 'AA', colors: [{ color: RAISE, weight: 100 }] },
        {
          hand: 'AKs',
          colors: [
            { color: RAISE, weight: 50 },
            { color: CALL, weight: 50 },
          ],
        },
        { hand: 'QQ', colors: [{ color: CALL, weight: 100 }], excluded: ['QsQh'] },
      ],
    });
    const formula = await create(player, {
      name: '=HYPERLINK("http://evil","x")',
      root_type: 'tournament_root',
    });
    await create(player, {
      name: 'Push 10bb',
      root_type: 'tournament_root',
      pairs: [{ hand: '22', colors: [{ color: RAISE, weight: 25 }] }],
    });
    for (const combo of ['AsAd', 'AhKh'])
      expect(
        (
          await post(player, '/api/v1/trainer/answers', {
            answers: [{ category_id: range, combo, color: RAISE }],
          })
        ).statusCode,
      ).toBe(200);
    expect(
      (
        await post(player, '/api/v1/trainer/answers', {
          answers: [{ category_id: formula, combo: '2s2d', color: RAISE }],
        })
      ).statusCode,
    ).toBe(200);
    // Premium by card transfer; the referred buyer pays for a pack, which pays the player a commission.
    await openPaymentWindow(t.app, player, { pay_for_premium: true });
    const paid = await post(player, '/api/v1/manual_payment', {
      method: 'card',
      payment_source: 'card 1234',
      pay_for_premium: true,
    });
    expect(
      (await post(admin, `/api/v1/admin/manual_payments/${paid.json().data.id}/confirm`)).statusCode,
    ).toBe(200);
    await makePremium(t.app, buyer);
    const pack = (await as(t.app, buyer, { method: 'GET', url: '/api/shop' })).json().data.list[0];
    const scope = { package_id: pack.id, products: [pack.products[0].id], video_courses: [] };
    await openPaymentWindow(t.app, buyer, scope);
    const bought = await post(buyer, '/api/v1/manual_payment', {
      method: 'tether',
      payment_source: `tron-${buyer.id}`,
      ...scope,
    });
    expect(
      (await post(admin, `/api/v1/admin/manual_payments/${bought.json().data.id}/confirm`)).statusCode,
    ).toBe(200);

    const response = await download(player);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="rangeforge-data-\d{4}-\d\d-\d\d\.zip"$/,
    );
    // Streamed: no length known up front.
    expect(response.headers['content-length']).toBeUndefined();
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const text = (name: string) => new TextDecoder().decode(files[name]);
    expect(Object.keys(files).sort()).toEqual(
      [
        'profile.json',
        'avatar.webp',
        'charts/charts.json',
        'charts/cash-ranges.txt',
        'charts/tournament-ranges.txt',
        ...['purchases', 'payments', 'referral-payouts', 'trainer/hands'].flatMap((name) => [
          `${name}.json`,
          `${name}.csv`,
        ]),
        'trainer/summary.json',
      ].sort(),
    );
    expect(JSON.parse(text('profile.json'))).toMatchObject({
      id: player.id,
      username: player.username,
      email: player.email,
      premium: true,
      avatar: 'avatar.webp',
    });
    expect((await sharp(Buffer.from(files['avatar.webp'] ?? [])).metadata()).format).toBe('webp');

    const charts = JSON.parse(text('charts/charts.json')) as Array<Record<string, unknown>>;
    const own = await t.app.services.db.kysely
      .selectFrom('categories')
      .select('id')
      .where('user_id', '=', player.id)
      .execute();
    expect(charts.map((chart) => chart.id).sort()).toEqual(own.map((row) => row.id).sort());
    const open = charts.find((chart) => chart.id === range);
    expect(open).toMatchObject({ path: ['BTN', 'Open vs 3bet'], note: 'line one\nline two', kind: 'range' });
    const queens = (open?.pairs as Array<{ hand: string; excluded?: string[] }>).find(
      (pair) => pair.hand === 'QQ',
    );
    expect(queens?.excluded?.map(cardSet)).toEqual([cardSet('QsQh')]);

    // The text: the range's path, then one line per colour with its label, read back to the weights painted.
    const cash = text('charts/cash-ranges.txt');
    const block = cash.slice(cash.indexOf('BTN / Open vs 3bet'));
    const line = (prefix: string) =>
      (block.split('\n').find((entry) => entry.trim().startsWith(prefix)) ?? '').split(': ')[1] ?? '';
    expect(Object.fromEntries(readRange(line(`${RAISE} Raise`)))).toEqual({ AA: 1, AKs: 0.5 });
    const calls = readRange(line(`${CALL} Call`));
    expect(calls.get('AKs')).toBe(0.5);
    // QQ without QsQh: the five other combos, each whole.
    const suits = ['s', 'h', 'd', 'c'];
    const allQueens = suits.flatMap((a, i) => suits.slice(i + 1).map((b) => cardSet(`Q${a}Q${b}`)));
    expect(
      [...calls.keys()]
        .filter((key) => /^Q.Q.$/.test(key))
        .map(cardSet)
        .sort(),
    ).toEqual(allQueens.filter((combo) => combo !== cardSet('QsQh')).sort());
    expect(block).toContain('Note: line one\n        line two');
    expect(
      Object.fromEntries(
        readRange(text('charts/tournament-ranges.txt').split(`${RAISE}: `)[1]?.split('\n')[0] ?? ''),
      ),
    ).toEqual({ '22': 0.25 });

    const purchases = readCsv(text('purchases.csv'));
    expect(purchases[0]).toEqual(['id', 'date', 'kind', 'name', 'amount', 'currency', 'refunded']);
    expect(purchases.slice(1).map((row) => [row[2], row[3], row[6]])).toEqual([
      ['premium', 'Premium', 'false'],
    ]);
    expect(JSON.parse(text('payments.json'))).toContainEqual(
      expect.objectContaining({ method: 'card', status: 'paid', premium: true }),
    );
    const payouts = JSON.parse(text('referral-payouts.json')) as Array<Record<string, unknown>>;
    expect(payouts).toEqual([expect.objectContaining({ user: buyer.username, type: 'shop', percent: 20 })]);
    expect(readCsv(text('referral-payouts.csv'))[1]?.[2]).toBe(buyer.username);
    expect(JSON.parse(text('trainer/summary.json'))).toMatchObject({ hands: 3 });
    const hands = readCsv(text('trainer/hands.csv'));
    expect(
      hands
        .slice(1)
        .map((row) => row[2])
        .sort(),
    ).toEqual(['22', 'AA', 'AKs']);
    // A chart name a spreadsheet would run is written as text.
    expect(hands.find((row) => row[2] === '22')?.[1]).toBe(`'=HYPERLINK("http://evil","x")`);

    // Nothing of another player: the stranger's chart, the buyer's e-mail, anyone else's id in a file.
    const everything = Object.keys(files).map(text).join('\n');
    expect(everything).not.toContain('Stranger secret range');
    expect(everything).not.toContain(buyer.email);
    expect(everything).not.toContain(stranger.username);
  }, 60_000);

  it(`allows ${DATA_EXPORTS_PER_HOUR} exports an hour, then answers 429 with Retry-After`, async () => {
    const player = await registerUser(t.app);
    for (let index = 0; index < DATA_EXPORTS_PER_HOUR; index += 1)
      expect((await download(player)).statusCode).toBe(200);
    const refused = await download(player);
    expect([refused.statusCode, refused.json().code]).toEqual([429, 'tooManyRequests']);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    // Another player's budget is their own.
    expect((await download(await registerUser(t.app))).statusCode).toBe(200);
  });
});
