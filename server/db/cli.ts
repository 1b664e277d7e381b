import { loadConfig } from '../config.ts';
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { seedDatabase } from './seed.ts';

/** `tsx server/db/cli.ts migrate|seed`: idempotent; a second run reports that nothing changed. */
async function main(): Promise<void> {
  const command = process.argv[2];
  if (command !== 'migrate' && command !== 'seed') {
    console.error('usage: tsx server/db/cli.ts migrate|seed');
    process.exit(2);
  }
  const config = loadConfig();
  const db = openDatabase(config.databaseUrl, config.dataDir);
  try {
    const { results = [] } = await migrateToLatest(db);
    if (results.length === 0) console.log(`migrate: ${db.dialect} schema is up to date`);
    for (const result of results) console.log(`migrate: ${result.migrationName} ${result.status}`);
    if (command === 'seed') {
      const report = await seedDatabase(db, { mediaDir: config.mediaDir });
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
  console.error(error);
  process.exit(1);
});
