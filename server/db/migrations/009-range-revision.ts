import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * A revision per range: every content save names the revision it was based on and bumps it, so
 * a save from a stale copy (an edit made offline while another session saved) is refused with 409 instead of
 * overwriting the newer chart. Existing rows start at 0; plain ADD/DROP COLUMN runs the same on SQLite and PostgreSQL.
 */
export const rangeRevisionMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('categories')
      .addColumn('revision', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('categories').dropColumn('revision').execute();
  },
};
