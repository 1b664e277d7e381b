import { afterAll, beforeAll, expect, it } from 'vitest';

import { ERROR_MESSAGES } from '../../contract/errors.ts';
import { independentSidesMigration } from '../../server/db/migrations/019-independent-sides.ts';
import { as, makePremium, registerUser } from './helpers/api.ts';
import { categoryCalls } from './helpers/categories.ts';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

// The equity's sides: the hero and first villain saved with a range, each from any source (colours of the range,
// another chart, typed text, two hole cards), independent of the chart's colours and of each other.
describeEachDatabase('equity sides', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t.close());

  const { create, createId, update: post, read: get, shareAndAccept } = categoryCalls(() => t.app);
  const pairs = [
    { hand: 'AA', colors: [{ color: '#1847BE', weight: 100 }] },
    { hand: 'KK', colors: [{ color: '#C0392B', weight: 50 }] },
  ];

  it('saves a side of every source in canonical form, and a push chart against a call chart', async () => {
    const user = await registerUser(t.app);
    const call = await createId(user, { name: 'BB call vs SB push 10bb', pairs });
    const push = await createId(user, { name: 'SB push 10bb', pairs });
    const cases = [
      [{ colors: ['#1847be', '#1847BE'] }, { colors: ['#1847BE'] }],
      [
        { category_id: call, colors: [] },
        { category_id: call, colors: [] },
      ],
      [
        { category_id: call, colors: ['#c0392b'] },
        { category_id: call, colors: ['#C0392B'] },
      ],
      [{ text: '  JJ-88, AQs+, KQs ' }, { text: 'JJ-88, AQs+, KQs' }],
      [{ cards: ['ah', '10d'] }, { cards: ['Ah', 'Td'] }],
      [{ cards: [] }, { cards: [] }],
    ];
    for (const [sent, stored] of cases) {
      const saved = await post(user, push, { sides: { hero: { colors: ['#1847BE'] }, villain: sent } });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data.sides).toEqual({ hero: { colors: ['#1847BE'] }, villain: stored });
      expect((await get(user, push)).sides.villain).toEqual(stored);
    }
    // Both sides may be typed, overlapping freely: neither changes the other or the chart.
    const typed = { hero: { text: 'QQ+, AKs, AKo' }, villain: { text: 'JJ-88, AQs+, KQs' } };
    const saved = await post(user, push, { sides: typed });
    expect(saved.json().data.sides).toEqual(typed);
    expect(
      (
        await as(t.app, user, {
          method: 'GET',
          url: '/api/v1/categories/range',
          query: { category_id: `${push}` },
        })
      )
        .json()
        .data.filter((pair: { colors: unknown[] }) => pair.colors.length)
        .map((pair: { hand: string }) => pair.hand),
    ).toEqual(['AA', 'KK']);
  });

  it('reads the colour lists older pages send, and answers them as colour sides', async () => {
    const user = await registerUser(t.app);
    const id = await createId(user, { name: 'r', pairs, sides: { hero: ['#1847be'], villain: ['#C0392B'] } });
    expect((await get(user, id)).sides).toEqual({
      hero: { colors: ['#1847BE'] },
      villain: { colors: ['#C0392B'] },
    });
    const saved = await post(user, id, { sides: { hero: [], villain: ['#1847BE', '#1847be'] } });
    expect(saved.json().data.sides).toEqual({ hero: { colors: [] }, villain: { colors: ['#1847BE'] } });
  });

  it.each([
    [{ text: 'AA', colors: ['#123456'] }, 'invalidVillain'],
    [{ text: 'AA', cards: ['Ah', 'Kd'] }, 'invalidVillain'],
    [{ category_id: 1, text: 'AA' }, 'invalidVillain'],
    [{}, 'invalidVillain'],
    [{ cards: ['Ah'] }, 'invalidVillain'],
    [{ cards: ['Ah', 'ah'] }, 'duplicateCard'],
    [{ text: '<img src=x>' }, 'invalidRangeText'],
    // Refused by the request schema itself, before any rule of the service.
    [{ cards: ['Ah', '1h'] }, null],
    [{ cards: ['Ah', 'Kd', 'Qc'] }, null],
    [{ colors: ['red'] }, null],
  ])('refuses the side %j (%s) and keeps what was saved', async (side, code) => {
    const user = await registerUser(t.app);
    const id = await createId(user, { name: 'r', pairs });
    const response = await post(user, id, { sides: { hero: { colors: ['#1847BE'] }, villain: side } });
    expect(response.statusCode, response.body).toBe(400);
    if (code) expect(response.json()).toEqual({ error: ERROR_MESSAGES[code as 'invalidCard'], code });
    expect((await get(user, id)).sides).toBeNull();
  });

  it('a side of a chart the caller cannot read takes no part, telling nothing of whose it is', async () => {
    const owner = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    const theirs = await createId(stranger, { name: 'secret', pairs });
    const folder = (await create(owner, { name: 'F', kind: 'folder' })).json().data.id as number;
    const id = await createId(owner, { name: 'r', pairs });
    for (const category_id of [theirs, folder, 999_999]) {
      const saved = await post(owner, id, {
        sides: { hero: { colors: ['#1847BE'] }, villain: { category_id } },
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().data.sides.villain).toEqual({ colors: [] });
    }
    // A chart deleted after it was picked: the side is read as taking no part.
    const gone = await createId(owner, { name: 'gone', pairs });
    await post(owner, id, { sides: { hero: { category_id: gone, colors: [] }, villain: { text: 'AA' } } });
    await as(t.app, owner, { method: 'DELETE', url: `/api/v1/categories/${gone}` });
    expect((await get(owner, id)).sides).toEqual({ hero: { colors: [] }, villain: { text: 'AA' } });
  });

  it('a received copy gets own charts as text and never a bought chart, as a side or as a villain', async () => {
    const sender = await registerUser(t.app);
    const receiver = await registerUser(t.app);
    await makePremium(t.app, sender);
    await makePremium(t.app, receiver);
    const own = await createId(sender, { name: 'BB defend', pairs });
    const bought = await createId(sender, { name: 'Bought pack chart', pairs });
    await t.app.services.db.kysely
      .updateTable('categories')
      .set({ is_template: 1 })
      .where('id', '=', bought)
      .execute();
    const id = await createId(sender, { name: 'BTN open', pairs });
    const saved = await post(sender, id, {
      sides: {
        hero: { category_id: bought, colors: [] },
        villain: { category_id: own, colors: ['#C0392B'] },
      },
      workspace: {
        villains: [{ category_id: bought, colors: ['#1847BE'] }, { cards: ['Ah', 'Kd'] }],
        dead: [],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const accepted = await shareAndAccept(sender, receiver, id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const copy = await get(receiver, accepted.json().data.category_id);
    expect(copy.sides).toEqual({ hero: { colors: [] }, villain: { text: 'KK:0.5' } });
    expect(copy.workspace).toEqual({ villains: [{ cards: ['Ah', 'Kd'] }], dead: [] });
    expect(JSON.stringify(copy)).not.toContain('AA');
  });

  it('the migration turns stored colour lists into colour sides and back', async () => {
    const user = await registerUser(t.app);
    const id = await createId(user, { name: 'r', pairs });
    const db = t.app.services.db.kysely;
    const legacy = JSON.stringify({ hero: ['#1847BE'], villain: ['#C0392B'] });
    await db.updateTable('categories').set({ sides: legacy }).where('id', '=', id).execute();
    await independentSidesMigration.up(db as never);
    const row = await db
      .selectFrom('categories')
      .select('sides')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.sides as string)).toEqual({
      hero: { colors: ['#1847BE'] },
      villain: { colors: ['#C0392B'] },
    });
    await independentSidesMigration.down!(db as never);
    const back = await db
      .selectFrom('categories')
      .select('sides')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(back.sides).toBe(legacy);
    await independentSidesMigration.up(db as never);
  });
});
