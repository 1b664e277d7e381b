import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * - categories_parent: a category's children by parent_id. The tree index leads with user_id, so every deleted
 *   category's ON DELETE CASCADE (and the foreign-key check of every insert) searched the whole table for children:
 *   deleting a folder of 2,500 charts read the table 2,500 times.
 * - shares_category: the shares of a category, which its delete cascades to, likewise.
 * - Store prices that are not a finite amount (saved as "-Infinity" before the schema refused non-finite numbers)
 *   become 0 and the item a draft, so the store never prices with them and the admin sees it to set a real price.
 */
export const cheapSubtreesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('categories_parent').on('categories').column('parent_id').execute();
    await db.schema.createIndex('shares_category').on('shares').column('category_id').execute();
    const broken = sql`NOT (price_usd >= 0 AND price_usd <= 100000000 AND price_rub >= 0 AND price_rub <= 1000000000)`;
    await sql`UPDATE shop_items SET price_usd = 0, price_rub = 0, published = 0 WHERE ${broken}`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('shares_category').execute();
    await db.schema.dropIndex('categories_parent').execute();
  },
};
