import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

import SQLite from 'better-sqlite3';
import pg from 'pg';

const run = promisify(execFile);

/** The SQLite file DATABASE_URL names (as openDatabase reads it). */
export function sqliteFile(url: string, dataDir: string): string {
  const file = url.slice('sqlite:'.length) || path.join(dataDir, 'rangeforge.sqlite');
  if (file === ':memory:') throw new Error('an in-memory SQLite database cannot be backed up or restored');
  return path.resolve(file);
}

/**
 * A PostgreSQL URL without its password, and the password apart: pg_dump and pg_restore get it in PGPASSWORD, so it
 * never shows in the process list.
 */
function postgresTarget(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/**
 * SQLite's online backup API (better-sqlite3): a copy of one moment of the database while the server keeps writing.
 * After the first step the rest is copied in a single step, inside one read transaction: with WAL a reader never
 * blocks the writers, and a write from another connection between small steps would restart the copy (a busy
 * server could keep it from ever finishing).
 */
export async function backupSqlite(file: string, target: string): Promise<void> {
  if (!fs.existsSync(file)) throw new Error(`no SQLite database at ${file}`);
  const source = new SQLite(file, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(target, { progress: ({ remainingPages }) => Math.max(remainingPages, 1) });
  } finally {
    source.close();
  }
}

/**
 * PostgreSQL: `pg_dump` in its custom format (compressed; pg_restore reads it), one consistent snapshot. Returns the
 * migrations applied (read just before: only `db:migrate` changes them).
 */
export async function backupPostgres(url: string, target: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const migrations = await client
    .query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name')
    .finally(() => client.end());
  const { dbname, env } = postgresTarget(url);
  await run(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-privileges', `--file=${target}`, `--dbname=${dbname}`],
    {
      env,
      maxBuffer: 16 * 1024 * 1024,
    },
  ).catch((error: NodeJS.ErrnoException & { stderr?: string }) => {
    if (error.code === 'ENOENT')
      throw new Error('pg_dump is not installed (Debian: apt-get install postgresql-client)');
    throw new Error(`pg_dump failed: ${error.stderr?.trim() || error.message}`);
  });
  return migrations.rows.map((row) => row.name);
}

/** What the checks of a restored database found. */
export interface RestoreCheck {
  /** `ok`, or SQLite's integrity_check findings. */
  integrity: string;
  /** Rows whose foreign key names a missing row (SQLite's foreign_key_check); PostgreSQL validated every one. */
  foreignKeyViolations: number;
  /** Applied migrations in the restored database. */
  migrations: string[];
}

/** SQLite's own checks of a database file: integrity_check and foreign_key_check, and its applied migrations. */
export function checkSqlite(file: string): RestoreCheck {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = (db.pragma('integrity_check') as { integrity_check: string }[])
      .map((row) => row.integrity_check)
      .join('; ');
    const foreignKeyViolations = (db.pragma('foreign_key_check') as unknown[]).length;
    const migrations = (
      db.prepare('SELECT name FROM kysely_migration ORDER BY name').all() as { name: string }[]
    ).map((row) => row.name);
    return { integrity, foreignKeyViolations, migrations };
  } finally {
    db.close();
  }
}

/**
 * Restores a SQLite backup as the database file: the copy is checked first (integrity, foreign keys) beside the
 * target and only then renamed into place, so a bad backup never replaces anything. An existing database is kept
 * as `<file>.before-restore-<time>` (with `replace`), else the restore is refused.
 */
export async function restoreSqlite(backup: string, file: string, replace: boolean): Promise<RestoreCheck> {
  const exists = fs.existsSync(file);
  if (exists && !replace) {
    throw new Error(
      `${file} exists: stop the server and pass --force to replace it (it is kept aside), or restore elsewhere`,
    );
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const landing = `${file}.restoring`;
  fs.copyFileSync(backup, landing);
  const check = checkSqlite(landing);
  if (check.integrity !== 'ok' || check.foreignKeyViolations > 0) {
    fs.rmSync(landing, { force: true });
    throw new Error(
      `the backup fails its checks (integrity: ${check.integrity}, foreign keys: ${check.foreignKeyViolations})`,
    );
  }
  if (exists) fs.renameSync(file, `${file}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  // The old file's WAL and shared-memory index belong to it; left beside the new file they would be replayed into it.
  for (const suffix of ['-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
  fs.renameSync(landing, file);
  return check;
}

/**
 * Restores a pg_dump archive into the database of `url` in one transaction (all or nothing), stopping at the first
 * error. pg_restore adds the foreign keys after the data, and PostgreSQL validates every row as it does, so a
 * restore that succeeds has them all. The target must hold no tables unless `replace` (then they are dropped first).
 */
export async function restorePostgres(backup: string, url: string, replace: boolean): Promise<RestoreCheck> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(
      "SELECT COUNT(*) AS count FROM information_schema.tables WHERE table_schema = 'public'",
    );
    if (Number(rows[0]?.count) > 0 && !replace) {
      throw new Error(
        'the target database is not empty: restore into a fresh database, or pass --force to replace it',
      );
    }
    const { dbname, env } = postgresTarget(url);
    const clean = replace ? ['--clean', '--if-exists'] : [];
    await run(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        ...clean,
        `--dbname=${dbname}`,
        backup,
      ],
      { env, maxBuffer: 16 * 1024 * 1024 },
    ).catch((error: NodeJS.ErrnoException & { stderr?: string }) => {
      if (error.code === 'ENOENT')
        throw new Error('pg_restore is not installed (Debian: apt-get install postgresql-client)');
      throw new Error(`pg_restore failed: ${error.stderr?.trim() || error.message}`);
    });
    const invalid = await client.query<{ count: string }>(
      "SELECT COUNT(*) AS count FROM pg_constraint WHERE contype = 'f' AND NOT convalidated",
    );
    const migrations = await client.query<{ name: string }>(
      'SELECT name FROM kysely_migration ORDER BY name',
    );
    return {
      integrity: 'ok',
      foreignKeyViolations: Number(invalid.rows[0]?.count ?? 0),
      migrations: migrations.rows.map((row) => row.name),
    };
  } finally {
    await client.end();
  }
}
