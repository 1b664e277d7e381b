import fs from 'node:fs';
import path from 'node:path';

import SQLite from 'better-sqlite3';
import { type Driver, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';

import type { Database } from './schema.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** The raw SQLite handle (null on PostgreSQL), for the few hot reads that skip the query builder; see fast.ts. */
  sqlite: SQLite.Database | null;
  /** Connections of the pool as they are now (SQLite: its one connection, never waited for across awaits). */
  poolStats(): PoolStats;
  close(): Promise<void>;
}

export interface PoolStats {
  max: number;
  inUse: number;
  idle: number;
  /** Queries waiting for a connection: a pool too small for the load, or connections held by slow queries. */
  waiting: number;
}

/** Connections of the PostgreSQL pool of each instance. */
const POSTGRES_POOL_MAX = 10;

// PostgreSQL returns BIGINT (COUNT(*), SUM) as text to avoid precision loss; our counts and money fit in a double.
pg.types.setTypeParser(20, (value) => Number(value));

/** Statements kept per connection: the queries the code writes, with room for lists of varying length. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * The handle as Kysely's SQLite driver sees it, with `prepare` cached by SQL text: the driver prepares every query it
 * runs, which cost as much as running a small one. Bounded (the oldest goes first), since `IN (...)` lists make a
 * text per length; a statement still busy iterating is never handed out again (a fresh one is prepared then).
 */
export function withStatementCache(handle: SQLite.Database): Pick<SQLite.Database, 'prepare' | 'close'> {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string) {
      const cached = statements.get(sql);
      if (cached && !cached.busy) return cached;
      const statement = handle.prepare(sql);
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      statements.set(sql, statement);
      return statement;
    },
    close() {
      statements.clear();
      return handle.close();
    },
  } as Pick<SQLite.Database, 'prepare' | 'close'>;
}

/**
 * After SQLITE_FULL or an I/O error SQLite has already rolled the transaction back itself; Kysely's ROLLBACK then
 * fails with "cannot rollback - no transaction is active" and that error replaces the real one. This dialect skips
 * the ROLLBACK when no transaction is open, so the caller sees (and logs, and maps to 503) the actual cause.
 */
class SqliteDialectKeepingCause extends SqliteDialect {
  constructor(private readonly handle: SQLite.Database) {
    super({ database: withStatementCache(handle) });
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.rollbackTransaction = async (...args) => {
      if (this.handle.inTransaction) await rollback(...args);
    };
    return driver;
  }
}

/**
 * Opens the database named by DATABASE_URL. SQLite uses WAL (readers never block the writer) with synchronous=FULL so
 * an acknowledged write survives a power cut, not just a process crash; foreign keys are enforced.
 */
export function openDatabase(url: string, dataDir: string): Db {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const pool = new pg.Pool({ connectionString: url, max: POSTGRES_POOL_MAX });
    // An idle pooled connection that the server ends (a restart, a failover, a dropped database) emits 'error' on
    // the pool; unhandled, that would kill the process. The pool discards that client and connects afresh on the
    // next query, so the loss is only worth a log line.
    pool.on('error', (error) => console.warn(`postgres: idle connection lost (${error.message})`));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const poolStats = () => ({
      max: POSTGRES_POOL_MAX,
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    });
    return { kysely, dialect: 'postgres', sqlite: null, poolStats, close: () => kysely.destroy() };
  }
  const file = url.slice('sqlite:'.length) || path.join(dataDir, 'rangeforge.sqlite');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialectKeepingCause(sqlite) });
  // better-sqlite3 runs each query synchronously: whenever JavaScript reads these figures the connection is free.
  const poolStats = () => ({ max: 1, inUse: 0, idle: 1, waiting: 0 });
  return { kysely, dialect: 'sqlite', sqlite, poolStats, close: () => kysely.destroy() };
}
