import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Accounts their owners deleted (server/modules/account/account-deletion.ts). The row stays as a tombstone because
 * orders, purchases and referral payouts are kept for the books and point at it; `deleted_at` marks it, and every
 * lookup of a live account (sign-in, sessions, search, shares, signed links) leaves such rows out. Nothing else
 * changes: a tombstone's personal columns are overwritten by the deletion itself.
 */
export const accountDeletionMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('deleted_at', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('users').dropColumn('deleted_at').execute();
  },
};
