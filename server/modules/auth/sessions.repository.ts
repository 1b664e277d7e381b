import type { Db } from '../../db/database.ts';
import { fastStatement } from '../../db/fast.ts';
import type { UserRow } from '../../db/schema.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { nowIso } from '../../lib/time.ts';

const SESSION_USER_SQL =
  'SELECT users.*, sessions.id AS session_id FROM sessions JOIN users ON users.id = sessions.user_id ' +
  'WHERE sessions.token_hash = ?';

/** Runs on every authenticated request, hence the prepared-statement fast path on SQLite. */
export async function findSessionUser(
  db: Db,
  token: string,
): Promise<{ user: UserRow; sessionId: number } | null> {
  const fast = fastStatement(db, SESSION_USER_SQL);
  if (fast) {
    const hit = fast.get(sha256(token)) as (UserRow & { session_id: number }) | undefined;
    if (!hit) return null;
    const { session_id: sessionId, ...user } = hit;
    return { user, sessionId };
  }
  const row = await db.kysely
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select('sessions.id as session_id')
    .where('sessions.token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row) return null;
  const { session_id: sessionId, ...user } = row;
  return { user, sessionId };
}

/** Creates a session and returns the raw token; only its hash is kept. */
export async function createSession(db: Db, userId: number): Promise<string> {
  const token = randomToken();
  await db.kysely
    .insertInto('sessions')
    .values({ user_id: userId, token_hash: sha256(token), created_at: nowIso() })
    .execute();
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
