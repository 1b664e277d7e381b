import { RESTORE_CODE_MAX_ATTEMPTS } from '../../../contract/auth.ts';
import type { Db } from '../../db/database.ts';
import { consumeMailedCode, findOpenRequest, iso, newMailedCode, pruneMailedCodes } from './mailed-code.ts';

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
  const { token, columns } = newMailedCode(request.code, now, expiresAt);
  await db.kysely
    .insertInto('restore_requests')
    .values({
      ...columns,
      email: request.email.toLowerCase(),
      user_id: request.userId,
      trusted: request.trusted ? 1 : 0,
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

/** The open request of this token; null when there is none (unknown, spent, used or expired). */
export async function findRestoreRequest(db: Db, token: string, now: number): Promise<RestoreRequest | null> {
  const row = await findOpenRequest(db, 'restore_requests', token, now);
  if (!row) return null;
  return { id: row.id, email: row.email, userId: row.user_id, trusted: row.trusted === 1 };
}

/** Checks a code against one request (see consumeMailedCode); a request of another account never matches. */
export const consumeRestoreCode = (
  db: Db,
  requestId: number,
  userId: number | null,
  code: string,
  now: number,
): Promise<boolean> =>
  consumeMailedCode(
    db,
    'restore_requests',
    requestId,
    code,
    now,
    (row) => row.user_id !== null && row.user_id === userId,
  );

/** Retires every open request of the account (its password was just set: no other code may set it again). */
export async function retireRestoreRequests(db: Db, userId: number): Promise<void> {
  await db.kysely.updateTable('restore_requests').set({ used: 1 }).where('user_id', '=', userId).execute();
}

/** Deletes every expired request; returns how many. */
export const pruneRestoreRequests = (db: Db, now: number): Promise<number> =>
  pruneMailedCodes(db, 'restore_requests', now);
