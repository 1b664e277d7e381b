import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * What each line of an order cost when it was priced (minor units, JSON `{ "premium": n, "items": { "id": n } }`):
 * a manual payment waits for an admin and a card order stays payable for a day, and an admin may change a price
 * meanwhile; the settlement records purchases, refunds and the referrer's percent from these, never from today's
 * prices. Orders made before this migration hold NULL and are settled as before (today's prices).
 * Plain ADD/DROP COLUMN runs the same on SQLite and PostgreSQL.
 */
export const orderPricesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').addColumn('line_prices', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').dropColumn('line_prices').execute();
  },
};
