import { afterAll, beforeAll, expect, it } from 'vitest';

import { CATEGORY_HARD_LIMIT } from '../../contract/categories.ts';
import { FREE_CATEGORY_LIMIT, FREE_NOTE_MAX, FREE_RANGE_LIMIT } from '../../contract/limits.ts';
import { as, makePremium, registerUser, type Session, signUp } from './helpers/api.ts';
import { categoryCalls } from './helpers/categories.ts';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

// Attacks on the library (races over the free limit, folder floods, blank names, look-alike names, e-mail
// lookups), each refused, on SQLite and PostgreSQL.
describeEachDatabase('quotas, races and names', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t.close());
  const { create, createId } = categoryCalls(() => t.app);

  /** Positions among each parent's children must be distinct (the tree order is defined). */
  async function duplicatePositions(user: Session): Promise<number> {
    const rows = await t.app.services.db.kysely
      .selectFrom('categories')
      .select(['parent_id', 'root_type', 'position'])
      .where('user_id', '=', user.id)
      .execute();
    const seen = new Set(rows.map((row) => `${row.root_type}/${row.parent_id}/${row.position}`));
    return rows.length - seen.size;
  }

  it(`40 parallel range creates by a free user make exactly ${FREE_RANGE_LIMIT}, at distinct positions`, async () => {
    const user = await registerUser(t.app);
    const folder = await createId(user, { name: 'Race', kind: 'folder' });
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => create(user, { name: `r${i}`, parent_id: folder })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(FREE_RANGE_LIMIT);
    expect(statuses.filter((status) => status === 402)).toHaveLength(40 - FREE_RANGE_LIMIT);
    expect(await duplicatePositions(user)).toBe(0);
  });

  it('40 parallel top-level creates and copies by a Premium user keep every sibling position distinct', async () => {
    const user = await registerUser(t.app);
    await makePremium(t.app, user);
    const first = await createId(user, { name: 'seed', kind: 'folder' });
    const calls = Array.from({ length: 40 }, (_, i) =>
      i % 4 === 0
        ? as(t.app, user, { method: 'POST', url: `/api/v1/categories/${first}/copy/down` })
        : create(user, { name: `f${i}`, kind: 'folder' }),
    );
    const statuses = (await Promise.all(calls)).map((response) => response.statusCode);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(await duplicatePositions(user)).toBe(0);
  });

  it(`a folder flood by a free user stops at ${FREE_CATEGORY_LIMIT} categories with 402`, async () => {
    const user = await registerUser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < FREE_CATEGORY_LIMIT + 5; i += 1) {
      statuses.push((await create(user, { name: `folder ${i}`, kind: 'folder' })).statusCode);
    }
    expect(statuses.slice(0, FREE_CATEGORY_LIMIT).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(FREE_CATEGORY_LIMIT)).toEqual([402, 402, 402, 402, 402]);
    const copy = await as(t.app, user, {
      method: 'GET',
      url: '/api/v1/categories/tree',
      query: { root_type: 'preflop_root' },
    });
    expect(copy.json().data.children).toHaveLength(FREE_CATEGORY_LIMIT);
  });

  it(`Premium users stop at the hard cap of ${CATEGORY_HARD_LIMIT} with 409`, async () => {
    const user = await registerUser(t.app);
    await makePremium(t.app, user);
    // Fill up to two below the cap straight in the database, then cross it through the API.
    const now = new Date().toISOString();
    const rows = Array.from({ length: CATEGORY_HARD_LIMIT - 2 }, (_, i) => ({
      user_id: user.id,
      root_type: 'tournament_root',
      parent_id: null,
      kind: 'folder',
      name: `bulk ${i}`,
      position: i,
      note: '',
      buttons: '[]',
      pairs: '{}',
      sides: null,
      is_template: 0,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await t.app.services.db.kysely
        .insertInto('categories')
        .values(rows.slice(i, i + 500))
        .execute();
    }
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await create(user, { name: `x${i}`, kind: 'folder' })).statusCode);
    expect(statuses).toEqual([200, 200, 409, 409]);
    const over = await create(user, { name: 'over', kind: 'folder' });
    expect(over.json().code).toBe('categoryLimitReached');
  });

  it(`free notes are capped at ${FREE_NOTE_MAX} characters (402); Premium may write longer ones`, async () => {
    const user = await registerUser(t.app);
    const id = await createId(user, { name: 'noted' });
    const long = 'n'.repeat(FREE_NOTE_MAX + 1);
    const update = (note: string) =>
      as(t.app, user, { method: 'POST', url: `/api/v1/categories/${id}`, payload: { note } });
    expect((await update(long)).statusCode).toBe(402);
    expect((await create(user, { name: 'long note', note: long })).statusCode).toBe(402);
    expect((await update('n'.repeat(FREE_NOTE_MAX))).statusCode).toBe(200);
    await makePremium(t.app, user);
    expect((await update(long)).statusCode).toBe(200);
    expect((await update('n'.repeat(10_001))).statusCode).toBe(400);
  });

  it('refuses blank category names with 400 and trims names and notes', async () => {
    const user = await registerUser(t.app);
    for (const name of ['   ', '\t\n', '\u200B\u200B', ' \u202E ']) {
      const response = await create(user, { name });
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(response.json().code).toBe('categoryNameRequired');
    }
    const created = await create(user, { name: '  BTN open \n', note: '  3-bet light  ' });
    expect(created.json().data).toMatchObject({ name: 'BTN open', note: '3-bet light' });
    const id = created.json().data.id as number;
    const blank = await as(t.app, user, {
      method: 'POST',
      url: `/api/v1/categories/${id}`,
      payload: { name: '  ' },
    });
    expect(blank.json().code).toBe('categoryNameRequired');
    const note = await as(t.app, user, {
      method: 'POST',
      url: `/api/v1/categories/${id}`,
      payload: { note: '   ' },
    });
    expect(note.json().data.note).toBe('');
  });

  it('refuses whitespace-only and look-alike usernames at registration and on rename', async () => {
    // The whole sign-up (its code included), so a name that passes is really taken by an account.
    const register = async (username: string) => {
      const body = {
        username,
        email: `${Math.random().toString(36).slice(2)}@example.com`,
        password: 'secret123',
      };
      const { started, confirmed } = await signUp(t.app, body);
      return confirmed ?? started;
    };
    expect((await register('      ')).json().code).toBe('usernameRequired');
    expect((await register('lookalike')).statusCode).toBe(200);
    for (const fake of ['lооkalike', 'look\u200Balike', '\u202Elookalike', 'lookalike\u2060']) {
      const response = await register(fake);
      expect(response.statusCode, JSON.stringify(fake)).toBe(400);
      expect(response.json().code).toBe('usernameInvalid');
    }
    // A name written wholly in Cyrillic look-alikes of a taken Latin name counts as taken; other Cyrillic is fine.
    expect((await register('ӏооkаӏіkе'.replace(/k/g, 'к'))).json().code).toBe('usernameTaken');
    expect((await register('сосо')).statusCode).toBe(200);
    // The other order too: a Latin name whose Cyrillic look-alike registered first is taken.
    expect((await register('ѕеасоаѕт')).statusCode).toBe(200);
    expect((await register('seacoast')).json().code).toBe('usernameTaken');
    // Case folds beyond ASCII on both databases (SQLite's lower() leaves Ä alone).
    expect((await register('Ärgerlich')).statusCode).toBe(200);
    expect((await register('äRGERLICH')).json().code).toBe('usernameTaken');
    // Full-width letters fold to the plain name, which is taken.
    expect((await register('ｌｏｏｋａｌｉｋｅ')).json().code).toBe('usernameTaken');
    const user = await registerUser(t.app);
    const rename = (username: string) =>
      as(t.app, user, {
        method: 'POST',
        url: '/api/v1/users/userprofile/update/username',
        payload: { username },
      });
    const found = await as(t.app, user, {
      method: 'GET',
      url: '/api/v1/users/find_users',
      query: { q: 'ÄRG' },
    });
    expect(found.json().data.map((row: { username: string }) => row.username)).toContain('Ärgerlich');
    expect((await rename('ad\u200Dmin')).json().code).toBe('usernameInvalid');
    const ok = await rename('  New   Name ');
    expect(ok.json().data.username).toBe('New Name');
    // Logging in folds the typed name the same way.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { login: ' Ｎｅｗ Name ', password: 'secret123' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('find_users never answers an e-mail address with the account behind it', async () => {
    const user = await registerUser(t.app);
    const other = await registerUser(t.app);
    for (const q of [other.email, other.email.toUpperCase(), other.email.split('@')[0] + '@']) {
      const found = await as(t.app, user, { method: 'GET', url: '/api/v1/users/find_users', query: { q } });
      expect(found.statusCode).toBe(200);
      expect(found.json().data).toEqual([]);
    }
  });
});

describeEachDatabase('write rate limit', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { WRITE_RATE_LIMIT: '30' });
  });
  afterAll(async () => t.close());

  it('answers 429 with Retry-After past the per-user write budget, shared by all write routes', async () => {
    const user = await registerUser(t.app);
    await makePremium(t.app, user);
    const other = await registerUser(t.app);
    const { create } = categoryCalls(() => t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 25; i += 1)
      statuses.push((await create(user, { name: `w${i}`, kind: 'folder' })).statusCode);
    for (let i = 0; i < 10; i += 1) {
      const response = await as(t.app, user, {
        method: 'POST',
        url: '/api/v1/users/language',
        payload: { language: 'en-US' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429, 429, 429, 429]);
    const limited = await create(user, { name: 'late', kind: 'folder' });
    expect(limited.json().code).toBe('tooManyRequests');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Reads and other users are not affected.
    const tree = await as(t.app, user, {
      method: 'GET',
      url: '/api/v1/categories/tree',
      query: { root_type: 'preflop_root' },
    });
    expect(tree.statusCode).toBe(200);
    expect((await create(other, { name: 'mine', kind: 'folder' })).statusCode).toBe(200);
  });
});
