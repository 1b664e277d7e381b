import fs from 'node:fs';

import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { loadEnvFile } from './lib/env-file.ts';
import { checkPassword, ensureAdmin } from './modules/admin/accounts.ts';
import { findUserByEmail } from './modules/users/users.repository.ts';

const USAGE =
  'usage: npm run admin -- create --email <email> [--username <name>] [--password-file <file>]\n' +
  '  Without --password-file the password is asked for on the terminal (not shown while typed).';

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
}

/** Reads one line from the terminal without echoing it (raw mode), so the password is in no history or log. */
function askHidden(question: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    return Promise.reject(new ConfigError('No terminal to ask the password on: pass --password-file <file>'));
  }
  process.stdout.write(question);
  input.setRawMode(true);
  input.resume();
  input.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let typed = '';
    const done = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      process.stdout.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return done();
        if (char === '\u0003' || char === '\u0004') return done(new ConfigError('cancelled'));
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else if (char >= ' ') typed += char;
      }
    };
    input.on('data', onData);
  });
}

async function readPassword(args: string[]): Promise<string> {
  const file = option(args, 'password-file');
  if (file) {
    // The first line of the file: an operator's secret store or `printf` into a 0600 file, never the command line.
    const first = fs.readFileSync(file, 'utf8').split(/\r?\n/)[0] ?? '';
    return checkPassword(first);
  }
  const password = checkPassword(await askHidden('Password for the new admin: '));
  if ((await askHidden('Repeat the password: ')) !== password) throw new ConfigError('The passwords differ');
  return password;
}

/**
 * `npm run admin -- create --email x@y.z`: makes that user an admin with the password asked for on the terminal (or
 * read from --password-file), creating the account when it does not exist. Running it again changes nothing.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const email = option(args, 'email');
  if (args[0] !== 'create' || !email || args.includes('--password')) {
    console.error(
      args.includes('--password') ? `--password is not accepted (shell history): ${USAGE}` : USAGE,
    );
    process.exit(2);
  }
  loadEnvFile();
  const config = loadConfig();
  const db = openDatabase(config.databaseUrl, config.dataDir);
  try {
    await migrateToLatest(db);
    const exists = await findUserByEmail(db, email.trim());
    // An admin already changes nothing; any other account is given the password asked for here (ensureAdmin says why).
    const password = exists?.is_admin ? '' : await readPassword(args);
    const { outcome, username } = await ensureAdmin(db, {
      email,
      password,
      username: option(args, 'username'),
    });
    const messages = {
      created: `created admin ${email} (username ${username})`,
      promoted: `${email} (${username}) is now an admin with the password given; its sessions are signed out`,
      unchanged: `${email} is already an admin; nothing changed`,
    };
    console.log(messages[outcome]);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
