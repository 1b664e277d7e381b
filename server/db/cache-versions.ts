import type { Db } from './database.ts';
import { fastStatement } from './fast.ts';

/** The counters of migration 024: 'store' (the catalogue and its prices), 'auth' (sessions and users). */
export type CacheName = 'auth' | 'store';

/**
 * How stale another instance's change may look on PostgreSQL: each counter is read at most this often. The store is
 * all that reads it there (the admin's edit of an item shows everywhere within a second; what a purchase costs is
 * always priced from the tables, never from the cache).
 */
export const POSTGRES_VERSION_MAX_AGE_MS = 1000;

const VERSION_SQL = 'SELECT version FROM cache_versions WHERE name = ?';

/**
 * Reads the counters triggers move with every change of what a cache holds (migration 024), so a cache is valid
 * exactly while its counter is the table's.
 *
 * On SQLite a read is a prepared statement on the process's own connection (microseconds): every request reads it,
 * and a change made by anyone, this process, the admin CLI or another tool on the file, shows at once. On
 * PostgreSQL a read is a round trip, so a counter is read at most once per POSTGRES_VERSION_MAX_AGE_MS (concurrent
 * callers share the one read in flight); `expire` makes this instance's own change show at once.
 */
export class CacheVersions {
  private readonly known = new Map<CacheName, { version: number; readAt: number }>();
  private readonly inFlight = new Map<CacheName, Promise<number>>();
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly maxAgeMs = POSTGRES_VERSION_MAX_AGE_MS,
  ) {}

  /**
   * The counter now, read synchronously, or null where that is not possible: on PostgreSQL, and on SQLite while a
   * transaction is open on the connection (a read then sees its uncommitted rows, which must not be cached).
   */
  readNow(name: CacheName): number | null {
    if (!this.db.sqlite || this.db.sqlite.inTransaction) return null;
    const row = fastStatement(this.db, VERSION_SQL)?.get(name) as { version: number } | undefined;
    return row?.version ?? 0;
  }

  /**
   * The counter as this instance may rely on it: exact on SQLite, at most maxAgeMs old on PostgreSQL; null when
   * nothing may be cached now (readNow).
   */
  async read(name: CacheName): Promise<number | null> {
    if (this.db.sqlite) return this.readNow(name);
    const known = this.known.get(name);
    if (known && performance.now() - known.readAt < this.maxAgeMs) return known.version;
    let pending = this.inFlight.get(name);
    if (!pending) {
      const startedAt = performance.now();
      const generation = this.generation;
      pending = this.db.kysely
        .selectFrom('cache_versions')
        .select('version')
        .where('name', '=', name)
        .executeTakeFirst()
        .then((row) => {
          const version = Number(row?.version ?? 0);
          // Stamped with when the read started: a change committed while it ran is at most maxAgeMs away. A read
          // that began before an `expire` may predate that change: it answers its caller but is not kept.
          if (generation === this.generation) this.known.set(name, { version, readAt: startedAt });
          return version;
        })
        .finally(() => {
          if (this.inFlight.get(name) === pending) this.inFlight.delete(name);
        });
      this.inFlight.set(name, pending);
    }
    return pending;
  }

  /** Forget what was read, so the next `read` asks the database (this instance just changed what `name` covers). */
  expire(name: CacheName): void {
    this.generation += 1;
    this.known.delete(name);
    this.inFlight.delete(name);
  }
}
