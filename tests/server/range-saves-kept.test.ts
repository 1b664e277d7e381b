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

  /** A free player accepts a Premium player's range; the copy's id. */
  async function acceptShared(sender: Session, receiver: Session, id: number): Promise<number> {
    const shared = await as(t.app, sender, {
      method: 'POST',
      url: '/api/v1/categories/share',
      payload: { category_id: id, user_ids: [receiver.id] },
    });
    expect(shared.statusCode, shared.body).toBe(200);
    const list = (await as(t.app, receiver, { method: 'GET', url: '/api/v1/categories/incoming' })).json()
      .data.list;
    const accepted = await as(t.app, receiver, {
      method: 'POST',
      url: `/api/v1/categories/incoming/${list[0].id}/accept`,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    return accepted.json().data.category_id as number;
  }

  it('a free player saves the chart of a range whose note a Premium player wrote past the free limit', async () => {
    const sender = await registerUser(t.app);
    await makePremium(t.app, sender);
    const receiver = await registerUser(t.app);
    const long = 'n'.repeat(FREE_NOTE_MAX + 500);
    const original = await createId(sender, { name: 'Long note', note: long, pairs: chart(50) });
    const copy = await acceptShared(sender, receiver, original);
    expect((await get(receiver, copy)).note).toBe(long);

    // A paint: the client sends the note as it showed it, unchanged.
    const paint = await post(receiver, copy, { pairs: chart(100), note: long, base_revision: 0 });
    expect(paint.statusCode, paint.body).toBe(200);
    // Shortening the note is fine too; growing it past what it had, or a new note past the limit, is not.
    const shorter = long.slice(0, FREE_NOTE_MAX + 100);
    expect((await post(receiver, copy, { pairs: chart(75), note: shorter })).statusCode).toBe(200);
    expect((await post(receiver, copy, { note: `${shorter}more` })).statusCode).toBe(402);
    const own = await createId(receiver, { name: 'Own' });
    expect((await post(receiver, own, { note: 'x'.repeat(FREE_NOTE_MAX + 1) })).statusCode).toBe(402);
    const saved = await get(receiver, copy);
    expect(saved.note).toBe(shorter);
    const pairs = (
      await as(t.app, receiver, {
        method: 'GET',
        url: '/api/v1/categories/range',
        query: { category_id: String(copy) },
      })
    ).json().data;
    expect(pairs[0]).toEqual({ hand: 'AA', colors: [{ color: '#1847BE', weight: 75 }] });
  });
});
