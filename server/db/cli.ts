import { ConfigError, loadConfig } from '../config.ts';
import { loadEnvFile } from '../lib/env-file.ts';
import { createMediaStorage } from '../lib/media-storage.ts';
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { seedDatabase, type SeedOptions } from './seed.ts';

/**
 * Seed-time accounts from the environment. ADMIN_EMAIL + ADMIN_PASSWORD (optional ADMIN_USERNAME) create the first
 * admin; outside production a demo player is seeded (SEED_DEMO=0 skips it) with a random password printed once, or
 * DEMO_PASSWORD when the caller needs to know it (the browser suite).
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
  if (!production && env.SEED_DEMO !== '0') options.demo = { password: env.DEMO_PASSWORD || undefined };
  return options;
}

/**
 * `node build/server/server/db/cli.js check|migrate|seed`: migrate and seed are idempotent (a second run reports that
 * nothing changed); check only validates the configuration, so `npm start` can refuse a bad one before building on it.
 */
async function main(): Promise<void> {
  const command = process.argv[2];
  if (command !== 'check' && command !== 'migrate' && command !== 'seed') {
    console.error('usage: node build/server/server/db/cli.js check|migrate|seed');
    process.exit(2);
  }
  loadEnvFile();
  const config = loadConfig();
  if (command === 'check') return;
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
