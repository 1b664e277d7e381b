// The free plan's notes hold FREE_NOTE_MAX characters, but a free player could get past it: accept a Premium
// friend's range with a 10,000-character note, copy it as often as they liked, and rewrite each copy's note within
// its old length. Now every path that writes a note into a free player's library holds the cap (402): an accepted
// share, a copy, a ready-made strategy's copy and an edit (an over-cap note may only be kept exactly as it is).
import { afterAll, beforeAll, expect, it } from 'vitest';

import { FREE_NOTE_MAX } from '../../contract/limits.ts';
import { as, makePremium, registerUser, type Session } from './helpers/api.ts';
import { categoryCalls } from './helpers/categories.ts';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

describeEachDatabase('the free note cap holds on every path that writes a note', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t.close());

  const { createId, tree, shareAndAccept } = categoryCalls(() => t.app);
  const long = 'n'.repeat(FREE_NOTE_MAX + 50);
  const premium = async () => {
    const player = await registerUser(t.app);
    await makePremium(t.app, player);
    return player;
  };
  const setPremium = (player: Session, on: boolean) =>
    t.app.services.db.kysely
      .updateTable('users')
      .set({ is_premium: on ? 1 : 0 })
      .where('id', '=', player.id)
      .execute();

  it('a free player cannot accept a strategy with a note past the cap; it stays pending, and short ones go in', async () => {
    const sender = await premium();
    const recipient = await registerUser(t.app);
    const folder = await createId(sender, { name: 'Folder', kind: 'folder' });
    await createId(sender, { name: 'Long', parent_id: folder, note: long });
    const refused = await shareAndAccept(sender, recipient, folder);
    expect(refused.statusCode).toBe(402);
    expect((await tree(recipient)).children).toEqual([]);
    expect(
      (await as(t.app, recipient, { method: 'GET', url: '/api/v1/categories/incoming/count' })).json().data,
    ).toBe(1);

    const short = await createId(sender, { name: 'Short', note: 'n'.repeat(FREE_NOTE_MAX) });
    expect((await shareAndAccept(sender, recipient, short)).statusCode).toBe(200);
    // Premium lifts the cap: the same folder is accepted whole.
    await setPremium(recipient, true);
    const list = (await as(t.app, recipient, { method: 'GET', url: '/api/v1/categories/incoming' })).json()
      .data.list;
    const accepted = await as(t.app, recipient, {
      method: 'POST',
      url: `/api/v1/categories/incoming/${list[0].id}/accept`,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('a free player cannot copy a range or folder holding a note past the cap', async () => {
    const player = await premium();
    const folder = await createId(player, { name: 'Folder', kind: 'folder' });
    const range = await createId(player, { name: 'Long', parent_id: folder, note: long });
    const plain = await createId(player, { name: 'Plain', note: 'short' });
    await setPremium(player, false);
    for (const id of [range, folder]) {
      const copy = await as(t.app, player, { method: 'POST', url: `/api/v1/categories/${id}/copy/down` });
      expect(copy.statusCode).toBe(402);
    }
    const copy = await as(t.app, player, { method: 'POST', url: `/api/v1/categories/${plain}/copy/down` });
    expect(copy.statusCode, copy.body).toBe(200);
    const names = (await tree(player)).children.map((node: { name: string }) => node.name);
    expect(names).toHaveLength(3);
  });

  it('an over-cap note is kept as it is or changed within the cap, never rewritten at its old length', async () => {
    const player = await premium();
    const range = await createId(player, { name: 'Long', note: long });
    await setPremium(player, false);
    const save = (note: string) =>
      as(t.app, player, { method: 'POST', url: `/api/v1/categories/${range}`, payload: { note } });
    expect((await save(long)).statusCode).toBe(200);
    expect((await save('x'.repeat(FREE_NOTE_MAX + 1))).statusCode).toBe(402);
    expect((await save(long.slice(1))).statusCode).toBe(402);
    expect((await save('x'.repeat(FREE_NOTE_MAX))).statusCode).toBe(200);
  });

  it("a ready-made strategy's copy needs Premium, which lifts the cap", async () => {
    const player = await registerUser(t.app);
    const folder = await t.app.services.db.kysely
      .insertInto('categories')
      .values({
        user_id: player.id,
        root_type: 'preflop_root',
        parent_id: null,
        kind: 'range',
        name: 'Bought',
        position: 0,
        note: long,
        buttons: '[]',
        pairs: '{}',
        is_template: 1,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const url = `/api/v1/categories/${folder.id}/create_from_template`;
    expect((await as(t.app, player, { method: 'POST', url })).statusCode).toBe(402);
    await setPremium(player, true);
    const copy = await as(t.app, player, { method: 'POST', url });
    expect(copy.statusCode, copy.body).toBe(200);
    expect(copy.json().data.note).toBe(long);
  });
});
