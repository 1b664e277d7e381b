import { randomBytes } from 'node:crypto';

import type { FastifyInstance, InjectOptions } from 'fastify';

import { bearer } from './test-app.ts';

export interface Session {
  token: string;
  id: number;
  username: string;
  email: string;
}

/** Registers a fresh user with unique names and returns its session. */
export async function registerUser(
  app: FastifyInstance,
  overrides: { referral?: string } = {},
): Promise<Session> {
  // Random hex, not pid + counter + random digits run together ("12"+"34" and "123"+"4" collided).
  const suffix = randomBytes(7).toString('hex');
  const body = { username: `user${suffix}`, email: `user${suffix}@example.com`, password: 'secret123' };
  const url = overrides.referral ? `/api/v1/auth/register/${overrides.referral}` : '/api/v1/auth/register';
  const response = await app.inject({ method: 'POST', url, payload: body });
  if (response.statusCode !== 200)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const { data } = response.json();
  return { token: data.token, id: data.me.id, username: body.username, email: body.email };
}

/** Inject as a signed-in user. */
export async function as(
  app: FastifyInstance,
  session: Session | null,
  options: {
    method: InjectOptions['method'];
    url: string;
    payload?: unknown;
    query?: Record<string, string>;
  },
) {
  return app.inject({
    method: options.method,
    url: options.url,
    payload: options.payload as InjectOptions['payload'],
    query: options.query,
    headers: session ? bearer(session.token) : {},
  });
}

/** Grants Premium straight in the database (the payment path has its own tests). */
export async function makePremium(app: FastifyInstance, session: Session): Promise<void> {
  await app.services.db.kysely
    .updateTable('users')
    .set({ is_premium: 1 })
    .where('id', '=', session.id)
    .execute();
}

export async function makeAdmin(app: FastifyInstance, session: Session): Promise<void> {
  await app.services.db.kysely
    .updateTable('users')
    .set({ is_admin: 1 })
    .where('id', '=', session.id)
    .execute();
}

/**
 * A user row written straight to the database, for the suites that run on an older schema: sign-up reads columns a
 * later migration adds (users.deleted_at), so it needs the current one. Columns as of 010-username-key.
 */
export async function insertUserRow(app: FastifyInstance): Promise<{ id: number }> {
  const suffix = randomBytes(7).toString('hex');
  return app.services.db.kysely
    .insertInto('users')
    .values({
      username: `user${suffix}`,
      username_key: `user${suffix}`,
      email: `user${suffix}@example.com`,
      password_hash: 'x',
      language: 'en-US',
      avatar: '',
      is_premium: 0,
      is_admin: 0,
      referral_token: suffix,
      referrer_id: null,
      created_at: new Date().toISOString(),
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
}
