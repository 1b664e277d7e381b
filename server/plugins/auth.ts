import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { forbidden, unauthorized } from '../lib/http-error.ts';
import type { Clock } from '../lib/time.ts';
import { findSessionUser } from '../modules/auth/sessions.repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    sessionId: number | null;
    token: string | null;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Resolves the Bearer token (stored as sha256) to its user on every request; anonymous requests get `user = null`.
 * A session unused for 30 days (by `clock`) no longer resolves.
 */
export function registerAuth(app: FastifyInstance, db: Db, clock: Clock): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('token', null);
  app.addHook('onRequest', async (request) => {
    const token = bearer(request);
    if (!token || token.length > 200) return;
    const found = await findSessionUser(db, token, clock.now());
    if (!found) return;
    request.user = found.user;
    request.sessionId = found.sessionId;
    request.token = token;
  });
}

/** Route hook: 401 before validation, so an anonymous caller learns nothing about payload rules. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized();
}

export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized();
  if (!request.user.is_admin) throw forbidden();
}

/** The signed-in user inside a handler guarded by requireUser. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}
