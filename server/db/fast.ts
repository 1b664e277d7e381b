import type SQLite from 'better-sqlite3';

import type { Db } from './database.ts';

const cache = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();

/**
 * A cached prepared statement on the raw SQLite handle, or null on PostgreSQL.
 *
 * Why: Kysely's SQLite driver serialises every query through an async mutex and compiles the query each time; on
 * the hottest reads (session lookup on every request, tree, range, shop) that costs more than the query itself.
 * better-sqlite3 statements are synchronous and run in microseconds. Only plain SELECTs use this path; every write
 * goes through Kysely (and its transactions), so both dialects keep one write path.
 */
export function fastStatement(db: Db, sql: string): SQLite.Statement | null {
  if (!db.sqlite) return null;
  let statements = cache.get(db.sqlite);
  if (!statements) {
    statements = new Map();
    cache.set(db.sqlite, statements);
  }
  let statement = statements.get(sql);
  if (!statement) {
    statement = db.sqlite.prepare(sql);
    statements.set(sql, statement);
  }
  return statement;
}
