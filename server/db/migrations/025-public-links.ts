import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Public links (server/modules/public-links): a chart's owner publishes a read-only link that works without an
 * account. The id is 128 random bits in base64url, the link itself, so it is the primary key. A link shows its chart
 * live; deleting the chart (or the account) deletes its links, and revoking sets `revoked_at`, after which the link
 * answers like an unknown one. A revoked row is kept: a sign-up that began on the page before the revocation still
 * credits the owner as referrer.
 */
export const publicLinksMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('public_links')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema.createIndex('public_links_user').on('public_links').column('user_id').execute();
    await db.schema.createIndex('public_links_category').on('public_links').column('category_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('public_links').execute();
  },
};
