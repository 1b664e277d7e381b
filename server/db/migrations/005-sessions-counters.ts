import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Security state: sessions get `last_seen_at` so they expire 30 days after last use (sliding) and can be
 * pruned by index; `rate_counters` holds the counters every instance must share (password failures per account,
 * restore mails per address, writes per user). `reset_at` is ms since the epoch (bigint: it passes 2^31).
 */
export const sessionsCountersMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('sessions')
      .addColumn('last_seen_at', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await sql`UPDATE sessions SET last_seen_at = created_at`.execute(db);
    await db.schema.createIndex('sessions_last_seen').on('sessions').column('last_seen_at').execute();
    await db.schema
      .createTable('rate_counters')
      .addColumn('counter_key', 'text', (c) => c.primaryKey())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('reset_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rate_counters_reset').on('rate_counters').column('reset_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('rate_counters').execute();
    await db.schema.dropIndex('sessions_last_seen').execute();
    await db.schema.alterTable('sessions').dropColumn('last_seen_at').execute();
  },
};
