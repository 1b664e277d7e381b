// The store's pages from memory: read from the tables once per change, with validators and compressed forms made
// once, and still right for each caller (currency, Premium, what they own, lesson links only for those who may watch)
// and at once after an admin's change, here, from another process on the file, or (within a second) from another
// instance on the same PostgreSQL.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { buildApp } from '../../server/app.ts';
import { seedDatabase } from '../../server/db/seed.ts';
import { as, makeAdmin, makePremium, registerUser, type Session } from './helpers/api.ts';
import { postgresAvailability } from './helpers/postgres.ts';
import { openSeededStore } from './helpers/store.ts';
import { bearer, createTestApp, memoryMailer, type TestApp } from './helpers/test-app.ts';

interface Item {
  id: number;
  name: string;
  price_in_user_currency: number;
  owned: boolean;
}
interface Offer {
  id: number;
  currency: string;
  products: Item[];
  video_courses: Array<Item & { lessons?: Array<{ video_url: string | null }> }>;
}

const offers = (response: { json(): unknown }) => (response.json() as { data: { list: Offer[] } }).data.list;
const allItems = (list: Offer[]) => list.flatMap((offer) => [...offer.products, ...offer.video_courses]);

/** Gives `user` the item as a paid purchase (the payment flows have their own suites). */
async function own(app: FastifyInstance, user: Session, itemId: number): Promise<void> {
  const db = app.services.db.kysely;
  const now = new Date().toISOString();
  const order = await db
    .insertInto('orders')
    .values({
      user_id: user.id,
      method: 'card',
      status: 'paid',
      amount: 100,
      currency: 'USD',
      pay_for_premium: 0,
      package_id: null,
      products: '[]',
      video_courses: '[]',
      payment_source: null,
      created_at: now,
      updated_at: now,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('purchases')
    .values({
      user_id: user.id,
      order_id: order.id,
      kind: 'product',
      item_id: itemId,
      name: 'x',
      amount: 100,
      currency: 'USD',
      created_at: now,
    })
    .execute();
}

describe('the store from memory [sqlite]', () => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => ({ t, admin } = await openSeededStore('sqlite')));
  afterAll(async () => t?.close());

  it('reads the catalogue from the tables once, then answers from memory with a validator', async () => {
    const selects = vi.spyOn(t.app.services.db.kysely, 'selectFrom');
    try {
      const first = await t.app.inject({ url: '/api/shop' });
      const again = await t.app.inject({ url: '/api/shop' });
      const product = await t.app.inject({ url: `/api/shop/product/${offers(first)[0]!.id}` });
      expect([first.statusCode, again.statusCode, product.statusCode]).toEqual([200, 200, 200]);
      expect(again.body).toBe(first.body);
      const packageReads = selects.mock.calls.filter(([table]) => String(table) === 'packages');
      expect(packageReads.length).toBeLessThanOrEqual(1);
    } finally {
      selects.mockRestore();
    }
    const response = await t.app.inject({ url: '/api/shop' });
    expect(response.headers['cache-control']).toBe('public, no-cache');
    expect(response.headers.vary).toBe('Authorization, Accept-Encoding');
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const revalidated = await t.app.inject({ url: '/api/shop', headers: { 'if-none-match': etag } });
    expect([revalidated.statusCode, revalidated.body]).toEqual([304, '']);
    expect(revalidated.headers.etag).toBe(etag);
  });

  it('sends the compressed forms the client accepts, each the same answer', async () => {
    const plain = await t.app.inject({ url: '/api/shop' });
    const br = await t.app.inject({ url: '/api/shop', headers: { 'accept-encoding': 'gzip, br' } });
    const gzip = await t.app.inject({ url: '/api/shop', headers: { 'accept-encoding': 'br;q=0, gzip' } });
    const none = await t.app.inject({ url: '/api/shop', headers: { 'accept-encoding': 'identity' } });
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(plain.body);
    expect(br.headers.etag).toBe(plain.headers.etag);
  });

  it("answers each caller as theirs: currency, what they own, lesson links only for a course's owner", async () => {
    const owner = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    const russian = await registerUser(t.app);
    await as(t.app, russian, {
      method: 'POST',
      url: '/api/v1/users/language',
      payload: { language: 'ru-RU' },
    });
    const anonymous = offers(await t.app.inject({ url: '/api/shop' }));
    const withLessons = anonymous.find((offer) => offer.video_courses.length > 0)!;
    const course = withLessons.video_courses[0]!;
    await own(t.app, owner, course.id);
    // A rendered video (with poster and captions) for the course's lessons: what an owner gets signed links to.
    await t.app.services.db.kysely
      .updateTable('lessons')
      .set({ video_file: 'lesson-0123456789abcdef01234567.mp4' })
      .where('item_id', '=', course.id)
      .execute();

    const mine = offers(await t.app.inject({ url: '/api/shop', headers: bearer(owner.token) }));
    expect(allItems(mine).find((item) => item.id === course.id)?.owned).toBe(true);
    const shop = await t.app.inject({ url: '/api/shop', headers: bearer(owner.token) });
    expect(shop.headers['cache-control']).toBe('private, no-cache');
    for (const session of [stranger, null]) {
      const list = offers(
        await t.app.inject({ url: '/api/shop', headers: session ? bearer(session.token) : {} }),
      );
      expect(allItems(list).some((item) => item.owned)).toBe(false);
    }
    const roubles = offers(await t.app.inject({ url: '/api/shop', headers: bearer(russian.token) }));
    expect(roubles.every((offer) => offer.currency === 'RUB')).toBe(true);
    expect(anonymous.every((offer) => offer.currency === 'USD')).toBe(true);

    // The owner's page (signed links) first: the next callers must not be handed their links.
    const page = (session: Session | null) =>
      t.app.inject({
        url: `/api/shop/product/${withLessons.id}`,
        headers: session ? bearer(session.token) : {},
      });
    const lessons = async (session: Session | null) =>
      ((await page(session)).json().data.video_courses as Offer['video_courses']).flatMap(
        (c) => c.lessons ?? [],
      );
    expect((await lessons(owner)).some((lesson) => lesson.video_url !== null)).toBe(true);
    for (const session of [null, stranger]) {
      const seen = await lessons(session);
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((lesson) => lesson.video_url === null)).toBe(true);
    }
    expect((await page(owner)).headers.etag).not.toBe((await page(null)).headers.etag);
  });

  it('shows a purchase and Premium at once (neither is part of the catalogue)', async () => {
    const buyer = await registerUser(t.app);
    const before = offers(await t.app.inject({ url: '/api/shop', headers: bearer(buyer.token) }));
    const item = before[0]!.products[0]!;
    await own(t.app, buyer, item.id);
    const after = offers(await t.app.inject({ url: '/api/shop', headers: bearer(buyer.token) }));
    expect(allItems(after).find((entry) => entry.id === item.id)?.owned).toBe(true);
    await makePremium(t.app, buyer);
    const premium = await t.app.inject({ url: '/api/shop', headers: bearer(buyer.token) });
    expect(premium.json().data.list[0].premium_owned).toBe(true);
  });

  it("shows the admin's change at once, and one made by another process on the database file", async () => {
    const list = offers(await t.app.inject({ url: '/api/shop' }));
    const item = list[0]!.products[0]!;
    const etag = (await t.app.inject({ url: '/api/shop' })).headers.etag;
    const edited = await as(t.app, admin, {
      method: 'POST',
      url: `/api/v1/admin/items/${item.id}`,
      payload: {
        type: 'product',
        name: 'Renamed by the admin',
        description: '',
        price_usd: 31,
        price_rub: 2800,
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await t.app.inject({ url: '/api/shop', headers: { 'if-none-match': String(etag) } });
    expect(after.statusCode).toBe(200);
    const renamed = allItems(offers(after)).find((entry) => entry.id === item.id);
    expect(renamed).toMatchObject({ name: 'Renamed by the admin', price_in_user_currency: 31 });
    const product = await t.app.inject({ url: `/api/shop/product/${list[0]!.id}` });
    expect(product.json().data.products.find((entry: Item) => entry.id === item.id).name).toBe(
      'Renamed by the admin',
    );

    const other = new SQLite(t.config.databaseUrl.slice('sqlite:'.length));
    try {
      other.prepare('UPDATE shop_items SET name = ? WHERE id = ?').run('Renamed from the CLI', item.id);
      other.prepare('UPDATE packages SET active = 0 WHERE id = ?').run(list[0]!.id);
    } finally {
      other.close();
    }
    const gone = offers(await t.app.inject({ url: '/api/shop' }));
    expect(gone.some((offer) => offer.id === list[0]!.id)).toBe(false);
    expect((await t.app.inject({ url: `/api/shop/product/${list[0]!.id}` })).statusCode).toBe(404);
  });
});

describe('the store from memory in each language [sqlite]', () => {
  let t: TestApp;
  beforeAll(async () => ({ t } = await openSeededStore('sqlite')));
  afterAll(async () => t?.close());

  it('keeps one answer per language and shows a translation changed on its own table at once', async () => {
    const inRussian = async () => allItems(offers(await t.app.inject({ url: '/api/shop?lang=ru-RU' })));
    const english = allItems(offers(await t.app.inject({ url: '/api/shop' })));
    const before = await inRussian();
    const item = before[0]!;
    // The seeded store is translated: the cached English answer is not served for Russian, nor the other way.
    expect(item.name).not.toBe(english.find((entry) => entry.id === item.id)!.name);
    expect(allItems(offers(await t.app.inject({ url: '/api/shop' })))[0]!.name).toBe(english[0]!.name);

    // Only the translation changes (the item's own row does not): its table moves the store's counter too.
    const other = new SQLite(t.config.databaseUrl.slice('sqlite:'.length));
    try {
      other
        .prepare("UPDATE shop_item_texts SET name = ? WHERE item_id = ? AND language = 'ru-RU'")
        .run('Переведено заново', item.id);
    } finally {
      other.close();
    }
    expect((await inRussian()).find((entry) => entry.id === item.id)!.name).toBe('Переведено заново');
    expect(allItems(offers(await t.app.inject({ url: '/api/shop' })))[0]!.name).toBe(english[0]!.name);
  });
});

const pg = postgresAvailability();
describe.skipIf(!pg.adminUrl)('the store from memory, two instances on one PostgreSQL', () => {
  let a: TestApp;
  let b: FastifyInstance;
  let admin: Session;
  beforeAll(async () => {
    a = await createTestApp('postgres');
    await seedDatabase(a.app.services.db);
    admin = await registerUser(a.app);
    await makeAdmin(a.app, admin);
    b = await buildApp(a.config, { mailer: memoryMailer([]) });
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("shows one instance's admin change there at once and on the other within a second or so", async () => {
    const list = offers(await b.inject({ url: '/api/shop' }));
    const item = list[0]!.products[0]!;
    expect(offers(await a.app.inject({ url: '/api/shop' }))).toEqual(list);
    const edited = await as(a.app, admin, {
      method: 'POST',
      url: `/api/v1/admin/items/${item.id}`,
      payload: {
        type: 'product',
        name: 'New on every instance',
        description: '',
        price_usd: 44,
        price_rub: 3900,
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const named = async (app: FastifyInstance) =>
      allItems(offers(await app.inject({ url: '/api/shop' }))).find((entry) => entry.id === item.id)?.name;
    expect(await named(a.app)).toBe('New on every instance');
    const started = Date.now();
    await expect.poll(() => named(b), { timeout: 5000, interval: 100 }).toBe('New on every instance');
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
