import { afterAll, beforeAll, expect, it } from 'vitest';

import { FREE_NOTE_MAX } from '../../contract/limits.ts';
import { as, makePremium, registerUser, type Session } from './helpers/api.ts';
import { categoryCalls } from './helpers/categories.ts';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

// The range tool saves the whole range (chart, buttons, note, sides, workspace) with every edit, and a save the
// server refuses with a 4xx is dropped with its edit (range-saver.ts classifySaveError). So every body the client
// can produce from what the server gave it must be accepted.
describeEachDatabase('range saves the client can produce', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t.close());

  const { createId } = categoryCalls(() => t.app);
  const post = (user: Session, id: number, payload: Record<string, unknown>) =>
    as(t.app, user, { method: 'POST', url: `/api/v1/categories/${id}`, payload });
  const get = async (user: Session, id: number) =>
    (await as(t.app, user, { method: 'GET', url: `/api/v1/categories/${id}` })).json().data;
  const chart = (weight: number) => [{ hand: 'AA', colors: [{ color: '#1847BE', weight }] }];

  it('a player who wrote a long note under Premium and lost it saves the chart with the note as it is', async () => {
    const player = await registerUser(t.app);
    await makePremium(t.app, player);
    const long = 'n'.repeat(FREE_NOTE_MAX + 500);
    const range = await createId(player, { name: 'Long note', note: long, pairs: chart(50) });
    // Premium taken back (a refund): the range keeps its note.
    await t.app.services.db.kysely
      .updateTable('users')
      .set({ is_premium: 0 })
      .where('id', '=', player.id)
      .execute();

    // A paint: the client sends the note as it showed it, unchanged.
    const paint = await post(player, range, { pairs: chart(100), note: long, base_revision: 0 });
    expect(paint.statusCode, paint.body).toBe(200);
    // Any change of the note must fit the free cap: rewriting it within its old length is not a way around it.
    const rewritten = 'x'.repeat(FREE_NOTE_MAX + 100);
    expect((await post(player, range, { pairs: chart(75), note: rewritten })).statusCode).toBe(402);
    expect((await post(player, range, { note: long.slice(0, FREE_NOTE_MAX + 100) })).statusCode).toBe(402);
    const own = await createId(player, { name: 'Own' });
    expect((await post(player, own, { note: 'x'.repeat(FREE_NOTE_MAX + 1) })).statusCode).toBe(402);
    // Cut to the free cap, it is the player's to edit again.
    const cut = long.slice(0, FREE_NOTE_MAX);
    expect((await post(player, range, { pairs: chart(75), note: cut })).statusCode).toBe(200);
    const saved = await get(player, range);
    expect(saved.note).toBe(cut);
    const pairs = (
      await as(t.app, player, {
        method: 'GET',
        url: '/api/v1/categories/range',
        query: { category_id: String(range) },
      })
    ).json().data;
    expect(pairs[0]).toEqual({ hand: 'AA', colors: [{ color: '#1847BE', weight: 75 }] });
  });
});
