import { randomBytes } from 'node:crypto';

import {
  EMAIL_PATTERN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
} from '../../../contract/limits.ts';
import { ConfigError } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { deleteDeviceTokens } from '../auth/devices.repository.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { deleteOtherSessions } from '../auth/sessions.repository.ts';
import { findUserByEmail, findUserByUsername, insertUser, updateUser } from '../users/users.repository.ts';

/** A password nobody chose: for the demo player, printed once. */
export const randomPassword = (): string => randomBytes(12).toString('base64url').slice(0, 16);

export function checkEmail(email: string): string {
  const normalised = email.trim().toLowerCase();
  if (!new RegExp(EMAIL_PATTERN).test(normalised) || normalised.length > 254) {
    throw new ConfigError(`"${email}" is not an e-mail address`);
  }
  return normalised;
}

export function checkPassword(password: string): string {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    throw new ConfigError(`The password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`);
  }
  return password;
}

/** The local part of the e-mail, cut to the username limits, when no username is given. */
function usernameFor(email: string, wanted: string | undefined): string {
  const name = (wanted ?? email.split('@')[0] ?? '').trim();
  const cleaned = wanted ? name : name.replace(/[^\p{L}\p{N}_.-]/gu, '').slice(0, USERNAME_MAX);
  const padded = cleaned.padEnd(USERNAME_MIN, '0');
  if (padded.length > USERNAME_MAX)
    throw new ConfigError(`The username must be ${USERNAME_MIN} to ${USERNAME_MAX} characters`);
  return padded;
}

export type AdminOutcome = 'created' | 'promoted' | 'unchanged';

/**
 * Makes the account with this e-mail an admin (with Premium), creating it with the given password when missing.
 * An account that is not an admin yet takes the given password and loses its sessions: sign-up checks no mailbox,
 * so whoever registered the owner's address first (open sign-up on a fresh server) must not keep a way in. An
 * account that is an admin already is left alone, so a seed at every start never undoes an admin's own password.
 */
export async function ensureAdmin(
  db: Db,
  input: { email: string; password: string; username?: string },
): Promise<{ outcome: AdminOutcome; username: string }> {
  const email = checkEmail(input.email);
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (existing.is_admin) return { outcome: 'unchanged', username: existing.username };
    const passwordHash = await hashPassword(checkPassword(input.password));
    await updateUser(db, existing.id, { is_admin: 1, is_premium: 1, password_hash: passwordHash });
    await deleteOtherSessions(db, existing.id, null);
    await deleteDeviceTokens(db, existing.id);
    return { outcome: 'promoted', username: existing.username };
  }
  const password = checkPassword(input.password);
  const username = usernameFor(email, input.username);
  if (await findUserByUsername(db, username))
    throw new ConfigError(`The username "${username}" is taken: pass --username`);
  const user = await insertUser(db, {
    username,
    email,
    passwordHash: await hashPassword(password),
    referrerId: null,
  });
  await updateUser(db, user.id, { is_admin: 1, is_premium: 1 });
  return { outcome: 'created', username };
}

/**
 * Older versions seeded admin@rangeforge.app / admin1234 and demo@rangeforge.app / demo1234, published in the README.
 * An install that still has one of them with that password gets it replaced by a random one nobody knows (the owner
 * sets a new one through password recovery or `npm run admin`).
 */
const PUBLISHED = [
  { email: 'admin@rangeforge.app', password: ['admin', '1234'].join('') },
  { email: 'demo@rangeforge.app', password: ['demo', '1234'].join('') },
];

export async function lockPublishedPasswords(db: Db): Promise<string[]> {
  const locked: string[] = [];
  for (const account of PUBLISHED) {
    // Read without the live-account filter: the seed also runs on older schemas (no deleted_at yet), and a deleted
    // account's tombstone never carries one of these addresses.
    const user = await db.kysely
      .selectFrom('users')
      .select(['id', 'password_hash'])
      .where('email', '=', account.email)
      .executeTakeFirst();
    if (!user || !(await verifyPassword(user.password_hash, account.password))) continue;
    await updateUser(db, user.id, { password_hash: await hashPassword(randomBytes(32).toString('hex')) });
    // Whoever signed in with the published password is signed out too.
    await db.kysely.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    await deleteDeviceTokens(db, user.id);
    locked.push(account.email);
  }
  return locked;
}
