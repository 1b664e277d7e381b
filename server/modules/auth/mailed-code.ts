import type { Kysely, Selectable } from 'kysely';

import { RESTORE_CODE_MAX_ATTEMPTS } from '../../../contract/auth.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { randomToken, safeEqual, sha256 } from '../../lib/crypto.ts';

/**
 * Requests answered by a code mailed to their address: sign-ups and password restores. Each row is found by a random
 * request token the browser holds (only its sha256 is stored) and carries the salted code, the attempts spent, whether
 * it was used, and its expiry; the rest of the row is the request's own.
 */
export type MailedCodeTable = 'restore_requests' | 'sign_up_requests';

/** The columns of the code, the same in every such table (taken from the schema: a table that drifts fails here). */
type MailedCodeColumns = Pick<
  Selectable<Database[MailedCodeTable]>,
  'id' | 'token_hash' | 'code_hash' | 'attempts' | 'used' | 'created_at' | 'expires_at'
>;

/** The tables seen through the columns they share, for the queries that touch nothing else. */
const codeView = (db: Db) => db.kysely as unknown as Kysely<Record<MailedCodeTable, MailedCodeColumns>>;

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

/** The request's row while a code can still be checked against it (see isOpen), else null. */
async function openRow(
  db: Db,
  table: MailedCodeTable,
  column: 'id' | 'token_hash',
  value: number | string,
  now: number,
): Promise<MailedCodeColumns | null> {
  const row = await codeView(db).selectFrom(table).selectAll().where(column, '=', value).executeTakeFirst();
  return row && isOpen(row, now) ? row : null;
}

/** The whole row: the view selects every column of the table, only its type names the shared ones. */
const wholeRow = <T extends MailedCodeTable>(row: MailedCodeColumns) =>
  row as unknown as Selectable<Database[T]>;

/** The open request of this token; null when there is none (unknown, spent, used or expired). */
export async function findOpenRequest<T extends MailedCodeTable>(
  db: Db,
  table: T,
  token: string,
  now: number,
): Promise<Selectable<Database[T]> | null> {
  const row = await openRow(db, table, 'token_hash', sha256(token), now);
  return row && wholeRow<T>(row);
}

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
  mayMatch: (row: Selectable<Database[T]>) => boolean,
): Promise<boolean> {
  // Widened: the view's builders accept any of the tables, not one picked by a type parameter.
  const name: MailedCodeTable = table;
  const row = await openRow(db, name, 'id', requestId, now);
  if (!row) return false;
  const salt = row.code_hash.split(':')[0] ?? '';
  const ok = mayMatch(wholeRow<T>(row)) && safeEqual(hashCode(salt, code), row.code_hash);
  // Conditional update: two concurrent right guesses cannot both win, and attempts never pass the cap.
  const result = await codeView(db)
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
  const result = await codeView(db).deleteFrom(table).where('expires_at', '<=', iso(now)).executeTakeFirst();
  return Number(result.numDeletedRows);
}
