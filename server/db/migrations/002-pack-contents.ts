import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Moves strategy-pack charts out of shop_items into their own table. The charts are large JSON; stored inline they
 * spilled the rows onto overflow pages, so every store listing read them just to reach the columns after them.
 * Also indexes the store's foreign keys.
 */
export const packContentsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('shop_item_contents')
      .addColumn('item_id', 'integer', (c) => c.primaryKey().references('shop_items.id').onDelete('cascade'))
      .addColumn('content', 'text', (c) => c.notNull())
      .execute();
    await sql`INSERT INTO shop_item_contents (item_id, content) SELECT id, content FROM shop_items`.execute(
      db,
    );
    await db.schema.alterTable('shop_items').dropColumn('content').execute();
    await db.schema
      .createIndex('shop_items_package')
      .on('shop_items')
      .columns(['package_id', 'position'])
      .execute();
    await db.schema.createIndex('lessons_item').on('lessons').columns(['item_id', 'position']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('lessons_item').execute();
    await db.schema.dropIndex('shop_items_package').execute();
    await db.schema
      .alterTable('shop_items')
      .addColumn('content', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await sql`UPDATE shop_items SET content = (SELECT content FROM shop_item_contents WHERE item_id = shop_items.id) WHERE id IN (SELECT item_id FROM shop_item_contents)`.execute(
      db,
    );
    await db.schema.dropTable('shop_item_contents').execute();
  },
};
