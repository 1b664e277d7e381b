import { RESTORE_CODE_MAX_ATTEMPTS } from '../../../contract/auth.ts';
import type { Db } from '../../db/database.ts';
import type { SignUpRequestsTable } from '../../db/schema.ts';
import { randomToken, safeEqual, sha256 } from '../../lib/crypto.ts';

const hashCode = (salt: string, code: string) => `${salt}:${sha256(`${salt}:${code}`)}`;
const iso = (ms: number) => new Date(ms).toISOString();

/** What a sign-up asks for, kept until its code comes back. */
export interface SignUpDetails {
  email: string;
  username: string;
  passwordHash: string;
  referrerId: number | null;
  language: string;
}

/** An open request as the confirm step reads it. */
export interface SignUpRequest extends SignUpDetails {
  id: number;
}

/**
 * Stores a sign-up and returns its raw token (only its sha256 is kept). `mailed` false stores a request no code was
 * sent for (the address has an account, or a budget was used up), so that it answers a confirm like any other.
 */
export async function storeSignUpRequest(
  db: Db,
  details: SignUpDetails,
  mail: { mailed: boolean; code: string },
  now: number,
  expiresAt: number,
): Promise<string> {
  const token = randomToken();
  await db.kysely
    .insertInto('sign_up_requests')
    .values({
      token_hash: sha256(token),
      email: details.email.toLowerCase(),
      username: details.username,
      password_hash: details.passwordHash,
      referrer_id: details.referrerId,
      language: details.language,
      mailed: mail.mailed ? 1 : 0,
      code_hash: hashCode(randomToken(8), mail.code),
      attempts: 0,
      used: 0,
      created_at: iso(now),
      expires_at: iso(expiresAt),
    })
    .execute();
  return token;
}

const isOpen = (row: Pick<SignUpRequestsTable, 'used' | 'attempts' | 'expires_at'>, now: number) =>
  row.used === 0 && row.attempts < RESTORE_CODE_MAX_ATTEMPTS && row.expires_at > iso(now);

/** The open request of this token; null when there is none (unknown, spent, used or expired). */
export async function findSignUpRequest(db: Db, token: string, now: number): Promise<SignUpRequest | null> {
  const row = await db.kysely
    .selectFrom('sign_up_requests')
    .selectAll()
    .where('token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row || !isOpen(row, now)) return null;
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    passwordHash: row.password_hash,
    referrerId: row.referrer_id,
    language: row.language,
  };
}

/**
 * Checks a code against one request: counts the attempt, and on success marks the request used (single use). A
 * request no code was mailed for takes the attempt and fails.
 */
export async function consumeSignUpCode(
  db: Db,
  requestId: number,
  code: string,
  now: number,
): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('sign_up_requests')
    .selectAll()
    .where('id', '=', requestId)
    .executeTakeFirst();
  if (!row || !isOpen(row, now)) return false;
  const salt = row.code_hash.split(':')[0] ?? '';
  const ok = row.mailed === 1 && safeEqual(hashCode(salt, code), row.code_hash);
  // Conditional update: two concurrent right guesses cannot both win, and attempts never pass the cap.
  const result = await db.kysely
    .updateTable('sign_up_requests')
    .set(ok ? { used: 1, attempts: row.attempts + 1 } : { attempts: row.attempts + 1 })
    .where('id', '=', row.id)
    .where('used', '=', 0)
    .where('attempts', '=', row.attempts)
    .executeTakeFirst();
  return ok && Number(result.numUpdatedRows) === 1;
}

/** Deletes every expired request (with the password hash it held); returns how many. */
export async function pruneSignUpRequests(db: Db, now: number): Promise<number> {
  const result = await db.kysely
    .deleteFrom('sign_up_requests')
    .where('expires_at', '<=', iso(now))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
