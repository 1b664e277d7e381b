import type { Selectable } from 'kysely';

import { RESTORE_CODE_MAX_ATTEMPTS } from '../../../contract/auth.ts';
import type { Db } from '../../db/database.ts';
import type { RestoreRequestsTable } from '../../db/schema.ts';
import { randomToken, safeEqual, sha256 } from '../../lib/crypto.ts';

const hashCode = (salt: string, code: string) => `${salt}:${sha256(`${salt}:${code}`)}`;
const iso = (ms: number) => new Date(ms).toISOString();

/** An open request as the confirm step checks it. */
export interface RestoreRequest {
  id: number;
  email: string;
  userId: number | null;
  trusted: boolean;
}

/**
 * Stores a restore request and returns its raw token (only its sha256 is kept). `userId` null stores a request no
 * code was mailed for (unknown e-mail, or a budget used up), so that it answers a confirm like any other. Older open
 * requests of the account stay valid: a stranger's request does not retire the code the owner holds.
 */
export async function storeRestoreRequest(
  db: Db,
  request: { email: string; userId: number | null; trusted: boolean; code: string },
  now: number,
  expiresAt: number,
): Promise<string> {
  const token = randomToken();
  await db.kysely
    .insertInto('restore_requests')
    .values({
      token_hash: sha256(token),
      email: request.email.toLowerCase(),
      user_id: request.userId,
      trusted: request.trusted ? 1 : 0,
      code_hash: hashCode(randomToken(8), request.code),
      attempts: 0,
      used: 0,
      created_at: iso(now),
      expires_at: iso(expiresAt),
    })
    .execute();
  return token;
}

/** The account's requests that a code can still be checked against (unused, unexpired, attempts left). */
export async function countOpenRestoreRequests(db: Db, userId: number, now: number): Promise<number> {
  const row = await db.kysely
    .selectFrom('restore_requests')
    .select((eb) => eb.fn.countAll<number>().as('open'))
    .where('user_id', '=', userId)
    .where('used', '=', 0)
    .where('attempts', '<', RESTORE_CODE_MAX_ATTEMPTS)
    .where('expires_at', '>', iso(now))
    .executeTakeFirst();
  return Number(row?.open ?? 0);
}

const isOpen = (row: Selectable<RestoreRequestsTable>, now: number) =>
  row.used === 0 && row.attempts < RESTORE_CODE_MAX_ATTEMPTS && row.expires_at > iso(now);

/** The open request of this token; null when there is none (unknown, spent, used or expired). */
export async function findRestoreRequest(db: Db, token: string, now: number): Promise<RestoreRequest | null> {
  const row = await db.kysely
    .selectFrom('restore_requests')
    .selectAll()
    .where('token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row || !isOpen(row, now)) return null;
  return { id: row.id, email: row.email, userId: row.user_id, trusted: row.trusted === 1 };
}

/**
 * Checks a code against one request: counts the attempt, and on success marks the request used (single use). A
 * request of another account (`userId` not its own) takes the attempt and fails.
 */
export async function consumeRestoreCode(
  db: Db,
  requestId: number,
  userId: number | null,
  code: string,
  now: number,
): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('restore_requests')
    .selectAll()
    .where('id', '=', requestId)
    .executeTakeFirst();
  if (!row || !isOpen(row, now)) return false;
  const salt = row.code_hash.split(':')[0] ?? '';
  const ok = row.user_id !== null && row.user_id === userId && safeEqual(hashCode(salt, code), row.code_hash);
  // Conditional update: two concurrent right guesses cannot both win, and attempts never pass the cap.
  const result = await db.kysely
    .updateTable('restore_requests')
    .set(ok ? { used: 1, attempts: row.attempts + 1 } : { attempts: row.attempts + 1 })
    .where('id', '=', row.id)
    .where('used', '=', 0)
    .where('attempts', '=', row.attempts)
    .executeTakeFirst();
  return ok && Number(result.numUpdatedRows) === 1;
}

/** Retires every open request of the account (its password was just set: no other code may set it again). */
export async function retireRestoreRequests(db: Db, userId: number): Promise<void> {
  await db.kysely.updateTable('restore_requests').set({ used: 1 }).where('user_id', '=', userId).execute();
}

/** Deletes every expired request; returns how many. */
export async function pruneRestoreRequests(db: Db, now: number): Promise<number> {
  const result = await db.kysely
    .deleteFrom('restore_requests')
    .where('expires_at', '<=', iso(now))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
