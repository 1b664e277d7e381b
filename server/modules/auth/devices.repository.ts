import { DEVICE_TOKEN_TTL_MS } from '../../../contract/auth.ts';
import type { Db } from '../../db/database.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { lockOwner } from '../categories/categories.repository.ts';

// Why device tokens (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): a lock per account after 5 wrong
// passwords lets anyone who knows a username (public: shares, user search) keep its owner out with 5 requests per
// lock. So a successful sign-in (or sign-up, or restore) gives the browser a random device token bound to the
// account; the SPA keeps it in localStorage past sign-out and sends it with the next sign-in. A sign-in with a live
// token of that very account is a trusted client: its failures count against that token alone (AttemptGuard key
// `password:device:<id>`), so the owner's browser is never locked by a stranger. Every other sign-in (no token, a
// forged, expired or revoked one, or another account's) shares the account's untrusted counter, which locks as
// before. A stolen token buys 5 guesses per lock, like one more browser; a password change revokes them all.

/** Device tokens an account keeps at most; a sign-in from a further browser retires the oldest one. */
export const MAX_DEVICE_TOKENS_PER_USER = 20;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Issues a device token for the user and returns it raw (only its sha256 is kept). `replaceId`, the token the browser
 * signed in with, is retired in the same step, as are the user's expired tokens and those past the newest
 * MAX_DEVICE_TOKENS_PER_USER: a copied old token trusts nothing once its browser signed in again. Under the account's
 * row lock, like a new session: none is issued to an account deleted meanwhile (401).
 */
export async function issueDeviceToken(
  db: Db,
  userId: number,
  now: number,
  replaceId: number | null = null,
): Promise<string> {
  const token = randomToken();
  await db.kysely.transaction().execute(async (trx) => {
    await lockOwner(trx, db.dialect, userId);
    if (replaceId !== null) await trx.deleteFrom('device_tokens').where('id', '=', replaceId).execute();
    await trx
      .insertInto('device_tokens')
      .values({
        user_id: userId,
        token_hash: sha256(token),
        created_at: iso(now),
        expires_at: iso(now + DEVICE_TOKEN_TTL_MS),
      })
      .execute();
    // Ids grow with issue, so the newest are the highest: one statement, the same on SQLite and PostgreSQL.
    const newest = trx
      .selectFrom('device_tokens')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(MAX_DEVICE_TOKENS_PER_USER);
    await trx
      .deleteFrom('device_tokens')
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('expires_at', '<=', iso(now)), eb('id', 'not in', newest)]))
      .execute();
  });
  return token;
}

/**
 * The id of the live device token, among `tokens`, that was issued for this user; null when none is (no token, a
 * forged or expired one, or one issued for another account).
 */
export async function findDeviceToken(
  db: Db,
  userId: number,
  tokens: readonly string[],
  now: number,
): Promise<number | null> {
  if (tokens.length === 0) return null;
  const row = await db.kysely
    .selectFrom('device_tokens')
    .select('id')
    .where('user_id', '=', userId)
    .where('token_hash', 'in', tokens.map(sha256))
    .where('expires_at', '>', iso(now))
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Revokes every device token of the user (a password change: whoever knew the old password is a stranger now). */
export async function deleteDeviceTokens(db: Db, userId: number): Promise<void> {
  await db.kysely.deleteFrom('device_tokens').where('user_id', '=', userId).execute();
}

/** Deletes every expired device token; returns how many. */
export async function pruneDeviceTokens(db: Db, now: number): Promise<number> {
  const result = await db.kysely
    .deleteFrom('device_tokens')
    .where('expires_at', '<=', iso(now))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
