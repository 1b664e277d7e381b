import type { Db } from '../../db/database.ts';
import { consumeMailedCode, findOpenRequest, newMailedCode, pruneMailedCodes } from './mailed-code.ts';

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
  const { token, columns } = newMailedCode(mail.code, now, expiresAt);
  await db.kysely
    .insertInto('sign_up_requests')
    .values({
      ...columns,
      email: details.email.toLowerCase(),
      username: details.username,
      password_hash: details.passwordHash,
      referrer_id: details.referrerId,
      language: details.language,
      mailed: mail.mailed ? 1 : 0,
    })
    .execute();
  return token;
}

/** The open request of this token; null when there is none (unknown, spent, used or expired). */
export async function findSignUpRequest(db: Db, token: string, now: number): Promise<SignUpRequest | null> {
  const row = await findOpenRequest(db, 'sign_up_requests', token, now);
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    passwordHash: row.password_hash,
    referrerId: row.referrer_id,
    language: row.language,
  };
}

/** Checks a code against one request (see consumeMailedCode); a request no code was mailed for never matches. */
export const consumeSignUpCode = (db: Db, requestId: number, code: string, now: number): Promise<boolean> =>
  consumeMailedCode(db, 'sign_up_requests', requestId, code, now, (row) => row.mailed === 1);

/** Deletes every expired request (with the password hash it held); returns how many. */
export const pruneSignUpRequests = (db: Db, now: number): Promise<number> =>
  pruneMailedCodes(db, 'sign_up_requests', now);
