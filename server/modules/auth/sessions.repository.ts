import { SESSION_TTL_MS } from '../../../contract/auth.ts';
import type { Db } from '../../db/database.ts';
import { preparedRead } from '../../db/fast.ts';
import type { UserRow } from '../../db/schema.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { lockOwner } from '../categories/categories.repository.ts';
import type { CachedSession, SessionCache } from './session-cache.ts';

/** Newest sessions a user keeps; logging in on a 21st device ends the least recently used one. */
export const MAX_SESSIONS_PER_USER = 20;
/** `last_seen_at` is refreshed at most this often: one write per session per hour, not one per request. */
export const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

const iso = (ms: number) => new Date(ms).toISOString();

/** The session and user lookup of every authenticated request (exported for the cache tests, which count its runs). */
export const SESSION_USER_SQL =
  'SELECT users.*, sessions.id AS session_id, sessions.last_seen_at AS session_seen FROM sessions ' +
  'JOIN users ON users.id = sessions.user_id WHERE sessions.token_hash = ? AND sessions.last_seen_at > ? ' +
  'AND users.deleted_at IS NULL';

type SessionHit = UserRow & { session_id: number; session_seen: string };

/**
 * The session of a token hash as the cache holds it, with nothing to read or write: valid under the current 'auth'
 * counter and seen within the touch interval. Otherwise undefined, and findSessionUser reads (and touches) it.
 */
export function cachedSessionUser(
  cache: SessionCache,
  tokenHash: string,
  now: number,
): CachedSession | undefined {
  const version = cache.current();
  const cached = version === null ? undefined : cache.get(tokenHash, version);
  return cached && cached.seenAt >= now - TOUCH_INTERVAL_MS ? cached : undefined;
}

/**
 * The live session of a token (used within the last 30 days) and its user, never a deleted account's (its sessions
 * are removed with it; this also covers one a sign-in racing the deletion created). Runs on every authenticated request,
 * hence a statement prepared once and, on SQLite, the session cache (session-cache.ts). A session last
 * seen over an hour ago is touched (sliding expiry); a cached one is read afresh then, and touched.
 */
export async function findSessionUser(
  db: Db,
  token: string,
  now: number,
  cache: SessionCache | null = null,
): Promise<{ user: UserRow; sessionId: number } | null> {
  const tokenHash = sha256(token);
  const cached = cache ? cachedSessionUser(cache, tokenHash, now) : undefined;
  if (cached) return { user: cached.user, sessionId: cached.sessionId };
  // The counter, then the row, in one tick (a prepared read runs before it returns on SQLite): a change after the
  // counter was read moves it, and the entry made below is then never used.
  const version = cache?.current() ?? null;
  const hit = await preparedRead<SessionHit>(db, SESSION_USER_SQL).first(
    tokenHash,
    iso(now - SESSION_TTL_MS),
  );
  if (!hit) return null;
  const { session_id: sessionId, session_seen: lastSeen, ...row } = hit;
  // Frozen whether cached or not, so code that would change the request's user in place fails the same way always.
  const user = Object.freeze(row);
  let seenAt = Date.parse(lastSeen);
  if (lastSeen < iso(now - TOUCH_INTERVAL_MS)) {
    seenAt = now;
    await db.kysely
      .updateTable('sessions')
      .set({ last_seen_at: iso(now) })
      .where('id', '=', sessionId)
      .execute();
  }
  if (cache && version !== null) cache.set(tokenHash, { user, sessionId, seenAt, version });
  return { user, sessionId };
}

/**
 * Creates a session and returns the raw token; only its hash is kept. The user's expired sessions and those past
 * the newest MAX_SESSIONS_PER_USER go in the same step, so logins cannot pile up live tokens. It runs under the
 * account's row lock: a sign-in that raced the account's deletion answers 401 and leaves no session behind.
 */
export async function createSession(db: Db, userId: number, now: number): Promise<string> {
  const token = randomToken();
  await db.kysely.transaction().execute(async (trx) => {
    await lockOwner(trx, db.dialect, userId);
    await trx
      .insertInto('sessions')
      .values({ user_id: userId, token_hash: sha256(token), created_at: iso(now), last_seen_at: iso(now) })
      .execute();
    const keep = await trx
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', userId)
      .where('last_seen_at', '>', iso(now - SESSION_TTL_MS))
      .orderBy('last_seen_at', 'desc')
      .orderBy('id', 'desc')
      .limit(MAX_SESSIONS_PER_USER)
      .execute();
    await trx
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where(
        'id',
        'not in',
        keep.map((row) => row.id),
      )
      .execute();
  });
  return token;
}

export async function deleteSession(db: Db, sessionId: number): Promise<void> {
  await db.kysely.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Revokes every session of the user except `keepSessionId` (password change signs out other devices). */
export async function deleteOtherSessions(
  db: Db,
  userId: number,
  keepSessionId: number | null,
): Promise<void> {
  let query = db.kysely.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId !== null) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}

/** Deletes every session unused for SESSION_TTL_MS; returns how many. */
export async function pruneSessions(db: Db, now: number): Promise<number> {
  const result = await db.kysely
    .deleteFrom('sessions')
    .where('last_seen_at', '<=', iso(now - SESSION_TTL_MS))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
