import { randomBytes } from 'node:crypto';

import type { FastifyInstance, InjectOptions } from 'fastify';

import { bearer, mailsOf } from './test-app.ts';

export interface Session {
  token: string;
  id: number;
  username: string;
  email: string;
}

/** The sign-up code in the last mail `app` sent to `email`, or null when none was sent there. */
export function signUpCodeFor(app: FastifyInstance, email: string): string | null {
  const mail = mailsOf(app).findLast((sent) => sent.to === email.toLowerCase());
  return mail?.text.match(/\b(\d{6})\b/)?.[1] ?? null;
}

/**
 * Signs up as a player would: the sign-up, then the code mailed to the address with the answer's request token.
 * Returns both answers (the second is the account's sign-in, or the refusal), so suites can check either.
 */
export async function signUp(
  app: FastifyInstance,
  body: { username: string; email: string; password: string; language?: string },
  options: { referral?: string; remoteAddress?: string } = {},
) {
  const url = options.referral ? `/api/v1/auth/register/${options.referral}` : '/api/v1/auth/register';
  const address = options.remoteAddress ? { remoteAddress: options.remoteAddress } : {};
  const started = await app.inject({ method: 'POST', url, payload: body, ...address });
  if (started.statusCode !== 200) return { started, confirmed: null };
  const code = signUpCodeFor(app, body.email);
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register_confirm',
    payload: { request_token: started.json().data.request_token, code: code ?? '000000' },
    ...address,
  });
  return { started, confirmed };
}

/**
 * Registers a fresh user with unique names and returns its session. The sign-up's mail is taken out of the app's
 * mailbox once its code is used, so a suite sees only the mail that came after (a restore code, a receipt).
 */
export async function registerUser(
  app: FastifyInstance,
  overrides: { referral?: string } = {},
): Promise<Session> {
  // Random hex, not pid + counter + random digits run together ("12"+"34" and "123"+"4" collided).
  const suffix = randomBytes(7).toString('hex');
  const body = { username: `user${suffix}`, email: `user${suffix}@example.com`, password: 'secret123' };
  const { started, confirmed } = await signUp(app, body, overrides);
  if (!confirmed || confirmed.statusCode !== 200)
    throw new Error(`register failed: ${started.statusCode} ${started.body} ${confirmed?.body ?? ''}`);
  const mails = mailsOf(app);
  mails.splice(
    mails.findLastIndex((mail) => mail.to === body.email),
    1,
  );
  const { data } = confirmed.json();
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
export async function insertUserRow(app: FastifyInstance): Promise<{ id: number; email: string }> {
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
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();
}
