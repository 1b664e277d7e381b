import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

import type { DialectName } from '../database.ts';
import { addStoreTriggers, dropStoreTriggers } from './024-read-path.ts';

/** The store's catalogue in memory holds these words too: a change to them moves its counter (migration 024). */
const TEXT_TABLES = ['package_texts', 'shop_item_texts', 'lesson_texts'] as const;

/**
 * The store's words in the other interface languages: a package's and an item's name and description, a lesson's
 * title, one row per language (ru-RU, zh-CN, es-ES). English stays in the rows themselves and is what any language
 * without a row of its own shows, so nothing already on sale loses its text. The admin edits all four; the seed
 * writes its packs' translations.
 */
export const storeTextsMigration = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('package_texts')
      .addColumn('package_id', 'integer', (c) => c.notNull().references('packages.id').onDelete('cascade'))
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('package_texts_pk', ['package_id', 'language'])
      .execute();
    await db.schema
      .createTable('shop_item_texts')
      .addColumn('item_id', 'integer', (c) => c.notNull().references('shop_items.id').onDelete('cascade'))
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('shop_item_texts_pk', ['item_id', 'language'])
      .execute();
    await db.schema
      .createTable('lesson_texts')
      .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('lesson_texts_pk', ['lesson_id', 'language'])
      .execute();
    await addStoreTriggers(db, dialect, TEXT_TABLES);
  },
  async down(db: Kysely<unknown>) {
    await dropStoreTriggers(db, dialect, TEXT_TABLES);
    await db.schema.dropTable('lesson_texts').execute();
    await db.schema.dropTable('shop_item_texts').execute();
    await db.schema.dropTable('package_texts').execute();
  },
});
