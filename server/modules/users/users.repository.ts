import { sql } from 'kysely';

import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { randomToken } from '../../lib/crypto.ts';
import { nowIso } from '../../lib/time.ts';
import { usernameKey } from './usernames.ts';

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Live accounts only: a deleted account's tombstone (migration 021) holds values no sign-up can produce, and is left
 * out here as well, so no sign-in, restore, referral link or name check can ever reach one.
 */
const liveUsers = (db: Db) => db.kysely.selectFrom('users').selectAll().where('deleted_at', 'is', null);

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return liveUsers(db).where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return liveUsers(db).where('username_key', '=', usernameKey(username)).executeTakeFirst();
}

export async function findUserByReferralToken(db: Db, token: string): Promise<UserRow | undefined> {
  return liveUsers(db).where('referral_token', '=', token).executeTakeFirst();
}

export async function insertUser(
  db: Db,
  values: {
    username: string;
    email: string;
    passwordHash: string;
    referrerId: number | null;
    language?: string;
  },
): Promise<UserRow> {
  return db.kysely
    .insertInto('users')
    .values({
      username: values.username,
      username_key: usernameKey(values.username),
      email: values.email.toLowerCase(),
      password_hash: values.passwordHash,
      language: values.language ?? 'en-US',
      avatar: '',
      is_premium: 0,
      is_admin: 0,
      referral_token: randomToken(12),
      referrer_id: values.referrerId,
      created_at: nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Saves profile fields of a live account; false when the account was deleted meanwhile (a rename or an avatar that
 * raced the deletion must not write personal data back onto its tombstone).
 */
export async function updateUser(
  db: Db,
  id: number,
  values: Partial<
    Pick<UserRow, 'username' | 'password_hash' | 'language' | 'avatar' | 'is_premium' | 'is_admin'>
  >,
): Promise<boolean> {
  const key = values.username === undefined ? {} : { username_key: usernameKey(values.username) };
  const result = await db.kysely
    .updateTable('users')
    .set({ ...values, ...key })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Prefix search on usernames only (never e-mails), for the share dialog. Excludes the caller. */
export async function searchUsers(db: Db, query: string, excludeId: number, limit = 10): Promise<UserRow[]> {
  const needle = usernameKey(query).replace(/[\\%_]/g, (char) => `\\${char}`);
  return db.kysely
    .selectFrom('users')
    .selectAll()
    .where('id', '!=', excludeId)
    .where('deleted_at', 'is', null)
    .where('username_key', 'like', sql<string>`${`${needle}%`} escape '\\'`)
    .orderBy('username')
    .limit(limit)
    .execute();
}
