import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

import { CacheVersions } from '../db/cache-versions.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { sha256 } from '../lib/crypto.ts';
import { forbidden, unauthorized } from '../lib/http-error.ts';
import type { Clock } from '../lib/time.ts';
import { SessionCache } from '../modules/auth/session-cache.ts';
import { cachedSessionUser, findSessionUser } from '../modules/auth/sessions.repository.ts';

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
 * A session unused for 30 days (by `clock`) no longer resolves. On SQLite known sessions come from memory
 * (session-cache.ts); on PostgreSQL every request reads its session, the one way to see another instance's logout
 * at once.
 */
export function registerAuth(app: FastifyInstance, db: Db, clock: Clock): void {
  const cache = db.sqlite ? new SessionCache(new CacheVersions(db)) : null;
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('token', null);
  const signIn = (request: FastifyRequest, found: { user: UserRow; sessionId: number }, token: string) => {
    request.user = found.user;
    request.sessionId = found.sessionId;
    request.token = token;
  };
  // A callback hook, not an async one: a session the cache holds is resolved without a promise or a tick.
  app.addHook('onRequest', (request, _reply, done) => {
    const token = bearer(request);
    if (!token || token.length > 200) return done();
    const now = clock.now();
    const cached = cache ? cachedSessionUser(cache, sha256(token), now) : undefined;
    if (cached) {
      signIn(request, cached, token);
      return done();
    }
    findSessionUser(db, token, now, cache).then((found) => {
      if (found) signIn(request, found, token);
      done();
    }, done);
  });
}

/** Route hook: 401 before validation, so an anonymous caller learns nothing about payload rules. */
export function requireUser(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  done(request.user ? undefined : unauthorized());
}

export function requireAdmin(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  if (!request.user) return done(unauthorized());
  done(request.user.is_admin ? undefined : forbidden());
}

/** The signed-in user inside a handler guarded by requireUser. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}
