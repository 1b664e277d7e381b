import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Draft → published for store items, so nothing is sold that cannot be delivered. The store lists,
 * prices and sells published items only; an admin's new video course starts as a draft and is published only when
 * every lesson has its video. Rows already here stay published (the seed renders every lesson's video), except a
 * course that has no lesson or a lesson without video: it becomes a draft, still open to those who own it.
 */
export const coursePublishMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('shop_items')
      .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await sql`
      UPDATE shop_items SET published = 0
      WHERE type = 'video_course'
        AND (NOT EXISTS (SELECT 1 FROM lessons WHERE lessons.item_id = shop_items.id)
          OR EXISTS (SELECT 1 FROM lessons WHERE lessons.item_id = shop_items.id AND lessons.video_file IS NULL))
    `.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('shop_items').dropColumn('published').execute();
  },
};
