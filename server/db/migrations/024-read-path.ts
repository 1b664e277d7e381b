import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

import type { DialectName } from '../database.ts';

/**
 * The read path's schema: counters for the in-memory caches, and an index that hands the library tree over in order.
 *
 * What each in-memory cache was built from, as a counter the database itself moves (server/db/cache-versions.ts):
 * triggers bump it in the same transaction as the change, whichever path made it (the API, the admin CLI, a restore,
 * a hand-typed UPDATE), so a cache that compares its counter with the table's can never miss one.
 *
 * - `store`: the catalogue (packages, items, lessons) and the settings its prices read. Every instance keeps the
 *   store in memory; the admin edits it rarely.
 * - `auth`: what a session resolves to (a deleted or re-pointed session, any change of a user row). Only SQLite keeps
 *   sessions in memory, where reading the counter costs microseconds; on PostgreSQL the session is read per request
 *   anyway (one round trip either way), so there are no `auth` triggers to serialise logins and profile edits on
 *   one row. A session's sliding expiry (its `last_seen_at`) moves no counter: the cache keeps that itself.
 *
 * `categories_tree_order`: the tree route reads a user's whole root in (position, id) order; with only
 * categories_tree (user_id, root_type, parent_id, position) every read sorted the rows in a temporary b-tree.
 */
const STORE_TABLES = ['packages', 'shop_items', 'lessons', 'settings'] as const;
const SQLITE_AUTH_TRIGGERS: Array<[string, string, string]> = [
  ['sessions_delete', 'DELETE', 'sessions'],
  ['sessions_repoint', 'UPDATE OF user_id, token_hash', 'sessions'],
  ['users_update', 'UPDATE', 'users'],
  ['users_delete', 'DELETE', 'users'],
];
const EVENTS = ['INSERT', 'UPDATE', 'DELETE'] as const;

const bump = (name: string) => `UPDATE cache_versions SET version = version + 1 WHERE name = '${name}'`;

/**
 * Triggers that move the 'store' counter on any change of `tables`, in the change's own transaction (on PostgreSQL
 * through bump_store_cache_version(), made by this migration). A later table the catalogue reads adds its own.
 */
export async function addStoreTriggers(db: Kysely<unknown>, dialect: DialectName, tables: readonly string[]) {
  for (const table of tables) {
    if (dialect === 'postgres') {
      await sql
        .raw(
          `CREATE TRIGGER cache_version_${table} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table} ` +
            'FOR EACH STATEMENT EXECUTE FUNCTION bump_store_cache_version()',
        )
        .execute(db);
      continue;
    }
    for (const event of EVENTS) {
      await sql
        .raw(
          `CREATE TRIGGER cache_version_${table}_${event.toLowerCase()} AFTER ${event} ON ${table} ` +
            `BEGIN ${bump('store')}; END`,
        )
        .execute(db);
    }
  }
}

export async function dropStoreTriggers(
  db: Kysely<unknown>,
  dialect: DialectName,
  tables: readonly string[],
) {
  for (const table of tables) {
    if (dialect === 'postgres') {
      await sql.raw(`DROP TRIGGER cache_version_${table} ON ${table}`).execute(db);
      continue;
    }
    for (const event of EVENTS)
      await sql.raw(`DROP TRIGGER cache_version_${table}_${event.toLowerCase()}`).execute(db);
  }
}

export function readPathMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('cache_versions')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('version', dialect === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull())
        .execute();
      await sql`INSERT INTO cache_versions (name, version) VALUES ('auth', 0), ('store', 0)`.execute(db);
      await db.schema
        .createIndex('categories_tree_order')
        .on('categories')
        .columns(['user_id', 'root_type', 'position', 'id'])
        .execute();
      if (dialect === 'postgres') {
        await sql
          .raw(
            'CREATE FUNCTION bump_store_cache_version() RETURNS trigger LANGUAGE plpgsql AS ' +
              `$$ BEGIN ${bump('store')}; RETURN NULL; END $$`,
          )
          .execute(db);
        await addStoreTriggers(db, dialect, STORE_TABLES);
        return;
      }
      await addStoreTriggers(db, dialect, STORE_TABLES);
      for (const [name, event, table] of SQLITE_AUTH_TRIGGERS) {
        await sql
          .raw(`CREATE TRIGGER cache_version_${name} AFTER ${event} ON ${table} BEGIN ${bump('auth')}; END`)
          .execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      await dropStoreTriggers(db, dialect, STORE_TABLES);
      if (dialect === 'postgres') {
        await sql.raw('DROP FUNCTION bump_store_cache_version()').execute(db);
      } else {
        for (const [name] of SQLITE_AUTH_TRIGGERS)
          await sql.raw(`DROP TRIGGER cache_version_${name}`).execute(db);
      }
      await db.schema.dropIndex('categories_tree_order').execute();
      await db.schema.dropTable('cache_versions').execute();
    },
  };
}
