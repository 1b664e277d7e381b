import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Money the card provider sent back (its Refund and Cancel notifications) takes back what it paid for:
 * - card_refunds: one row per provider refund (the key names its transaction), so a replayed notification finds its
 *   row and takes back nothing a second time;
 * - orders.card_refunded (minor units) is what the provider has refunded on the order, never more than its amount;
 *   orders.refund_review flags a partial refund that matches no line of the order, for the admin to decide;
 * - purchases.refunded_at marks a purchase taken back (it stays in the buyer's list, shown as refunded), and
 *   purchases.category_id names the ready-made folder a strategy pack's purchase copied into the buyer's tree;
 * - referral_payments.reversed_amount is the part of a commission cancelled by refunds;
 * - the one-purchase-per-item and one-Premium-per-user indexes count live purchases only, so a refunded item or
 *   Premium can be bought again.
 */
/**
 * The one-purchase-per-item and one-Premium-per-user indexes, over live purchases (this migration) or over all of
 * them (as migration 004 made them).
 */
async function purchaseIndexes(db: Kysely<unknown>, over: 'live' | 'all'): Promise<void> {
  const live = sql.ref('refunded_at');
  await db.schema.dropIndex('purchases_user_item').execute();
  await db.schema.dropIndex('purchases_user_premium').execute();
  const item = db.schema
    .createIndex('purchases_user_item')
    .on('purchases')
    .columns(['user_id', 'item_id'])
    .unique();
  await (over === 'live' ? item.where(live, 'is', null) : item).execute();
  await db.schema
    .createIndex('purchases_user_premium')
    .on('purchases')
    .column('user_id')
    .unique()
    .where((eb) =>
      over === 'live'
        ? eb.and([eb(sql.ref('kind'), '=', 'premium'), eb(live, 'is', null)])
        : eb(sql.ref('kind'), '=', 'premium'),
    )
    .execute();
}

export const cardRefundsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('card_refunds')
      .addColumn('transaction_key', 'text', (c) => c.primaryKey())
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    const zero = (table: string, column: string) =>
      db.schema
        .alterTable(table)
        .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    await zero('orders', 'card_refunded');
    await zero('orders', 'refund_review');
    await zero('referral_payments', 'reversed_amount');
    await db.schema.alterTable('purchases').addColumn('refunded_at', 'text').execute();
    await db.schema.alterTable('purchases').addColumn('category_id', 'integer').execute();

    await purchaseIndexes(db, 'live');
  },
  async down(db: Kysely<unknown>) {
    // Refunded purchases would break the full indexes: they go with the columns that mark them.
    await sql`DELETE FROM purchases WHERE refunded_at IS NOT NULL`.execute(db);
    await purchaseIndexes(db, 'all');
    const columns: Array<[string, string]> = [
      ['purchases', 'category_id'],
      ['purchases', 'refunded_at'],
      ['referral_payments', 'reversed_amount'],
      ['orders', 'refund_review'],
      ['orders', 'card_refunded'],
    ];
    for (const [table, column] of columns) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
    await db.schema.dropTable('card_refunds').execute();
  },
};
