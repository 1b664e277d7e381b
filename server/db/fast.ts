import type SQLite from 'better-sqlite3';
import { CompiledQuery } from 'kysely';

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

export interface PreparedRead<Row> {
  /** Every row: run at once on SQLite (before this returns), one round trip on PostgreSQL. */
  all(...params: unknown[]): Promise<Row[]>;
  /** The first row, or undefined. */
  first(...params: unknown[]): Promise<Row | undefined>;
}

const prepared = new WeakMap<Db, Map<string, PreparedRead<unknown>>>();

/**
 * A plain SELECT written once for both dialects (`?` placeholders) and prepared once per database: on SQLite the
 * cached statement above, run synchronously at the call (a caller may rely on reading in the same tick); on
 * PostgreSQL the same text with `$n` placeholders, sent as it is, without building and compiling a query per call.
 */
export function preparedRead<Row>(db: Db, sql: string): PreparedRead<Row> {
  let reads = prepared.get(db);
  if (!reads) {
    reads = new Map();
    prepared.set(db, reads);
  }
  let read = reads.get(sql) as PreparedRead<Row> | undefined;
  if (!read) {
    const statement = fastStatement(db, sql);
    if (statement) {
      const run = <T>(call: () => T) => {
        try {
          return Promise.resolve(call());
        } catch (error) {
          return Promise.reject(error as Error);
        }
      };
      read = {
        all: (...params) => run(() => statement.all(...params) as Row[]),
        first: (...params) => run(() => statement.get(...params) as Row | undefined),
      };
    } else {
      let index = 0;
      const text = sql.replace(/\?/g, () => `$${(index += 1)}`);
      const all = async (...params: unknown[]) =>
        (await db.kysely.executeQuery<Row>(CompiledQuery.raw(text, params))).rows;
      read = { all, first: async (...params) => (await all(...params))[0] };
    }
    reads.set(sql, read as PreparedRead<unknown>);
  }
  return read;
}
