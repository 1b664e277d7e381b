import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The equity panel's hero/villain colours per range: a nullable JSON text column (NULL = never chosen), so rows
 * before it need no backfill. Plain ADD/DROP COLUMN runs the same on SQLite (3.35+) and PostgreSQL.
 */
export const rangeSidesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('categories').addColumn('sides', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('categories').dropColumn('sides').execute();
  },
};
