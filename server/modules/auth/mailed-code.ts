import type { Selectable } from 'kysely';

import { RESTORE_CODE_MAX_ATTEMPTS } from '../../../contract/auth.ts';
import type { Db } from '../../db/database.ts';
import type { RestoreRequestsTable, SignUpRequestsTable } from '../../db/schema.ts';
import { randomToken, safeEqual, sha256 } from '../../lib/crypto.ts';

/**
 * Requests answered by a code mailed to their address: sign-ups and password restores. Each row is found by a random
 * request token the browser holds (only its sha256 is stored) and carries the salted code, the attempts spent, whether
 * it was used, and its expiry; the rest of the row is the request's own.
 */
export type MailedCodeTable = keyof MailedCodeRows;

/** The rows of each such table. */
interface MailedCodeRows {
  restore_requests: Selectable<RestoreRequestsTable>;
  sign_up_requests: Selectable<SignUpRequestsTable>;
}

/** The columns of the code, the same in every such table (a table that drifts fails here). */
type MailedCodeColumns = Pick<
  MailedCodeRows[MailedCodeTable],
  'id' | 'token_hash' | 'code_hash' | 'attempts' | 'used' | 'created_at' | 'expires_at'
>;

export const iso = (ms: number): string => new Date(ms).toISOString();

const hashCode = (salt: string, code: string) => `${salt}:${sha256(`${salt}:${code}`)}`;

/** A fresh request token (raw, for the browser) and the code columns of its new row. */
export function newMailedCode(
  code: string,
  now: number,
  expiresAt: number,
): { token: string; columns: Omit<MailedCodeColumns, 'id'> } {
  const token = randomToken();
  return {
    token,
    columns: {
      token_hash: sha256(token),
      code_hash: hashCode(randomToken(8), code),
      attempts: 0,
      used: 0,
      created_at: iso(now),
      expires_at: iso(expiresAt),
    },
  };
}

/** A code can still be checked against the row: unused, attempts left, unexpired. */
const isOpen = (row: Pick<MailedCodeColumns, 'used' | 'attempts' | 'expires_at'>, now: number) =>
  row.used === 0 && row.attempts < RESTORE_CODE_MAX_ATTEMPTS && row.expires_at > iso(now);

/**
 * The request's row while a code can still be checked against it (see isOpen), else null. The table is widened to
 * the union: Kysely then builds one query over either table, where a type parameter would split it into one per table.
 */
async function openRow<T extends MailedCodeTable>(
  db: Db,
  table: T,
  column: 'id' | 'token_hash',
  value: number | string,
  now: number,
): Promise<MailedCodeRows[T] | null> {
  const name: MailedCodeTable = table;
  const row = await db.kysely.selectFrom(name).selectAll().where(column, '=', value).executeTakeFirst();
  return row && isOpen(row, now) ? row : null;
}

/** The open request of this token; null when there is none (unknown, spent, used or expired). */
export const findOpenRequest = <T extends MailedCodeTable>(db: Db, table: T, token: string, now: number) =>
  openRow(db, table, 'token_hash', sha256(token), now);

/**
 * Checks a code against one request: counts the attempt, and on success marks the request used (single use). A
 * request that `mayMatch` refuses (no code was mailed for it, or it is another account's) takes the attempt and fails.
 */
export async function consumeMailedCode<T extends MailedCodeTable>(
  db: Db,
  table: T,
  requestId: number,
  code: string,
  now: number,
  mayMatch: (row: MailedCodeRows[T]) => boolean,
): Promise<boolean> {
  const row = await openRow(db, table, 'id', requestId, now);
  if (!row) return false;
  const salt = row.code_hash.split(':')[0] ?? '';
  const ok = mayMatch(row) && safeEqual(hashCode(salt, code), row.code_hash);
  // Conditional update: two concurrent right guesses cannot both win, and attempts never pass the cap.
  const name: MailedCodeTable = table;
  const result = await db.kysely
    .updateTable(name)
    .set(ok ? { used: 1, attempts: row.attempts + 1 } : { attempts: row.attempts + 1 })
    .where('id', '=', row.id)
    .where('used', '=', 0)
    .where('attempts', '=', row.attempts)
    .executeTakeFirst();
  return ok && Number(result.numUpdatedRows) === 1;
}

/** Deletes every expired request of the table (with whatever it held); returns how many. */
export async function pruneMailedCodes(db: Db, table: MailedCodeTable, now: number): Promise<number> {
  const result = await db.kysely.deleteFrom(table).where('expires_at', '<=', iso(now)).executeTakeFirst();
  return Number(result.numDeletedRows);
}
