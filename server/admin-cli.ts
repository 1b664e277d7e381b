import { randomBytes } from 'node:crypto';

import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { loadEnvFile } from './lib/env-file.ts';
import { hashPassword } from './modules/auth/passwords.ts';
import { findUserByEmail, insertUser, updateUser } from './modules/users/users.repository.ts';

const USAGE = 'usage: npm run admin -- create --email <email> [--password <password>] [--username <name>]';

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
}

/**
 * `npm run admin -- create --email x@y.z`: makes that user an admin, creating the account (with the given or a
 * generated password, printed once) when it does not exist. Running it again changes nothing.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const email = option(args, 'email')?.toLowerCase();
  if (args[0] !== 'create' || !email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    console.error(USAGE);
    process.exit(2);
  }
  loadEnvFile();
  const config = loadConfig();
  const db = openDatabase(config.databaseUrl, config.dataDir);
  try {
    await migrateToLatest(db);
    const existing = await findUserByEmail(db, email);
    if (existing) {
      if (existing.is_admin) {
        console.log(`${email} is already an admin; nothing changed`);
      } else {
        await updateUser(db, existing.id, { is_admin: 1, is_premium: 1 });
        console.log(`${email} (${existing.username}) is now an admin`);
      }
      return;
    }
    const password = option(args, 'password') ?? randomBytes(9).toString('base64url');
    if (password.length < 6 || password.length > 20)
      throw new Error('The password must be 6 to 20 characters');
    const username = option(args, 'username') ?? email.split('@')[0]?.slice(0, 20).padEnd(4, '0') ?? 'admin';
    const user = await insertUser(db, {
      username,
      email,
      passwordHash: await hashPassword(password),
      referrerId: null,
    });
    await updateUser(db, user.id, { is_admin: 1, is_premium: 1 });
    console.log(`created admin ${email} (username ${username})`);
    if (!option(args, 'password'))
      console.log(`password: ${password}  (shown once; change it in the profile)`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
