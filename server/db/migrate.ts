import { type Migration, type MigrationProvider, type MigrationResultSet, Migrator } from 'kysely';

import type { Db } from './database.ts';
import { initialMigration } from './migrations/001-initial.ts';

/** Versioned migrations in code (no file-system scan, so they bundle and run the same under tsx and vitest). */
function provider(db: Db): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return { '001-initial': initialMigration(db.dialect) };
    },
  };
}

export function migrator(db: Db): Migrator {
  return new Migrator({ db: db.kysely, provider: provider(db) });
}

export async function migrateToLatest(db: Db): Promise<MigrationResultSet> {
  const result = await migrator(db).migrateToLatest();
  if (result.error) throw result.error;
  return result;
}

/** Number of applied migrations: the schema version reported by /api/v1/health. */
export async function schemaVersion(db: Db): Promise<number> {
  const migrations = await migrator(db).getMigrations();
  return migrations.filter((migration) => migration.executedAt !== undefined).length;
}
