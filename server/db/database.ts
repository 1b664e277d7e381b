import fs from 'node:fs';
import path from 'node:path';

import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';

import type { Database } from './schema.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** The raw SQLite handle (null on PostgreSQL), for the few hot reads that skip the query builder; see fast.ts. */
  sqlite: SQLite.Database | null;
  close(): Promise<void>;
}

// PostgreSQL returns BIGINT (COUNT(*), SUM) as text to avoid precision loss; our counts and money fit in a double.
pg.types.setTypeParser(20, (value) => Number(value));

/**
 * Opens the database named by DATABASE_URL. SQLite uses WAL (readers never block the writer) with synchronous=FULL so
 * an acknowledged write survives a power cut, not just a process crash; foreign keys are enforced.
 */
export function openDatabase(url: string, dataDir: string): Db {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', sqlite: null, close: () => kysely.destroy() };
  }
  const file = url.slice('sqlite:'.length) || path.join(dataDir, 'rangeforge.sqlite');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, dialect: 'sqlite', sqlite, close: () => kysely.destroy() };
}
