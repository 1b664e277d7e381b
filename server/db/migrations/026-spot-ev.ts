import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * A range saved from a solved push/fold spot keeps each class's EV of playing and of folding (contract/spot-ev.ts),
 * which the trainer reads to price a wrong answer. A nullable JSON text column (NULL for every other range), so rows
 * before it need no backfill; plain ADD/DROP COLUMN runs the same on SQLite (3.35+) and PostgreSQL. A column of its
 * own rather than the note: the note is the player's text (and capped at 2,000 characters on the free plan, less
 * than the 338 values), and the server can check this JSON's shape on the way in.
 */
export const spotEvMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('categories').addColumn('spot_ev', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('categories').dropColumn('spot_ev').execute();
  },
};
