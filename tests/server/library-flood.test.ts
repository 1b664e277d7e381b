// A Premium player copied and deleted a folder of 2,500 charts within the default 120 writes a minute: each call
// took about 1.8 s of the database (one INSERT per node, one whole-table cascade per deleted node) and every other
// player waited behind it. Now a large copy, delete or accepted share is charged by its rows (one unit of the write
// budget per ROWS_PER_WRITE) before anything is written, a refused one spends nothing, subtrees are written and
// deleted a few statements at a time, and trees nest at most MAX_TREE_DEPTH levels.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MAX_TREE_DEPTH } from '../../contract/limits.ts';
import { ROWS_PER_WRITE } from '../../server/lib/write-budget.ts';
import { as, makePremium, registerUser, type Session } from './helpers/api.ts';
import { categoryCalls } from './helpers/categories.ts';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

const LIMIT = 120;

describeEachDatabase('large library writes are charged by the rows they touch', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { WRITE_RATE_LIMIT: String(LIMIT) });
  });
  afterAll(async () => t.close());

  const { createId, tree } = categoryCalls(() => t.app);
  const db = () => t.app.services.db.kysely;
  const spent = async (user: Session) =>
    (await t.app.services.counters.peek(`writes:${user.id}`, Date.now()))?.count ?? 0;
  const premium = async () => {
    const player = await registerUser(t.app);
    await makePremium(t.app, player);
    return player;
  };
  const now = new Date().toISOString();
  const row = (user: Session, parentId: number | null, kindName: string, name: string, position: number) => ({
    user_id: user.id,
    root_type: 'preflop_root',
    parent_id: parentId,
    kind: kindName,
    name,
    position,
    note: '',
    buttons: '[]',
    pairs: kindName === 'range' ? '{"AA":[{"color":"#1847BE","weight":100}]}' : '{}',
    is_template: 0,
    created_at: now,
    updated_at: now,
  });
  /** A top-level folder of `folders` sub-folders holding `ranges` ranges each, written straight to the database. */
  async function bigFolder(user: Session, folders: number, ranges: number): Promise<number> {
    const top = await db()
      .insertInto('categories')
      .values(row(user, null, 'folder', 'Big', 0))
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let folder = 0; folder < folders; folder += 1) {
      const sub = await db()
        .insertInto('categories')
        .values(row(user, top.id, 'folder', `Spot ${folder}`, folder))
        .returning('id')
        .executeTakeFirstOrThrow();
      await db()
        .insertInto('categories')
        .values(Array.from({ length: ranges }, (_, index) => row(user, sub.id, 'range', `R${index}`, index)))
        .execute();
    }
    return top.id;
  }
  const call = (user: Session, method: 'POST' | 'DELETE', url: string) => as(t.app, user, { method, url });

  it(`a copy, a delete and an accepted share cost one unit per ${ROWS_PER_WRITE} rows, a save one`, async () => {
    const player = await premium();
    const folder = await bigFolder(player, 9, 26); // 1 + 9 × 27 = 244 nodes: ceil(244 / 25) = 10 units
    const copy = await call(player, 'POST', `/api/v1/categories/${folder}/copy/down`);
    expect(copy.statusCode, copy.body).toBe(200);
    expect(await spent(player)).toBe(10);
    const removed = await call(player, 'DELETE', `/api/v1/categories/${copy.json().data.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await spent(player)).toBe(20);
    const range = await createId(player, { name: 'One' });
    expect(await spent(player)).toBe(21);
    const saved = await as(t.app, player, {
      method: 'POST',
      url: `/api/v1/categories/${range}`,
      payload: { pairs: [{ hand: 'KK', colors: [{ color: '#1847BE', weight: 50 }] }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await spent(player)).toBe(22);

    // The recipient of a share pays for the rows the accept writes into their library.
    const recipient = await premium();
    const shared = await as(t.app, player, {
      method: 'POST',
      url: '/api/v1/categories/share',
      payload: { category_id: folder, user_ids: [recipient.id] },
    });
    expect(shared.statusCode, shared.body).toBe(200);
    const list = (await as(t.app, recipient, { method: 'GET', url: '/api/v1/categories/incoming' })).json()
      .data.list;
    const accepted = await call(recipient, 'POST', `/api/v1/categories/incoming/${list[0].id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await spent(recipient)).toBe(10);
  });

  it('an operation the budget left cannot pay for is refused whole and spends nothing; small saves go on', async () => {
    const player = await premium();
    const folder = await bigFolder(player, 48, 50); // 2,449 nodes: 98 units
    const first = await call(player, 'POST', `/api/v1/categories/${folder}/copy/down`);
    expect(first.statusCode, first.body).toBe(200);
    expect(await spent(player)).toBe(98);
    const copies = async () => (await tree(player)).children.length;
    expect(await copies()).toBe(2);

    // 98 + 1 + 97 more would pass 120: refused with Retry-After, nothing copied, only its request's unit spent.
    const second = await call(player, 'POST', `/api/v1/categories/${folder}/copy/down`);
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
    expect(await spent(player)).toBe(99);
    expect(await copies()).toBe(2);
    const deleting = await call(player, 'DELETE', `/api/v1/categories/${first.json().data.id}`);
    expect(deleting.statusCode).toBe(429);
    expect(await copies()).toBe(2);
    // The player can still save a range meanwhile.
    const range = await createId(player, { name: 'Still saving' });
    expect(range).toBeGreaterThan(0);
    expect(await spent(player)).toBe(101);
  });

  it('an operation larger than the whole budget costs the whole budget, so it can still run once a minute', async () => {
    const player = await premium();
    const folder = await bigFolder(player, 60, 50); // 3,061 nodes: 123 units, capped at 120
    const removed = await call(player, 'DELETE', `/api/v1/categories/${folder}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await spent(player)).toBe(LIMIT);
    const count = await db()
      .selectFrom('categories')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', player.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  describe('copies keep the tree they copy', () => {
    it('every node, parent, position, chart and note, under fresh ids that later inserts do not collide with', async () => {
      const player = await premium();
      const top = await createId(player, { name: 'Top', kind: 'folder' });
      const mid = await createId(player, { name: 'Mid', kind: 'folder', parent_id: top, note: 'mid note' });
      const pairs = [{ hand: 'AKs', colors: [{ color: '#1847BE', weight: 40 }] }];
      await createId(player, { name: 'Leaf 1', parent_id: mid, pairs });
      await createId(player, { name: 'Leaf 2', parent_id: mid });
      await createId(player, { name: 'Beside', parent_id: top });
      const copy = await call(player, 'POST', `/api/v1/categories/${top}/copy/down`);
      expect(copy.statusCode, copy.body).toBe(200);
      const shape = (node: { name: string; kind: string; children: unknown[] }): unknown => ({
        name: node.name,
        kind: node.kind,
        children: (node.children as Array<typeof node>).map(shape),
      });
      const [original, copied] = (await tree(player)).children;
      expect(copied.name).not.toBe(original.name);
      expect(shape({ ...copied, name: original.name })).toEqual(shape(original));
      const copiedLeaf = copied.children[0].children[0];
      expect(copiedLeaf.id).not.toBe(original.children[0].children[0].id);
      const leafPairs = await as(t.app, player, {
        method: 'GET',
        url: '/api/v1/categories/range',
        query: { category_id: String(copiedLeaf.id) },
      });
      expect(leafPairs.json().data.find((pair: { hand: string }) => pair.hand === 'AKs')).toEqual(pairs[0]);
      const copiedMid = await as(t.app, player, {
        method: 'GET',
        url: `/api/v1/categories/${copied.children[0].id}`,
      });
      expect(copiedMid.json().data.note).toBe('mid note');
      // A category made afterwards gets an id of its own.
      const after = await createId(player, { name: 'After' });
      expect(after).toBeGreaterThan(copiedLeaf.id);
    });
  });

  describe(`trees nest at most ${MAX_TREE_DEPTH} levels`, () => {
    it('a folder one level too deep is refused with 400', async () => {
      const player = await premium();
      let parent: number | null = null;
      for (let level = 1; level <= MAX_TREE_DEPTH; level += 1)
        parent = await createId(player, {
          name: `L${level}`,
          kind: 'folder',
          ...(parent === null ? {} : { parent_id: parent }),
        });
      const deeper = await as(t.app, player, {
        method: 'POST',
        url: '/api/v1/categories',
        payload: { name: 'Too deep', kind: 'range', root_type: 'preflop_root', parent_id: parent },
      });
      expect(deeper.statusCode).toBe(400);
      expect(deeper.json().code).toBe('treeTooDeep');
    });

    it('a chain of 1,500 folders made before the limit is deleted whole (SQLite refused its cascade)', async () => {
      const player = await premium();
      let parent: number | null = null;
      let top = 0;
      for (let level = 0; level < 1500; level += 1) {
        const created: { id: number } = await db()
          .insertInto('categories')
          .values(row(player, parent, 'folder', `D${level}`, 0))
          .returning('id')
          .executeTakeFirstOrThrow();
        if (parent === null) top = created.id;
        parent = created.id;
      }
      const removed = await call(player, 'DELETE', `/api/v1/categories/${top}`);
      expect(removed.statusCode, removed.body).toBe(200);
      expect((await tree(player)).children).toEqual([]);
    });
  });
});
