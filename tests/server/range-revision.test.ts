import { afterAll, beforeAll, expect, it } from 'vitest';

import { ERROR_MESSAGES } from '../../contract/errors.ts';
import { as, registerUser, type Session } from './helpers/api.ts';
import { categoryCalls } from './helpers/categories.ts';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

// A save names the revision it was based on; a range that moved meanwhile is never overwritten.
describeEachDatabase('range revisions', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t.close());

  const { createId } = categoryCalls(() => t.app);
  const save = (user: Session, id: number, payload: Record<string, unknown>) =>
    as(t.app, user, { method: 'POST', url: `/api/v1/categories/${id}`, payload });
  const read = async (user: Session, id: number) => {
    const category = (await as(t.app, user, { method: 'GET', url: `/api/v1/categories/${id}` })).json().data;
    const pairs = (
      await as(t.app, user, {
        method: 'GET',
        url: '/api/v1/categories/range',
        query: { category_id: String(id), begin: '0', end: '169' },
      })
    ).json().data as Array<{ hand: string; colors: unknown[] }>;
    return { category, coloured: pairs.filter((pair) => pair.colors.length > 0) };
  };
  const red = (hand: string) => [{ hand, colors: [{ color: '#FF0000', weight: 100 }] }];

  it('starts at revision 0 and bumps it on content saves only, not on a rename', async () => {
    const user = await registerUser(t.app);
    const id = await createId(user, { name: 'BTN open' });
    expect((await read(user, id)).category.revision).toBe(0);
    const first = await save(user, id, { pairs: red('AA'), base_revision: 0 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.revision).toBe(1);
    const renamed = await save(user, id, { name: 'BTN open 2.5x' });
    expect(renamed.json().data.revision).toBe(1);
    const note = await save(user, id, { note: 'vs reg', base_revision: 1 });
    expect(note.json().data.revision).toBe(2);
  });

  it('answers 409 with the current range for a stale revision and changes nothing', async () => {
    const user = await registerUser(t.app);
    const id = await createId(user, { name: 'CO open', note: 'mine' });
    expect((await save(user, id, { pairs: red('KK'), base_revision: 0 })).statusCode).toBe(200);
    const before = await read(user, id);

    const stale = await save(user, id, { pairs: red('22'), note: 'offline edit', base_revision: 0 });
    expect(stale.statusCode).toBe(409);
    const body = stale.json();
    expect(body.code).toBe('rangeConflict');
    expect(body.error).toBe(ERROR_MESSAGES.rangeConflict);
    expect(body.current.category).toMatchObject({ id, revision: 1, note: 'mine' });
    expect(body.current.pairs).toHaveLength(169);
    expect(body.current.pairs.filter((pair: { colors: unknown[] }) => pair.colors.length > 0)).toEqual(
      red('KK'),
    );

    const after = await read(user, id);
    expect(after.category).toEqual(before.category);
    expect(after.coloured).toEqual(red('KK'));
    // A revision from the future is just as stale.
    expect((await save(user, id, { pairs: red('33'), base_revision: 7 })).statusCode).toBe(409);
    expect((await read(user, id)).coloured).toEqual(red('KK'));
  });

  it('answers a stale save of the content the range already holds as saved, not as a conflict', async () => {
    const user = await registerUser(t.app);
    const id = await createId(user, { name: 'MP open' });
    expect((await save(user, id, { pairs: red('AA'), note: 'n', base_revision: 0 })).statusCode).toBe(200);
    const replay = await save(user, id, { pairs: red('AA'), note: 'n', base_revision: 0 });
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().data.revision).toBe(1);
    expect((await save(user, id, { pairs: red('AA'), note: 'other', base_revision: 0 })).statusCode).toBe(
      409,
    );
  });

  it("a stale save of the same chart still saves its workspace (another tab's villains and dead cards)", async () => {
    const user = await registerUser(t.app);
    const id = await createId(user, { name: 'SB open' });
    const chart = { pairs: red('AA'), note: 'n', buttons: [], sides: { hero: ['#FF0000'], villain: [] } };
    expect((await save(user, id, { ...chart, base_revision: 0 })).statusCode).toBe(200);
    // Two tabs on revision 1: each save carries the whole range, and each tab changed its workspace alone.
    const phone = await save(user, id, {
      ...chart,
      workspace: { villains: [], dead: ['Ah'] },
      base_revision: 1,
    });
    expect(phone.json().data.revision).toBe(2);
    const desk = { villains: [{ text: 'QQ+' }], dead: ['Kd'] };
    const desktop = await save(user, id, { ...chart, workspace: desk, base_revision: 1 });
    expect(desktop.statusCode, desktop.body).toBe(200);
    // Answered as saved, so the tab says "Saved": the workspace is the one it sent (last writer wins).
    expect(desktop.json().data.workspace).toEqual(desk);
    expect((await read(user, id)).category.workspace).toEqual(desk);
  });

  it('lets exactly one of concurrent saves from the same base win', async () => {
    const user = await registerUser(t.app);
    const id = await createId(user, { name: 'SB open' });
    const hands = ['AA', 'KK', 'QQ', 'JJ', 'TT', '99', '88', '77'];
    const answers = await Promise.all(
      hands.map((hand) => save(user, id, { pairs: red(hand), base_revision: 0 })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(hands.length - 1);
    const winner = hands[statuses.indexOf(200)] ?? '';
    const after = await read(user, id);
    expect(after.category.revision).toBe(1);
    expect(after.coloured).toEqual(red(winner));
    for (const answer of answers.filter((entry) => entry.statusCode === 409)) {
      expect(answer.json().current.category.revision).toBe(1);
    }
  });

  it('validates the base revision and keeps another user out', async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const id = await createId(owner, { name: 'HJ open' });
    expect((await save(owner, id, { pairs: red('AA'), base_revision: -1 })).statusCode).toBe(400);
    expect((await save(owner, id, { pairs: red('AA'), base_revision: 'x' })).statusCode).toBe(400);
    const foreign = await save(other, id, { pairs: red('AA'), base_revision: 0 });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().current).toBeUndefined();
    expect((await read(owner, id)).coloured).toEqual([]);
  });
});
