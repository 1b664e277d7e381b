import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { STATEMENT_CACHE_SIZE, withStatementCache } from './database.ts';

describe("Kysely's SQLite handle with cached statements", () => {
  const handle = new SQLite(':memory:');
  handle.exec('CREATE TABLE t (n INTEGER)');
  handle.exec('INSERT INTO t VALUES (1), (2), (3)');
  afterEach(() => vi.restoreAllMocks());

  it('prepares a text once and hands the same statement out again', () => {
    const prepare = vi.spyOn(handle, 'prepare');
    const cached = withStatementCache(handle);
    const first = cached.prepare('SELECT n FROM t ORDER BY n');
    expect(cached.prepare('SELECT n FROM t ORDER BY n')).toBe(first);
    expect(first.all()).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(prepare).toHaveBeenCalledTimes(1);
  });

  it('keeps a bounded number, the oldest going first', () => {
    const prepare = vi.spyOn(handle, 'prepare');
    const cached = withStatementCache(handle);
    for (let i = 0; i <= STATEMENT_CACHE_SIZE; i += 1) cached.prepare(`SELECT ${i} AS n`);
    expect(prepare).toHaveBeenCalledTimes(STATEMENT_CACHE_SIZE + 1);
    cached.prepare(`SELECT ${STATEMENT_CACHE_SIZE} AS n`);
    expect(prepare).toHaveBeenCalledTimes(STATEMENT_CACHE_SIZE + 1);
    cached.prepare('SELECT 0 AS n');
    expect(prepare).toHaveBeenCalledTimes(STATEMENT_CACHE_SIZE + 2);
  });

  it('never hands out a statement that is still iterating', () => {
    const cached = withStatementCache(handle);
    const sql = 'SELECT n FROM t ORDER BY n';
    const outer = cached.prepare(sql);
    const seen: number[] = [];
    for (const row of outer.iterate() as Iterable<{ n: number }>) {
      const inner = cached.prepare(sql);
      expect(inner).not.toBe(outer);
      seen.push(row.n, (inner.all() as Array<{ n: number }>).length);
    }
    expect(seen).toEqual([1, 3, 2, 3, 3, 3]);
  });
});
