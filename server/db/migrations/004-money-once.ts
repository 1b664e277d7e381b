import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Money is charged once, however often a buyer asks or a provider notifies:
 * - orders.scope_key names what an open card order buys; a partial unique index keeps one open card order per user
 *   and contents, so repeated cost calls reuse it instead of piling up payable orders;
 * - orders.sandbox marks test payments (never pay a referral, never settled by the public notification routes);
 * - orders.refund_amount (minor units) flags a settlement that charged for something already owned, for the admin's
 *   refund queue; refunded_at is set when the admin has refunded it;
 * - one purchase per user and item, and one Premium purchase per user, enforced by the database. Duplicates an older
 *   install already holds are removed first and their orders flagged for refund, so the index can be built.
 */
export const moneyOnceMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').addColumn('scope_key', 'text').execute();
    await db.schema
      .alterTable('orders')
      .addColumn('sandbox', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('orders')
      .addColumn('refund_amount', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('orders').addColumn('refunded_at', 'text').execute();
    await db.schema
      .createIndex('orders_one_open')
      .on('orders')
      .columns(['user_id', 'scope_key'])
      .unique()
      .where(sql.ref('status'), '=', 'pending')
      .execute();
    await db.schema.createIndex('orders_refunds').on('orders').columns(['refund_amount', 'id']).execute();

    // A later copy of a purchase the same user already holds: the earlier one stays, the later order owes a refund.
    const duplicate = (kind: 'item' | 'premium') =>
      kind === 'item'
        ? sql`p.item_id IS NOT NULL AND EXISTS (SELECT 1 FROM purchases q WHERE q.user_id = p.user_id AND q.item_id = p.item_id AND q.id < p.id)`
        : sql`p.kind = 'premium' AND EXISTS (SELECT 1 FROM purchases q WHERE q.user_id = p.user_id AND q.kind = 'premium' AND q.id < p.id)`;
    for (const kind of ['item', 'premium'] as const) {
      await sql`UPDATE orders SET refund_amount = refund_amount + (
          SELECT COALESCE(SUM(p.amount), 0) FROM purchases p WHERE p.order_id = orders.id AND ${duplicate(kind)}
        ) WHERE id IN (SELECT p.order_id FROM purchases p WHERE ${duplicate(kind)})`.execute(db);
      await sql`DELETE FROM purchases WHERE id IN (SELECT p.id FROM purchases p WHERE ${duplicate(kind)})`.execute(
        db,
      );
    }
    await db.schema
      .createIndex('purchases_user_item')
      .on('purchases')
      .columns(['user_id', 'item_id'])
      .unique()
      .execute();
    await db.schema
      .createIndex('purchases_user_premium')
      .on('purchases')
      .column('user_id')
      .unique()
      .where(sql.ref('kind'), '=', 'premium')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('purchases_user_premium').execute();
    await db.schema.dropIndex('purchases_user_item').execute();
    await db.schema.dropIndex('orders_refunds').execute();
    await db.schema.dropIndex('orders_one_open').execute();
    for (const column of ['refunded_at', 'refund_amount', 'sandbox', 'scope_key']) {
      await db.schema.alterTable('orders').dropColumn(column).execute();
    }
  },
};
