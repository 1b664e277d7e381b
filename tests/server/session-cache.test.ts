// Sessions kept in memory on SQLite: a known token costs no session lookup, and every change of what it resolves to
// (logout, revoked sessions, a deleted account, premium, language, a change made by another process on the file)
// shows on the very next request. On PostgreSQL nothing is kept: a logout on one instance holds on another at once.
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { buildApp } from '../../server/app.ts';
import { fastStatement } from '../../server/db/fast.ts';
import { ManualClock } from '../../server/lib/time.ts';
import { SESSION_USER_SQL, TOUCH_INTERVAL_MS } from '../../server/modules/auth/sessions.repository.ts';
import { as, registerUser, type Session } from './helpers/api.ts';
import { postgresAvailability } from './helpers/postgres.ts';
import { createTestApp, memoryMailer, type TestApp } from './helpers/test-app.ts';

const me = async (app: FastifyInstance, session: Session) =>
  as(app, session, { method: 'GET', url: '/api/v1/auth/user' });

describe('the session cache [sqlite]', () => {
  const clock = new ManualClock();
  let t: TestApp;
  let lookups: ReturnType<typeof vi.fn>;
  let other: SQLite.Database;

  beforeAll(async () => {
    t = await createTestApp('sqlite', {}, { clock });
    // Another connection to the same file: what the admin CLI or any other process writes through.
    other = new SQLite(t.config.databaseUrl.slice('sqlite:'.length));
    const statement = fastStatement(t.app.services.db, SESSION_USER_SQL)!;
    const get = statement.get.bind(statement);
    lookups = vi.fn(get);
    statement.get = lookups as unknown as typeof statement.get;
  });
  afterAll(async () => {
    other?.close();
    await t?.close();
  });
  afterEach(() => lookups.mockClear());

  it('reads a known session once, then answers from memory', async () => {
    const user = await registerUser(t.app);
    lookups.mockClear();
    for (let i = 0; i < 5; i += 1) expect((await me(t.app, user)).json().data.me.id).toBe(user.id);
    expect(lookups).toHaveBeenCalledTimes(1);
  });

  it('never keeps a token that resolves to nobody', async () => {
    for (let i = 0; i < 3; i += 1) {
      const response = await me(t.app, { token: 'not-a-token', id: 0, username: '', email: '' });
      expect(response.json().data.me.id).toBeNull();
    }
    expect(lookups).toHaveBeenCalledTimes(3);
  });

  it('signs out at once: logout, and the other sessions a password change ends', async () => {
    const user = await registerUser(t.app);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { login: user.email, password: 'secret123' },
    });
    const second = { ...user, token: login.json().data.token as string };
    expect((await me(t.app, user)).json().data.me.id).toBe(user.id);
    expect((await me(t.app, second)).json().data.me.id).toBe(user.id);

    const changed = await as(t.app, user, {
      method: 'POST',
      url: '/api/v1/users/userprofile/update/password',
      payload: { current_password: 'secret123', new_password: 'secret456', confirm_password: 'secret456' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(t.app, second)).json().data.me.id).toBeNull();
    expect((await me(t.app, user)).json().data.me.id).toBe(user.id);

    expect((await as(t.app, user, { method: 'POST', url: '/api/v1/auth/logout' })).statusCode).toBe(200);
    expect((await me(t.app, user)).json().data.me.id).toBeNull();
  });

  it('shows a change of the user at once, made here or by another process on the file', async () => {
    const user = await registerUser(t.app);
    expect((await me(t.app, user)).json().data.me).toMatchObject({ is_premium: false, language: 'en-US' });
    const language = await as(t.app, user, {
      method: 'POST',
      url: '/api/v1/users/language',
      payload: { language: 'ru-RU' },
    });
    expect(language.statusCode).toBe(200);
    expect((await me(t.app, user)).json().data.me.language).toBe('ru-RU');

    other.prepare('UPDATE users SET is_premium = 1 WHERE id = ?').run(user.id);
    expect((await me(t.app, user)).json().data.me.is_premium).toBe(true);
    other.prepare('DELETE FROM sessions WHERE user_id = ?').run(user.id);
    expect((await me(t.app, user)).json().data.me.id).toBeNull();
  });

  it('refuses a deleted account at once', async () => {
    const user = await registerUser(t.app);
    expect((await me(t.app, user)).json().data.me.id).toBe(user.id);
    const deleted = await as(t.app, user, {
      method: 'POST',
      url: '/api/v1/users/userprofile/delete',
      payload: { password: 'secret123', confirmation: user.username },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await me(t.app, user)).json().data.me.id).toBeNull();
  });

  it('still slides the expiry hourly and lets a session unused for 30 days go', async () => {
    const user = await registerUser(t.app);
    const seen = () =>
      (
        other.prepare('SELECT last_seen_at FROM sessions WHERE user_id = ?').get(user.id) as {
          last_seen_at: string;
        }
      ).last_seen_at;
    expect((await me(t.app, user)).statusCode).toBe(200);
    const first = seen();
    clock.advance(TOUCH_INTERVAL_MS / 2);
    expect((await me(t.app, user)).json().data.me.id).toBe(user.id);
    expect(seen()).toBe(first);
    clock.advance(TOUCH_INTERVAL_MS);
    expect((await me(t.app, user)).json().data.me.id).toBe(user.id);
    expect(seen()).toBe(new Date(clock.now()).toISOString());
    clock.advance(31 * 24 * 60 * 60 * 1000);
    expect((await me(t.app, user)).json().data.me.id).toBeNull();
  });
});

const pg = postgresAvailability();
describe.skipIf(!pg.adminUrl)('sessions on PostgreSQL, two instances', () => {
  let a: TestApp;
  let b: FastifyInstance;

  beforeAll(async () => {
    a = await createTestApp('postgres');
    b = await buildApp(a.config, { mailer: memoryMailer([]) });
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a logout on one instance holds on the other at once', async () => {
    const user = await registerUser(a.app);
    for (let i = 0; i < 3; i += 1) expect((await me(b, user)).json().data.me.id).toBe(user.id);
    expect((await as(a.app, user, { method: 'POST', url: '/api/v1/auth/logout' })).statusCode).toBe(200);
    expect((await me(b, user)).json().data.me.id).toBeNull();
  });
});
