import { afterAll, beforeAll, expect, it } from 'vitest';

import { ERROR_MESSAGES } from '../../contract/errors.ts';
import { MAX_EXTRA_VILLAINS } from '../../contract/limits.ts';
import { as, makePremium, registerUser } from './helpers/api.ts';
import { categoryCalls } from './helpers/categories.ts';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

// The equity workspace (extra villains and dead cards) saved with a range: SPEC §3 range tool state.
describeEachDatabase('range workspace', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t.close());

  const { create, createId, update: post, read: get, shareAndAccept } = categoryCalls(() => t.app);
  const pairs = [
    { hand: 'AA', colors: [{ color: '#1847BE', weight: 100 }] },
    { hand: 'KK', colors: [{ color: '#C0392B', weight: 50 }] },
    { hand: 'AKs', colors: [{ color: '#C0392B', weight: 100 }], excluded: ['AhKh'] },
  ];

  it('saves, answers and forgets the extra villains and dead cards of a range', async () => {
    const user = await registerUser(t.app);
    const other = await createId(user, { name: 'BB defend', pairs });
    const id = await createId(user, { name: 'BTN open', pairs });
    expect((await get(user, id)).workspace).toBeNull();
    const workspace = {
      villains: [
        { category_id: other, colors: ['#c0392b', '#C0392B'] },
        { text: '  QQ+, AKs:0.5, AhKd  ' },
        { category_id: id, colors: ['#1847BE'] },
      ],
      // The range tool's picker writes a ten as "10h" (SPEC §3): stored as "Th", one spelling for every card.
      dead: ['ah', 'Td', '2C', '10s'],
    };
    const saved = await post(user, id, { workspace });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      villains: [
        { category_id: other, colors: ['#C0392B'] },
        { text: 'QQ+, AKs:0.5, AhKd' },
        { category_id: id, colors: ['#1847BE'] },
      ],
      dead: ['Ah', 'Td', '2c', 'Ts'],
    };
    expect(saved.json().data.workspace).toEqual(expected);
    expect((await get(user, id)).workspace).toEqual(expected);
    // Other updates leave it alone; a create may carry one too.
    expect((await post(user, id, { note: 'n' })).json().data.workspace).toEqual(expected);
    const created = await create(user, { name: 'With workspace', workspace: { villains: [], dead: ['Ks'] } });
    expect(created.json().data.workspace).toEqual({ villains: [], dead: ['Ks'] });
    expect((await post(user, id, { workspace: null })).json().data.workspace).toBeNull();
    expect((await get(user, id)).workspace).toBeNull();
  });

  it.each([
    [{ villains: [], dead: ['Ah', 'AH'] }, 'duplicateCard'],
    [{ villains: [], dead: ['Th', '10h'] }, 'duplicateCard'],
    [{ villains: [], dead: ['11h'] }, 'invalidCard'],
    [{ villains: [], dead: ['1h'] }, 'invalidCard'],
    [{ villains: [], dead: ['Ahh'] }, 'invalidCard'],
    [{ villains: [{ text: 'AA', category_id: 1, colors: ['#123456'] }], dead: [] }, 'invalidVillain'],
    [{ villains: [{}], dead: [] }, 'invalidVillain'],
    [{ villains: [{ text: 'AA', colors: ['#123456'] }], dead: [] }, 'invalidVillain'],
    [{ villains: [{ text: '<script>alert(1)</script>' }], dead: [] }, 'invalidRangeText'],
    [{ villains: [{ category_id: 1, colors: ['red'] }], dead: [] }, 'invalidColor'],
  ])('rejects the workspace %j with %s', async (workspace, code) => {
    const user = await registerUser(t.app);
    const id = await createId(user, { name: 'r', pairs });
    const ws = JSON.parse(JSON.stringify(workspace).replaceAll('"category_id":1', `"category_id":${id}`));
    for (const response of [
      await post(user, id, { workspace: ws }),
      await create(user, { name: 'r2', workspace: ws }),
    ]) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ error: ERROR_MESSAGES[code as 'invalidCard'], code });
    }
    expect((await get(user, id)).workspace).toBeNull();
  });

  it('limits villains, cards and text length, and drops unknown fields', async () => {
    const user = await registerUser(t.app);
    const id = await createId(user, { name: 'r', pairs });
    const villains = Array.from({ length: MAX_EXTRA_VILLAINS + 1 }, () => ({ text: 'AA' }));
    const tooMany = await post(user, id, { workspace: { villains, dead: [] } });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toContain('villains');
    expect((await post(user, id, { workspace: { villains: villains.slice(1), dead: [] } })).statusCode).toBe(
      200,
    );
    const deck = 'AKQJT98765432'.split('').flatMap((rank) => ['c', 'd', 'h', 's'].map((suit) => rank + suit));
    expect((await post(user, id, { workspace: { villains: [], dead: deck } })).statusCode).toBe(400);
    const long = await post(user, id, { workspace: { villains: [{ text: 'A'.repeat(16001) }], dead: [] } });
    expect(long.statusCode).toBe(400);
    const extra = await post(user, id, { workspace: { villains: [{ text: 'AA', owner: 1 }], dead: [] } });
    expect(extra.statusCode).toBe(200);
    expect(extra.json().data.workspace).toEqual({ villains: [{ text: 'AA' }], dead: [] });
  });

  it('an edit saves after a villain chart of its workspace was deleted (the villain is left out)', async () => {
    const user = await registerUser(t.app);
    const chart = (weight: number) => [{ hand: 'AA', colors: [{ color: '#1847BE', weight }] }];
    const villain = await createId(user, { name: 'BB defend', pairs: chart(100) });
    const id = await createId(user, { name: 'BTN open', pairs: chart(100) });
    const workspace = {
      villains: [{ category_id: villain, colors: ['#1847BE'] }, { text: 'QQ+' }],
      dead: ['Ah'],
    };
    expect((await post(user, id, { workspace })).statusCode).toBe(200);
    // Deleted in the library (this tab or another) while the range stays open with the villain in its panel.
    expect(
      (await as(t.app, user, { method: 'DELETE', url: `/api/v1/categories/${villain}` })).statusCode,
    ).toBe(200);
    const paint = await post(user, id, { pairs: chart(40), workspace });
    expect(paint.statusCode, paint.body).toBe(200);
    expect(paint.json().data.workspace).toEqual({ villains: [{ text: 'QQ+' }], dead: ['Ah'] });
    const pairs = (
      await as(t.app, user, {
        method: 'GET',
        url: '/api/v1/categories/range',
        query: { category_id: String(id) },
      })
    ).json().data;
    expect(pairs[0]).toEqual({ hand: 'AA', colors: [{ color: '#1847BE', weight: 40 }] });
  });

  it("leaves out a villain chart the caller may not read (another user's, a folder, a missing one) alike", async () => {
    const owner = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    const foreign = await createId(stranger, { name: 'Not yours', pairs });
    const folder = await createId(owner, { name: 'Folder', kind: 'folder' });
    const id = await createId(owner, { name: 'Mine', pairs });
    for (const chart of [foreign, folder, 2_000_000_000]) {
      const response = await post(owner, id, {
        workspace: { villains: [{ category_id: chart, colors: ['#1847BE'] }], dead: [] },
      });
      // Alike for the three: the answer tells nothing about another user's ids.
      expect(response.statusCode, String(chart)).toBe(200);
      expect(response.json().data.workspace, String(chart)).toEqual({ villains: [], dead: [] });
    }
    // And a stranger cannot read or write the owner's range at all.
    expect((await post(stranger, id, { workspace: { villains: [], dead: [] } })).statusCode).toBe(404);
  });

  it('leaves out villains of a chart deleted since, and relinks copies to copied charts', async () => {
    const user = await registerUser(t.app);
    await makePremium(t.app, user);
    const folder = await createId(user, { name: 'Spot', kind: 'folder' });
    const inside = await createId(user, { name: 'Inside', parent_id: folder, pairs });
    const outside = await createId(user, { name: 'Outside', pairs });
    const doomed = await createId(user, { name: 'Doomed', pairs });
    const id = await createId(user, { name: 'Hero', parent_id: folder, pairs });
    const villains = [
      { category_id: inside, colors: ['#C0392B'] },
      { category_id: outside, colors: ['#C0392B'] },
      { category_id: doomed, colors: ['#1847BE'] },
      { category_id: id, colors: ['#1847BE'] },
    ];
    expect((await post(user, id, { workspace: { villains, dead: ['Qs'] } })).statusCode).toBe(200);
    await as(t.app, user, { method: 'DELETE', url: `/api/v1/categories/${doomed}` });
    expect((await get(user, id)).workspace).toEqual({
      villains: [villains[0], villains[1], villains[3]],
      dead: ['Qs'],
    });

    const copy = await as(t.app, user, { method: 'POST', url: `/api/v1/categories/${folder}/copy/down` });
    expect(copy.statusCode, copy.body).toBe(200);
    const tree = (
      await as(t.app, user, {
        method: 'GET',
        url: '/api/v1/categories/tree',
        query: { root_type: 'preflop_root' },
      })
    ).json().data.children as Array<{ id: number; children: Array<{ id: number; name: string }> }>;
    const copied = tree.find((node) => node.id === copy.json().data.id)!;
    const newInside = copied.children.find((node) => node.name === 'Inside')!.id;
    const newHero = copied.children.find((node) => node.name === 'Hero')!.id;
    expect((await get(user, newHero)).workspace.villains).toEqual([
      { category_id: newInside, colors: ['#C0392B'] },
      { category_id: outside, colors: ['#C0392B'] },
      { category_id: newHero, colors: ['#1847BE'] },
    ]);
  });

  it("a received copy shows the sender's other charts as text ranges and its own as the recipient's copy", async () => {
    const sender = await registerUser(t.app);
    const receiver = await registerUser(t.app);
    await makePremium(t.app, sender);
    await makePremium(t.app, receiver);
    const outside = await createId(sender, { name: 'BB defend', pairs });
    const id = await createId(sender, { name: 'BTN open', pairs });
    const workspace = {
      villains: [
        { category_id: outside, colors: ['#C0392B'] },
        { text: 'JJ+' },
        { category_id: id, colors: ['#1847BE', '#C0392B'] },
      ],
      dead: ['7h'],
    };
    expect((await post(sender, id, { workspace })).statusCode).toBe(200);
    const accepted = await shareAndAccept(sender, receiver, id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const copyId = accepted.json().data.category_id as number;
    // In grid order: AKs red less the left-out AhKh, combo by combo, then KK at 50% of the red colour.
    expect((await get(receiver, copyId)).workspace).toEqual({
      villains: [
        { text: 'AcKc,AdKd,AsKs,KK:0.5' },
        { text: 'JJ+' },
        { category_id: copyId, colors: ['#1847BE', '#C0392B'] },
      ],
      dead: ['7h'],
    });
    // The recipient can save it back as it is.
    expect(
      (await post(receiver, copyId, { workspace: (await get(receiver, copyId)).workspace })).statusCode,
    ).toBe(200);
  });
});
