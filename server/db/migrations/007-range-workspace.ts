import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The equity workspace per range (extra villains and dead cards): a nullable JSON text column (NULL = never saved),
 * so rows before it need no backfill. Plain ADD/DROP COLUMN runs the same on SQLite (3.35+) and PostgreSQL.
 */
export const rangeWorkspaceMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('categories').addColumn('workspace', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('categories').dropColumn('workspace').execute();
  },
};
