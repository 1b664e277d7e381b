// The store's words in the player's language (migration 027): packages, items and lesson titles are read in the
// language the app asks for (else the player's, else English), each text falling back to English where it has no
// translation; the admin writes all four languages; a bought pack arrives in its buyer's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seedDatabase } from '../../server/db/seed.ts';
import { firstPushFold } from './fixtures/first-seed-push-fold.ts';
import { as, registerUser, type Session } from './helpers/api.ts';
import { sandboxCharge, shopCost } from './helpers/payments.ts';
import { openSeededStore } from './helpers/store.ts';
import { describeEachDatabase, type TestApp } from './helpers/test-app.ts';

interface Named {
  id: number;
  name: string;
  description: string;
}
interface ShopPack extends Named {
  products: Named[];
  video_courses: Named[];
}

describeEachDatabase('store texts in four languages', (kind) => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => ({ t, admin } = await openSeededStore(kind)));
  afterAll(async () => t.close());

  const get = (user: Session | null, url: string, query?: Record<string, string>) =>
    as(t.app, user, { method: 'GET', url, query });
  const shop = async (user: Session | null, lang?: string): Promise<ShopPack[]> =>
    (await get(user, '/api/shop', lang ? { lang } : undefined)).json().data.list;
  const post = (user: Session | null, url: string, payload: unknown) =>
    as(t.app, user, { method: 'POST', url, payload });
  const setLanguage = (user: Session, language: string) => post(user, '/api/v1/users/language', { language });

  describe('reading', () => {
    it('lists the seeded store in the language asked for, English by default, and says which', async () => {
      const english = await get(null, '/api/shop');
      expect(english.headers['content-language']).toBe('en-US');
      expect(english.json().data.list[0].name).toBe('6-max Cash 100bb');
      const russian = await get(null, '/api/shop', { lang: 'ru-RU' });
      expect(russian.headers['content-language']).toBe('ru-RU');
      const [cash, tournament] = russian.json().data.list as ShopPack[];
      expect(cash!.name).toBe('Кэш 6-max 100bb');
      expect(cash!.description).toMatch(/^Полная префлоп-стратегия/);
      expect(cash!.products.map((item) => item.name)).toEqual([
        'Диапазоны открытия по позициям',
        'Диапазоны 3-бета и колла',
      ]);
      expect(cash!.video_courses[0]!.name).toBe('Основы префлопа');
      expect(tournament!.products[0]!.description).toMatch(/Равновесие Нэша/);
      expect((await shop(null, 'zh-CN'))[1]!.name).toBe('锦标赛全下/弃牌');
      expect((await shop(null, 'es-ES'))[1]!.video_courses[0]!.name).toBe('Juego de torneo con stack corto');
    });

    it('gives a signed-in player their own language unless the app asks for another', async () => {
      const user = await registerUser(t.app);
      await setLanguage(user, 'es-ES');
      expect((await shop(user))[0]!.name).toBe('Cash 6-max 100bb');
      expect((await shop(user))[0]!.products[0]!.name).toBe('Rangos de apertura por posición');
      expect((await shop(user, 'ru-RU'))[0]!.products[0]!.name).toBe('Диапазоны открытия по позициям');
      expect((await shop(user, 'en-US'))[0]!.products[0]!.name).toBe('Opening ranges by position');
    });

    it('titles the lessons of a product page in the language asked for', async () => {
      const [, tournament] = await shop(null);
      const page = await get(null, `/api/shop/product/${tournament!.id}`, { lang: 'ru-RU' });
      expect(page.headers['content-language']).toBe('ru-RU');
      const data = page.json().data;
      expect(data.name).toBe('Турнирный пуш/фолд');
      const titles = data.video_courses[0].lessons.map((lesson: { title: string }) => lesson.title);
      expect(titles).toHaveLength(3);
      for (const title of titles) expect(title).toMatch(/[а-яё]/i);
      const english = (await get(null, `/api/shop/product/${tournament!.id}`)).json().data;
      expect(english.video_courses[0].lessons[0].title).not.toBe(titles[0]);
    });

    it('refuses a language it does not know', async () => {
      const response = await get(null, '/api/shop', { lang: 'fr-FR' });
      expect(response.statusCode).toBe(400);
      expect((await get(null, '/api/shop/product/1', { lang: 'xx' })).statusCode).toBe(400);
    });
  });

  describe('the admin', () => {
    const createItem = (body: Record<string, unknown>) =>
      post(admin, '/api/v1/admin/items', {
        type: 'product',
        name: 'Deep stack ranges',
        description: 'Charts for 200bb.',
        price_usd: 10,
        price_rub: 900,
        ...body,
      });
    const itemIn = async (id: number, lang: string) => {
      const list = await shop(null, lang);
      return list.flatMap((pack) => [pack, ...pack.products]).find((entry) => entry.id === id);
    };

    it('writes an item in four languages, its own package too, and each language falls back to English', async () => {
      const created = await createItem({
        translations: {
          'ru-RU': { name: 'Диапазоны глубокого стека', description: 'Чарты для 200bb.' },
          'zh-CN': { name: '深筹码范围', description: '' },
        },
      });
      expect(created.statusCode).toBe(200);
      const { id, package_id: packageId } = created.json().data;
      expect(await itemIn(id, 'ru-RU')).toMatchObject({
        name: 'Диапазоны глубокого стека',
        description: 'Чарты для 200bb.',
      });
      // A translation without a description keeps the English one; a language without one shows English.
      expect(await itemIn(id, 'zh-CN')).toMatchObject({
        name: '深筹码范围',
        description: 'Charts for 200bb.',
      });
      expect(await itemIn(id, 'es-ES')).toMatchObject({
        name: 'Deep stack ranges',
        description: 'Charts for 200bb.',
      });
      expect(await itemIn(packageId, 'ru-RU')).toMatchObject({ name: 'Диапазоны глубокого стека' });

      const catalogue = (await get(admin, '/api/v1/admin/items', { per_page: '100' })).json().data.list;
      const pack = catalogue.find((entry: { id: number }) => entry.id === packageId);
      expect(pack.items[0].translations).toEqual({
        'ru-RU': { name: 'Диапазоны глубокого стека', description: 'Чарты для 200bb.' },
        'zh-CN': { name: '深筹码范围', description: '' },
      });
    });

    it('replaces the translations an update sends and keeps them when it sends none', async () => {
      const { id, package_id: packageId } = (
        await createItem({ translations: { 'ru-RU': { name: 'Старое имя', description: '' } } })
      ).json().data;
      const update = (body: Record<string, unknown>) =>
        post(admin, `/api/v1/admin/items/${id}`, {
          type: 'product',
          name: 'Deep stack ranges',
          description: 'Charts for 200bb.',
          price_usd: 10,
          price_rub: 900,
          package_id: packageId,
          ...body,
        });
      expect((await update({ price_usd: 12 })).statusCode).toBe(200);
      expect((await itemIn(id, 'ru-RU'))!.name).toBe('Старое имя');
      expect(
        (await update({ translations: { 'es-ES': { name: 'Rangos profundos', description: '' } } }))
          .statusCode,
      ).toBe(200);
      expect((await itemIn(id, 'ru-RU'))!.name).toBe('Deep stack ranges');
      expect((await itemIn(id, 'es-ES'))!.name).toBe('Rangos profundos');
    });

    it('refuses a blank translated name, a language that is not translated into, and non-admins', async () => {
      const blank = await createItem({ translations: { 'ru-RU': { name: '   ', description: '' } } });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().error).toBeTruthy();
      for (const language of ['fr-FR', 'en-US']) {
        const refused = await createItem({ translations: { [language]: { name: 'Name', description: '' } } });
        expect(refused.statusCode, language).toBe(400);
      }
      const long = await createItem({
        translations: { 'zh-CN': { name: '长'.repeat(201), description: '' } },
      });
      expect(long.statusCode).toBe(400);
      const player = await registerUser(t.app);
      expect(
        (await post(player, '/api/v1/admin/packages/1', { name: 'Mine', description: '' })).statusCode,
      ).toBe(403);
      expect(
        (await post(admin, '/api/v1/admin/packages/999999', { name: 'None', description: '' })).statusCode,
      ).toBe(404);
      expect((await post(admin, '/api/v1/admin/lessons/999999', { title: 'None' })).statusCode).toBe(404);
    });

    it('renames a package and a lesson in four languages', async () => {
      const [cash] = await shop(null);
      const renamed = await post(admin, `/api/v1/admin/packages/${cash!.id}`, {
        name: '6-max Cash 100bb',
        description: 'Complete preflop strategy.',
        translations: { 'ru-RU': { name: 'Кэш 6-max (100bb)', description: 'Полная стратегия.' } },
      });
      expect(renamed.statusCode).toBe(200);
      expect((await shop(null, 'ru-RU'))[0]).toMatchObject({
        name: 'Кэш 6-max (100bb)',
        description: 'Полная стратегия.',
      });
      // Languages the update left out now show English.
      expect((await shop(null, 'zh-CN'))[0]!.name).toBe('6-max Cash 100bb');

      const page = (await get(null, `/api/shop/product/${cash!.id}`)).json().data;
      const lesson = page.video_courses[0].lessons[0];
      const titled = await post(admin, `/api/v1/admin/lessons/${lesson.id}`, {
        title: 'Opening ranges',
        translations: { 'ru-RU': 'Диапазоны открытия', 'es-ES': 'Rangos de apertura' },
      });
      expect(titled.statusCode).toBe(200);
      const ru = (await get(null, `/api/shop/product/${cash!.id}`, { lang: 'ru-RU' })).json().data;
      expect(ru.video_courses[0].lessons[0].title).toBe('Диапазоны открытия');
      const zh = (await get(null, `/api/shop/product/${cash!.id}`, { lang: 'zh-CN' })).json().data;
      expect(zh.video_courses[0].lessons[0].title).toBe('Opening ranges');
      const audit = (await get(admin, '/api/v1/admin/audit')).json().data.list;
      expect(audit.slice(0, 2).map((entry: { action: string }) => entry.action)).toEqual([
        'lesson.update',
        'package.update',
      ]);
    });
  });

  describe('a bought pack', () => {
    it('arrives in its buyer’s language, and the purchase is named in the language asked for', async () => {
      const buyer = await registerUser(t.app);
      await setLanguage(buyer, 'ru-RU');
      const [cash] = await shop(buyer);
      const opens = cash!.products[0]!;
      const cost = await shopCost(t.app, buyer, {
        package_id: cash!.id,
        products: [opens.id],
        video_courses: [],
      });
      expect((await sandboxCharge(t.app, buyer, cost)).json().data.status).toBe('paid');
      const tree = (await get(buyer, '/api/v1/categories/tree', { root_type: 'preflop_root' })).json().data;
      const folder = tree.children.find(
        (node: { name: string }) => node.name === 'Диапазоны открытия по позициям',
      );
      expect(folder).toBeDefined();
      const charts = folder.children.map((node: { name: string }) => node.name);
      // Russian writes a no-break space before the percent sign.
      expect(charts[2]).toBe('CO: открытие (28\u00a0%)');
      const chart = (await get(buyer, `/api/v1/categories/${folder.children[2].id}`)).json().data;
      expect(chart.note).toMatch(/^Катофф, позади только баттон и блайнды: 27,9\s% рук/);
      expect(chart.buttons).toEqual([{ color: '#D64545', label: 'Рейз 2,5bb' }]);

      const bought = async (lang?: string) =>
        (await get(buyer, '/api/v1/users/userprofile/purchases', lang ? { lang } : undefined)).json().data
          .items[0].name;
      expect(await bought()).toBe('Диапазоны открытия по позициям');
      expect(await bought('en-US')).toBe('Opening ranges by position');
      expect(await bought('zh-CN')).toBe('按位置的开局范围');
    });
  });

  describe('a database seeded before', () => {
    it('gets the translations it lacks and today’s pack in place of the typed one, once', async () => {
      const db = t.app.services.db.kysely;
      const [, tournament] = await shop(null);
      const pushFold = tournament!.products[0]!;
      await db.deleteFrom('shop_item_texts').where('item_id', '=', pushFold.id).execute();
      // What the first seed stored: the push charts typed by hand.
      await db
        .updateTable('shop_item_contents')
        .set({ content: JSON.stringify(firstPushFold) })
        .where('item_id', '=', tournament!.products[0]!.id)
        .execute();
      const report = await seedDatabase(t.app.services.db);
      expect(report).toEqual([
        'store package "Tournament push/fold": 3 translations',
        'store package "Tournament push/fold": 1 packs and courses renewed',
      ]);
      const stored = await db
        .selectFrom('shop_item_contents')
        .select('content')
        .where('item_id', '=', pushFold.id)
        .executeTakeFirstOrThrow();
      expect(stored.content).toContain('"name":"Bubble: 3 left, 2 paid (ICM)"');
      expect(await seedDatabase(t.app.services.db)).toEqual([]);
    });

    it('replaces the first seed’s lesson clips with today’s lessons, keeping an uploaded video', async () => {
      const db = t.app.services.db.kysely;
      const [cash, tournament] = await shop(null);
      const course = async (packId: number) =>
        (await get(null, `/api/shop/product/${packId}`)).json().data.video_courses[0].id as number;
      const [preflop, shortStack] = [await course(cash!.id), await course(tournament!.id)];
      // The short-stack course as first seeded: three 15-second clips under their old titles.
      await db.deleteFrom('lessons').where('item_id', '=', shortStack).execute();
      const oldTitles = ['Why push/fold works', 'Reading the charts', 'Adjusting for antes and ICM'];
      for (const [position, title] of oldTitles.entries()) {
        await db
          .insertInto('lessons')
          .values({
            item_id: shortStack,
            title,
            position,
            video_file: `lesson-${'a'.repeat(23)}${position}.mp4`,
          })
          .execute();
      }
      // A preflop lesson with a clip rendered from its old script, another with the admin's own upload (the first
      // was renamed by the admin above: no longer the seed's, it is left alone).
      const preflopLessons = await db
        .selectFrom('lessons')
        .selectAll()
        .where('item_id', '=', preflop)
        .orderBy('position')
        .execute();
      await db
        .updateTable('lessons')
        .set({ video_file: `lesson-${'b'.repeat(24)}.mp4` })
        .where('id', '=', preflopLessons[2]!.id)
        .execute();
      await db
        .updateTable('lessons')
        .set({ video_file: `${'c'.repeat(32)}.mp4` })
        .where('id', '=', preflopLessons[1]!.id)
        .execute();

      const report = await seedDatabase(t.app.services.db);
      expect(report).toEqual([
        'store package "6-max Cash 100bb": 1 packs and courses renewed',
        'store package "Tournament push/fold": 9 translations',
        'store package "Tournament push/fold": 1 packs and courses renewed',
      ]);
      const lessons = await db
        .selectFrom('lessons')
        .selectAll()
        .where('item_id', 'in', [preflop, shortStack])
        .orderBy('item_id')
        .orderBy('position')
        .execute();
      expect(lessons.map((row) => [row.title, row.video_file])).toEqual([
        ['Opening ranges', null],
        ['Three-betting for value and as a bluff', `${'c'.repeat(32)}.mp4`],
        ['Defending the big blind', null],
        ['The 10bb push chart, class by class', null],
        ['Calling a shove: the big blind’s chart', null],
        ['ICM on the bubble against chip EV', null],
      ]);
      expect(await seedDatabase(t.app.services.db)).toEqual([]);
    });
  });
});
