import path from 'node:path';

import { type Language, LANGUAGES } from '../../contract/languages.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { loadEnvFile } from '../lib/env-file.ts';
import { createMediaStorage } from '../lib/media-storage.ts';
import { backup, restore } from './backup.ts';
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { seedDatabase, type SeedOptions } from './seed.ts';

/**
 * Seed-time accounts from the environment. ADMIN_EMAIL + ADMIN_PASSWORD (optional ADMIN_USERNAME) create the first
 * admin; outside production a demo player is seeded (SEED_DEMO=0 skips it) with a random password printed once, or
 * DEMO_PASSWORD when the caller needs to know it (the browser suite); DEMO_LANGUAGE sets its language, in which its
 * sample charts are written.
 */
export function seedOptions(env: NodeJS.ProcessEnv, production: boolean): SeedOptions {
  const options: SeedOptions = {};
  if (env.ADMIN_EMAIL || env.ADMIN_PASSWORD) {
    if (!env.ADMIN_EMAIL || !env.ADMIN_PASSWORD)
      throw new ConfigError('Set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither');
    options.admin = {
      email: env.ADMIN_EMAIL,
      password: env.ADMIN_PASSWORD,
      username: env.ADMIN_USERNAME || undefined,
    };
  }
  if (!production && env.SEED_DEMO !== '0') {
    const language = env.DEMO_LANGUAGE || undefined;
    if (language !== undefined && !(LANGUAGES as readonly string[]).includes(language))
      throw new ConfigError(`DEMO_LANGUAGE must be one of ${LANGUAGES.join(', ')}, got "${language}"`);
    options.demo = { password: env.DEMO_PASSWORD || undefined, language: language as Language | undefined };
  }
  return options;
}

const USAGE = [
  'usage: node build/server/server/db/cli.js check|migrate|seed',
  '       node build/server/server/db/cli.js backup [--out <new folder>]',
  '       node build/server/server/db/cli.js restore --from <backup folder> [--force]',
].join('\n');

/** The value after `--name`, or undefined. */
function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
}

/**
 * `node build/server/server/db/cli.js check|migrate|seed|backup|restore`: migrate and seed are idempotent (a second
 * run reports that nothing changed); check only validates the configuration, so `npm start` can refuse a bad one
 * before building on it; backup and restore are server/db/backup.ts.
 */
async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  if (!['check', 'migrate', 'seed', 'backup', 'restore'].includes(command ?? '')) {
    console.error(USAGE);
    process.exit(2);
  }
  loadEnvFile();
  const config = loadConfig();
  if (command === 'check') return;
  const log = (line: string) => console.log(`${command}: ${line}`);
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const out = path.resolve(
      option(args, '--out') ?? path.join(config.dataDir, 'backups', `rangeforge-${stamp}`),
    );
    await backup(config, out, log);
    log(`written to ${out}`);
    return;
  }
  if (command === 'restore') {
    const from = option(args, '--from');
    if (!from) {
      console.error(USAGE);
      process.exit(2);
    }
    await restore(config, path.resolve(from), args.includes('--force'), log);
    log('done; run `npm run db:migrate` if this build knows newer migrations than the backup');
    return;
  }
  const options = command === 'seed' ? seedOptions(process.env, config.production) : {};
  const db = openDatabase(config.databaseUrl, config.dataDir);
  try {
    const { results = [] } = await migrateToLatest(db);
    if (results.length === 0) console.log(`migrate: ${db.dialect} schema is up to date`);
    for (const result of results) console.log(`migrate: ${result.migrationName} ${result.status}`);
    if (command === 'seed') {
      const storage = createMediaStorage(config.media);
      const report = await seedDatabase(db, { ...options, mediaDir: config.mediaDir, storage });
      console.log(
        report.length === 0
          ? 'seed: nothing to do, data already present'
          : report.map((line) => `seed: ${line}`).join('\n'),
      );
    }
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  // A configuration mistake is one line for the operator; anything else keeps its stack for the developer.
  console.error(error instanceof ConfigError ? `RangeForge cannot start: ${error.message}` : error);
  process.exit(1);
});
