import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The admin settles a refund the server could not match (CardRefundSettlement):
 * - orders.hand_refunded (minor units) is money the admin recorded as sent back outside the card provider (a manual
 *   payment refunded by hand, the rest of a card refund); with card_refunded it never passes the order's amount;
 * - orders.settled_by / settled_at name the admin who last took lines back or closed the refund flag, and when.
 */
export const refundSettlementsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('orders')
      .addColumn('hand_refunded', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    // A plain user id, no foreign key: SQLite cannot drop a referencing column, and a deleted admin reads as none.
    await db.schema.alterTable('orders').addColumn('settled_by', 'integer').execute();
    await db.schema.alterTable('orders').addColumn('settled_at', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const column of ['settled_at', 'settled_by', 'hand_refunded']) {
      await db.schema.alterTable('orders').dropColumn(column).execute();
    }
  },
};
