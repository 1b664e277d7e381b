import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

import { usernameKey } from '../../modules/users/usernames.ts';

/**
 * `users.username_key` (see usernameKey): one unique comparison key per name, so look-alike names are refused in both
 * orders and non-ASCII case is folded on SQLite as on PostgreSQL. Existing accounts get their key here; where two
 * older accounts already collide, the later one's key carries its id so both keep signing in, and neither name can be
 * imitated again.
 */
export const usernameKeyMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('users')
      .addColumn('username_key', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    const users = await sql<{
      id: number;
      username: string;
    }>`SELECT id, username FROM users ORDER BY id`.execute(db);
    const taken = new Set<string>();
    for (const { id, username } of users.rows) {
      let key = usernameKey(username);
      if (taken.has(key)) key = `${key}#${id}`;
      taken.add(key);
      await sql`UPDATE users SET username_key = ${key} WHERE id = ${id}`.execute(db);
    }
    await db.schema
      .createIndex('users_by_username_key')
      .on('users')
      .column('username_key')
      .unique()
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('users_by_username_key').execute();
    await db.schema.alterTable('users').dropColumn('username_key').execute();
  },
};
