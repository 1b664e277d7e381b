import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ERROR_MESSAGES } from '../../contract/errors.ts';
import { FREE_RANGE_LIMIT } from '../../contract/limits.ts';
import { as, makePremium, registerUser, type Session } from './helpers/api.ts';
import { categoryCalls, names } from './helpers/categories.ts';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

describeEachDatabase('categories', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t.close());

  const { create, createId, tree } = categoryCalls(() => t.app);

  it('answers 401 on every category route without a session', async () => {
    const routes: Array<['GET' | 'POST' | 'DELETE', string]> = [
      ['GET', '/api/v1/categories/tree?root_type=preflop_root'],
      ['GET', '/api/v1/categories/range?category_id=1'],
      ['POST', '/api/v1/categories'],
      ['POST', '/api/v1/categories/share'],
      ['GET', '/api/v1/categories/incoming'],
      ['GET', '/api/v1/categories/incoming/count'],
      ['POST', '/api/v1/categories/incoming/1/accept'],
      ['POST', '/api/v1/categories/incoming/1/reject'],
      ['GET', '/api/v1/categories/1'],
      ['POST', '/api/v1/categories/1'],
      ['DELETE', '/api/v1/categories/1'],
      ['POST', '/api/v1/categories/1/create_from_template'],
      ['POST', '/api/v1/categories/1/copy/up'],
      ['POST', '/api/v1/categories/1/copy/down'],
      ['POST', '/api/v1/categories/1/move/up'],
      ['POST', '/api/v1/categories/1/move/down'],
    ];
    for (const [method, url] of routes) {
      const response = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(response.statusCode, url).toBe(401);
      expect(response.json().error).toBe(ERROR_MESSAGES.unauthorized);
    }
  });

  it('builds a tree of folders and ranges per root type', async () => {
    const user = await registerUser(t.app);
    const folder = await createId(user, { name: 'BTN', kind: 'folder' });
    await createId(user, { name: 'Open', parent_id: folder });
    await createId(user, { name: '3-bet', parent_id: folder });
    const tour = await createId(user, { name: 'MTT', kind: 'tournament', root_type: 'tournament_root' });
    await createId(user, { name: '10bb', root_type: 'tournament_root', parent_id: tour });
    const cash = await tree(user);
    expect(cash.root_type).toBe('preflop_root');
    expect(names(cash.children)).toEqual(['BTN']);
    expect(names(cash.children[0].children)).toEqual(['Open', '3-bet']);
    const mtt = await tree(user, 'tournament_root');
    expect(mtt.children[0]).toMatchObject({ name: 'MTT', kind: 'tournament' });
    expect(names(mtt.children[0].children)).toEqual(['10bb']);
  });

  it('validates the tree query and the create payload', async () => {
    const user = await registerUser(t.app);
    const bad = await as(t.app, user, {
      method: 'GET',
      url: '/api/v1/categories/tree',
      query: { root_type: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await create(user, { name: '' })).statusCode).toBe(400);
    expect((await create(user, { name: 'x', kind: 'planet' })).statusCode).toBe(400);
    const range = await createId(user, { name: 'leaf' });
    const intoRange = await create(user, { name: 'child', parent_id: range });
    expect(intoRange.json()).toEqual({ error: ERROR_MESSAGES.invalidParent, code: 'invalidParent' });
    const otherRoot = await create(user, { name: 'x', root_type: 'tournament_root', parent_id: range });
    expect(otherRoot.json().code).toBe('invalidParent');
  });

  it('stores and serves range pairs with colours and weights', async () => {
    const user = await registerUser(t.app);
    const pairs = [
      { hand: 'AA', colors: [{ color: '#1847be', weight: 100 }] },
      {
        hand: 'AKs',
        colors: [
          { color: '#FF0000', weight: 60 },
          { color: '#00FF00', weight: 40 },
        ],
      },
      { hand: '72o', colors: [] },
    ];
    const id = await createId(user, {
      name: 'UTG open',
      pairs,
      buttons: [{ color: '#FF0000', label: 'Raise' }],
    });
    const full = await as(t.app, user, {
      method: 'GET',
      url: '/api/v1/categories/range',
      query: { category_id: `${id}` },
    });
    expect(full.statusCode).toBe(200);
    const list = full.json().data as Array<{ hand: string; colors: unknown[] }>;
    expect(list).toHaveLength(169);
    expect(list[0]).toEqual({ hand: 'AA', colors: [{ color: '#1847BE', weight: 100 }] });
    expect(list[1]?.colors).toHaveLength(2);
    const window = await as(t.app, user, {
      method: 'GET',
      url: '/api/v1/categories/range',
      query: { category_id: `${id}`, begin: '1', end: '3' },
    });
    expect(window.json().data.map((pair: { hand: string }) => pair.hand)).toEqual(['AKs', 'AQs']);
    const category = await as(t.app, user, { method: 'GET', url: `/api/v1/categories/${id}` });
    expect(category.json().data).toMatchObject({
      name: 'UTG open',
      buttons: [{ color: '#FF0000', label: 'Raise' }],
    });
  });

  it.each([
    [[{ hand: 'AA', colors: [{ color: 'red', weight: 10 }] }], 'invalidColor'],
    [[{ hand: 'AA', colors: [{ color: '#FF0000', weight: 101 }] }], 'invalidWeight'],
    [[{ hand: 'AA', colors: [{ color: '#FF0000', weight: -1 }] }], 'invalidWeight'],
    [
      [
        {
          hand: 'AA',
          colors: [
            { color: '#FF0000', weight: 70 },
            { color: '#00FF00', weight: 31 },
          ],
        },
      ],
      'pairTotalTooHigh',
    ],
    [[{ hand: 'AKx', colors: [] }], 'invalidHand'],
    [[{ hand: 'KAs', colors: [] }], 'invalidHand'],
    [
      [
        { hand: 'AA', colors: [] },
        { hand: 'AA', colors: [] },
      ],
      'invalidHand',
    ],
  ])('rejects pairs %j with %s', async (pairs, code) => {
    const user = await registerUser(t.app);
    const id = await createId(user, { name: 'r' });
    const response = await as(t.app, user, {
      method: 'POST',
      url: `/api/v1/categories/${id}`,
      payload: { pairs },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(code);
  });

  it('stores and serves left-out combos with the pairs, canonical and in suit-editor order', async () => {
    const user = await registerUser(t.app);
    const blue = [{ color: '#1847BE', weight: 100 }];
    const id = await createId(user, {
      name: 'Suits',
      pairs: [
        { hand: 'AKs', colors: blue, excluded: ['AsKs', 'AhKh'] },
        // Either card first; an empty list is the same as none; exclusions alone keep the cell.
        { hand: 'QQ', colors: [], excluded: ['QcQh'] },
        { hand: 'AA', colors: blue, excluded: [] },
      ],
    });
    const range = async () =>
      (
        await as(t.app, user, {
          method: 'GET',
          url: '/api/v1/categories/range',
          query: { category_id: `${id}` },
        })
      ).json().data as Array<{ hand: string; colors: unknown[]; excluded?: string[] }>;
    const byHand = (list: Awaited<ReturnType<typeof range>>) =>
      new Map(list.map((pair) => [pair.hand, pair]));
    let pairs = byHand(await range());
    expect(pairs.get('AKs')).toEqual({ hand: 'AKs', colors: blue, excluded: ['AhKh', 'AsKs'] });
    expect(pairs.get('QQ')).toEqual({ hand: 'QQ', colors: [], excluded: ['QhQc'] });
    expect(pairs.get('AA')).toEqual({ hand: 'AA', colors: blue });
    expect(pairs.get('KK')).toEqual({ hand: 'KK', colors: [] });

    const updated = await as(t.app, user, {
      method: 'POST',
      url: `/api/v1/categories/${id}`,
      payload: { pairs: [{ hand: 'AKo', colors: blue, excluded: ['AhKc', 'KdAs'] }] },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    pairs = byHand(await range());
    expect(pairs.get('AKo')?.excluded).toEqual(['AhKc', 'AsKd']);
    expect(pairs.get('AKs')).toEqual({ hand: 'AKs', colors: [] });

    // A copy keeps them.
    const copy = await as(t.app, user, { method: 'POST', url: `/api/v1/categories/${id}/copy/down` });
    const copied = await as(t.app, user, {
      method: 'GET',
      url: '/api/v1/categories/range',
      query: { category_id: `${copy.json().data.id}` },
    });
    expect(byHand(copied.json().data).get('AKo')?.excluded).toEqual(['AhKc', 'AsKd']);
  });

  it.each([
    [{ hand: 'AKs', colors: [], excluded: ['AhKc'] }, 'invalidCombo'],
    [{ hand: 'AKs', colors: [], excluded: ['AhQh'] }, 'invalidCombo'],
    [{ hand: 'AA', colors: [], excluded: ['AhAh'] }, 'invalidCombo'],
    [{ hand: 'AKs', colors: [], excluded: ['ahkh'] }, 'invalidCombo'],
    [{ hand: 'AKs', colors: [], excluded: ['AhKh', 'KhAh'] }, 'duplicateCombo'],
    [{ hand: 'AKs', colors: [], excluded: ['AhKh', 'AcKc', 'AdKd', 'AsKs'] }, 'allCombosExcluded'],
    [
      { hand: '22', colors: [], excluded: ['2h2c', '2h2d', '2h2s', '2c2d', '2c2s', '2d2s'] },
      'allCombosExcluded',
    ],
  ])('rejects the left-out combos of %j with %s', async (pair, code) => {
    const user = await registerUser(t.app);
    const id = await createId(user, { name: 'r' });
    const response = await as(t.app, user, {
      method: 'POST',
      url: `/api/v1/categories/${id}`,
      payload: { pairs: [pair] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: ERROR_MESSAGES[code as 'invalidCombo'], code });
  });

  it('stores the hero/villain colours of a range, copies them and forgets them on null', async () => {
    const user = await registerUser(t.app);
    const fresh = await create(user, { name: 'No sides' });
    expect(fresh.json().data.sides).toBeNull();
    const created = await create(user, {
      name: 'Sides',
      sides: { hero: ['#1847be', '#1847BE', '#00FF00'], villain: ['#C0392B'] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    // Colour lists (as older pages send them) are colour sides of the range.
    const expected = { hero: { colors: ['#1847BE', '#00FF00'] }, villain: { colors: ['#C0392B'] } };
    expect(created.json().data.sides).toEqual(expected);
    const get = async (categoryId: number) =>
      (await as(t.app, user, { method: 'GET', url: `/api/v1/categories/${categoryId}` })).json().data;
    expect((await get(id)).sides).toEqual(expected);

    const post = (payload: Record<string, unknown>) =>
      as(t.app, user, { method: 'POST', url: `/api/v1/categories/${id}`, payload });
    // Other updates leave them alone.
    expect((await post({ note: 'x' })).json().data.sides).toEqual(expected);
    const swapped = await post({ sides: { hero: { colors: ['#C0392B'] }, villain: { colors: [] } } });
    const after = { hero: { colors: ['#C0392B'] }, villain: { colors: [] } };
    expect(swapped.json().data.sides).toEqual(after);
    expect((await get(id)).sides).toEqual(after);
    const copy = await as(t.app, user, { method: 'POST', url: `/api/v1/categories/${id}/copy/up` });
    expect((await get(copy.json().data.id)).sides).toEqual(after);
    expect((await post({ sides: null })).json().data.sides).toBeNull();
    expect((await get(id)).sides).toBeNull();
  });

  it.each([
    [{ hero: ['red'], villain: [] }, 'invalidColor'],
    [{ hero: [], villain: ['#12345'] }, 'invalidColor'],
    [{ hero: { colors: ['red'] }, villain: { colors: [] } }, 'invalidColor'],
    [{ hero: { colors: [] }, villain: { category_id: 1, colors: ['#12345'] } }, 'invalidColor'],
    [{ hero: { cards: ['Ah', 'Kx'] }, villain: { colors: [] } }, 'invalidCard'],
  ])('rejects sides %j with %s', async (sides, code) => {
    const user = await registerUser(t.app);
    const id = await createId(user, { name: 'r' });
    for (const response of [
      await as(t.app, user, { method: 'POST', url: `/api/v1/categories/${id}`, payload: { sides } }),
      await create(user, { name: 'r2', sides }),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: ERROR_MESSAGES[code as 'invalidColor'], code });
    }
  });

  it('names a missing side or an over-long combo list in the error', async () => {
    const user = await registerUser(t.app);
    const id = await createId(user, { name: 'r' });
    const post = (payload: Record<string, unknown>) =>
      as(t.app, user, { method: 'POST', url: `/api/v1/categories/${id}`, payload });
    const missing = await post({ sides: { hero: ['#123456'] } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('invalidRequest');
    expect(missing.json().error).toContain('villain');
    const combos = [
      'AhKc',
      'AhKd',
      'AhKs',
      'AcKh',
      'AcKd',
      'AcKs',
      'AdKh',
      'AdKc',
      'AdKs',
      'AsKh',
      'AsKc',
      'AsKd',
    ];
    const long = await post({ pairs: [{ hand: 'AKo', colors: [], excluded: combos }] });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toContain('excluded');
  });

  it('updates, and hides other users’ categories behind 404', async () => {
    const owner = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    const id = await createId(owner, { name: 'Mine' });
    const renamed = await as(t.app, owner, {
      method: 'POST',
      url: `/api/v1/categories/${id}`,
      payload: { id, name: 'Renamed', note: 'Tight vs. regs' },
    });
    expect(renamed.json().data).toMatchObject({ name: 'Renamed', note: 'Tight vs. regs' });
    for (const [method, url] of [
      ['GET', `/api/v1/categories/${id}`],
      ['POST', `/api/v1/categories/${id}`],
      ['DELETE', `/api/v1/categories/${id}`],
      ['GET', `/api/v1/categories/range?category_id=${id}`],
      ['POST', `/api/v1/categories/${id}/copy/up`],
    ] as const) {
      const response = await as(t.app, stranger, {
        method,
        url,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('deletes a folder with its children', async () => {
    const user = await registerUser(t.app);
    const folder = await createId(user, { name: 'F', kind: 'folder' });
    const child = await createId(user, { name: 'C', parent_id: folder });
    const response = await as(t.app, user, { method: 'DELETE', url: `/api/v1/categories/${folder}` });
    expect(response.json()).toEqual({ data: { ok: true } });
    expect((await as(t.app, user, { method: 'GET', url: `/api/v1/categories/${child}` })).statusCode).toBe(
      404,
    );
  });

  it('a folder deleted while the same player adds, copies, shares or trains inside it answers 4xx, never 500', async () => {
    // Two tabs (or two instances on PostgreSQL): each call checked the folder before the delete committed.
    const user = await registerUser(t.app);
    await makePremium(t.app, user);
    const friend = await registerUser(t.app);
    const statuses = new Map<string, Set<number>>();
    const call = async (name: string, method: 'POST' | 'DELETE', url: string, payload?: unknown) => {
      const response = await as(t.app, user, { method, url, payload });
      statuses.set(name, (statuses.get(name) ?? new Set()).add(response.statusCode));
    };
    for (let round = 0; round < 20; round += 1) {
      const folder = await createId(user, { name: `F${round}`, kind: 'folder' });
      const range = await createId(user, { name: 'R', parent_id: folder });
      await Promise.all([
        call('delete', 'DELETE', `/api/v1/categories/${folder}`),
        call('create', 'POST', '/api/v1/categories', {
          name: 'N',
          kind: 'range',
          root_type: 'preflop_root',
          parent_id: folder,
        }),
        call('copy', 'POST', `/api/v1/categories/${range}/copy/up`),
        call('share', 'POST', '/api/v1/categories/share', { category_id: range, user_ids: [friend.id] }),
        call('train', 'POST', '/api/v1/trainer/answers', {
          answers: [{ category_id: range, combo: 'AhKh', color: null }],
        }),
      ]);
    }
    const failed = [...statuses]
      .filter(([, codes]) => [...codes].some((code) => code >= 500))
      .map(([name, codes]) => `${name}: ${[...codes].sort().join(', ')}`);
    expect(failed).toEqual([]);
    // Whatever came first, the folder is gone with everything inside it, copies made inside included.
    const left = await tree(user);
    expect(left.children).toEqual([]);
  });

  it('copies up and down with the subtree', async () => {
    const user = await registerUser(t.app);
    const folder = await createId(user, { name: 'F', kind: 'folder' });
    await createId(user, { name: 'C', parent_id: folder });
    await createId(user, { name: 'Last', kind: 'folder' });
    const up = await as(t.app, user, { method: 'POST', url: `/api/v1/categories/${folder}/copy/up` });
    expect(up.statusCode).toBe(200);
    const down = await as(t.app, user, { method: 'POST', url: `/api/v1/categories/${folder}/copy/down` });
    expect(down.statusCode).toBe(200);
    const top = (await tree(user)).children;
    // Copies are named "Copy of …" and numbered, never three identical rows; the subtree keeps its names.
    expect(names(top)).toEqual(['Copy of F', 'F', 'Copy of F (2)', 'Last']);
    expect(names(top[0].children)).toEqual(['C']);
    expect(top[0].id).toBe(up.json().data.id);
    expect(top[1].id).toBe(folder);
    expect(top[2].id).toBe(down.json().data.id);
    expect(top.map((node: { children: unknown[] }) => node.children.length)).toEqual([1, 1, 1, 0]);
  });

  it('moves only for Premium users (402 otherwise)', async () => {
    const user = await registerUser(t.app);
    const a = await createId(user, { name: 'A' });
    const b = await createId(user, { name: 'B' });
    const free = await as(t.app, user, { method: 'POST', url: `/api/v1/categories/${b}/move/up` });
    expect(free.statusCode).toBe(402);
    expect(free.json()).toEqual({ error: 'Please activate full version', code: 'premiumRequired' });
    await makePremium(t.app, user);
    expect(
      (await as(t.app, user, { method: 'POST', url: `/api/v1/categories/${b}/move/up` })).statusCode,
    ).toBe(200);
    expect(names((await tree(user)).children)).toEqual(['B', 'A']);
    const edge = await as(t.app, user, { method: 'POST', url: `/api/v1/categories/${b}/move/up` });
    expect(edge.statusCode).toBe(409);
    expect(
      (await as(t.app, user, { method: 'POST', url: `/api/v1/categories/${b}/move/down` })).statusCode,
    ).toBe(200);
    expect(names((await tree(user)).children)).toEqual(['A', 'B']);
    expect(a).toBeLessThan(b);
  });

  it(`limits free users to ${FREE_RANGE_LIMIT} ranges; Premium lifts it`, async () => {
    const user = await registerUser(t.app);
    let last = 0;
    for (let i = 0; i < FREE_RANGE_LIMIT; i += 1) last = await createId(user, { name: `r${i}` });
    expect((await create(user, { name: 'one too many' })).statusCode).toBe(402);
    expect(
      (await as(t.app, user, { method: 'POST', url: `/api/v1/categories/${last}/copy/down` })).statusCode,
    ).toBe(402);
    expect((await create(user, { name: 'folders are free', kind: 'folder' })).statusCode).toBe(200);
    await makePremium(t.app, user);
    expect((await create(user, { name: 'unlimited' })).statusCode).toBe(200);
  });

  describe('templates', () => {
    const makeTemplate = async (user: Session) => {
      const id = await createId(user, { name: 'Pack', kind: 'folder' });
      await createId(user, { name: 'Inside', parent_id: id });
      await t.app.services.db.kysely
        .updateTable('categories')
        .set({ is_template: 1 })
        .where('user_id', '=', user.id)
        .execute();
      return id;
    };

    it('create_from_template copies a ready-made strategy for Premium users only', async () => {
      const user = await registerUser(t.app);
      const template = await makeTemplate(user);
      const url = `/api/v1/categories/${template}/create_from_template`;
      expect((await as(t.app, user, { method: 'POST', url })).statusCode).toBe(402);
      const edit = await as(t.app, user, {
        method: 'POST',
        url: `/api/v1/categories/${template}`,
        payload: { name: 'x' },
      });
      expect(edit.statusCode).toBe(403);
      await makePremium(t.app, user);
      const copy = await as(t.app, user, { method: 'POST', url });
      expect(copy.statusCode).toBe(200);
      expect(copy.json().data).toMatchObject({ name: 'Pack', is_template: false });
      const plain = await createId(user, { name: 'plain' });
      const notTemplate = await as(t.app, user, {
        method: 'POST',
        url: `/api/v1/categories/${plain}/create_from_template`,
      });
      expect(notTemplate.json().code).toBe('notATemplate');
    });

    it('keeps a ready-made chart as sold but saves how its owner studies it', async () => {
      const user = await registerUser(t.app);
      await makeTemplate(user);
      const [folder] = (await tree(user)).children;
      const inside = folder?.children[0]?.id as number;
      const url = `/api/v1/categories/${inside}`;
      const before = (await as(t.app, user, { method: 'GET', url })).json().data;
      for (const payload of [
        { name: 'Mine now' },
        { note: 'my note' },
        { pairs: [{ hand: 'AA', colors: [{ color: '#ff0000', weight: 100 }] }] },
        { buttons: [{ color: '#ff0000', label: 'Raise' }] },
        { sides: { hero: ['#ff0000'], villain: ['#00ff00'] }, pairs: [] },
      ]) {
        const refused = await as(t.app, user, { method: 'POST', url, payload });
        expect(refused.statusCode, JSON.stringify(payload)).toBe(403);
        expect(refused.json().code).toBe('templateReadOnly');
      }
      // Sides and workspace are saved, with any base revision (they never conflict) and no revision bump.
      const sides = { hero: { colors: ['#FF0000'] }, villain: { text: 'QQ+' } };
      const workspace = { villains: [], dead: ['Ah'] };
      const saved = await as(t.app, user, {
        method: 'POST',
        url,
        payload: { sides, workspace, base_revision: before.revision + 7 },
      });
      expect(saved.statusCode).toBe(200);
      const after = (await as(t.app, user, { method: 'GET', url })).json().data;
      expect(after).toMatchObject({ sides, workspace, revision: before.revision, note: before.note });
      expect(after.name).toBe(before.name);
    });
  });
});
