import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sha256 } from '../../server/lib/crypto.ts';
import { as, registerUser } from './helpers/api.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

describe('security', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => t.close());

  it('stores only the sha256 of session tokens and argon2id password hashes', async () => {
    const user = await registerUser(t.app);
    const { kysely } = t.app.services.db;
    const sessions = await kysely.selectFrom('sessions').selectAll().where('user_id', '=', user.id).execute();
    expect(sessions.map((session) => session.token_hash)).toEqual([sha256(user.token)]);
    const row = await kysely
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain('secret123');
  });

  it('never shows password hashes or other users’ e-mails', async () => {
    const user = await registerUser(t.app);
    const other = await registerUser(t.app);
    const me = await as(t.app, user, { method: 'GET', url: '/api/v1/auth/user' });
    expect(me.body).not.toContain('argon2');
    const found = await as(t.app, user, {
      method: 'GET',
      url: '/api/v1/users/find_users',
      query: { q: other.username },
    });
    expect(found.body).not.toContain(other.email);
    expect(found.body).not.toContain('argon2');
  });

  it('does not reveal whether an account exists through login or recover', async () => {
    const user = await registerUser(t.app);
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
    const wrongPassword = await post('/api/v1/auth/login', { login: user.email, password: 'wrong-pass' });
    const noAccount = await post('/api/v1/auth/login', {
      login: 'nobody@example.com',
      password: 'wrong-pass',
    });
    expect([wrongPassword.statusCode, wrongPassword.body]).toEqual([noAccount.statusCode, noAccount.body]);
    const known = await post('/api/v1/auth/recover', { email: user.email });
    const unknown = await post('/api/v1/auth/recover', { email: 'nobody@example.com' });
    // Only the random request token differs, in the same shape.
    const shape = (body: string) =>
      body.replace(/"request_token":"[A-Za-z0-9_-]{43}"/, '"request_token":"T"');
    expect([known.statusCode, shape(known.body)]).toEqual([unknown.statusCode, shape(unknown.body)]);
    const tokenOf = (response: typeof known) => response.json().data.request_token as string;
    const wrongCode = await post('/api/v1/auth/confirm', {
      email: user.email,
      code: '000000',
      password: 'newpass1',
      request_token: tokenOf(known),
    });
    const ghostCode = await post('/api/v1/auth/confirm', {
      email: 'nobody@example.com',
      code: '000000',
      password: 'newpass1',
      request_token: tokenOf(unknown),
    });
    expect(wrongCode.body).toBe(ghostCode.body);
  });

  it('treats SQL and LIKE metacharacters as plain text', async () => {
    const user = await registerUser(t.app);
    for (const q of ["' OR 1=1 --", '%', '_', '\\', '"; DROP TABLE users; --']) {
      const response = await as(t.app, user, {
        method: 'GET',
        url: '/api/v1/users/find_users',
        query: { q },
      });
      expect(response.statusCode, q).toBe(200);
      expect(response.json().data).toEqual([]);
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { login: "' OR '1'='1", password: "' OR '1'='1" },
    });
    expect(login.statusCode).toBe(400);
  });

  it('answers malformed JSON and oversized bodies with 4xx, never 5xx', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: '{"login":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(typeof broken.json().error).toBe('string');
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: JSON.stringify({ login: 'x'.repeat(2 * 1024 * 1024), password: 'y' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.statusCode).toBe(413);
  });

  it('hides internal error details behind "Something went wrong"', async () => {
    const broken = await createTestApp('sqlite');
    const user = await registerUser(broken.app);
    // Break the database under a live app: the next query fails inside a handler.
    await broken.app.services.db.kysely.schema.dropTable('shares').execute();
    const response = await as(broken.app, user, { method: 'GET', url: '/api/v1/categories/incoming/count' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Something went wrong', code: 'somethingWentWrong' });
    expect(response.body).not.toMatch(/shares|sqlite|no such table/i);
    await broken.close();
  });

  it('rejects tokens of deleted sessions and garbage Authorization headers', async () => {
    const user = await registerUser(t.app);
    for (const authorization of [
      'Bearer',
      'Basic abc',
      `Bearer ${user.token}x`,
      `Bearer ${'a'.repeat(5000)}`,
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        headers: { authorization },
      });
      expect(response.statusCode, authorization.slice(0, 20)).toBe(401);
    }
  });
});
