import type { CacheVersions } from '../../db/cache-versions.ts';
import type { UserRow } from '../../db/schema.ts';

/** Sessions kept in memory; past this the oldest entry goes (a token not used for a while is read again). */
export const SESSION_CACHE_SIZE = 10_000;

export interface CachedSession {
  /** Every request of the session shares it: frozen by the lookup, nothing changes it in place. */
  user: UserRow;
  sessionId: number;
  /** The session's `last_seen_at` as this process last read or wrote it, in milliseconds. */
  seenAt: number;
  /** The 'auth' counter the entry was read under: valid while the table still holds it. */
  version: number;
}

/**
 * What a session token (by its hash) resolved to, so a request of a known session costs a counter read instead of
 * the session and user lookup (about a tenth of it on SQLite). Entries are valid while the 'auth' counter is the one
 * they were read under: a logout, a revoked or expired session, any change of a user row (premium, language, name,
 * deletion) moves it, through triggers, whoever made the change. Failed lookups are never kept, so random tokens
 * cannot fill it.
 */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  private version: number | null = null;

  constructor(
    private readonly versions: CacheVersions,
    private readonly size = SESSION_CACHE_SIZE,
  ) {}

  /** The 'auth' counter now, or null when nothing may be read from or put in the cache (see CacheVersions.readNow). */
  current(): number | null {
    const version = this.versions.readNow('auth');
    // Every entry of an older counter is dead: let them go at once rather than one by one.
    if (version !== null && version !== this.version) {
      this.entries.clear();
      this.version = version;
    }
    return version;
  }

  get(tokenHash: string, version: number): CachedSession | undefined {
    const entry = this.entries.get(tokenHash);
    return entry?.version === version ? entry : undefined;
  }

  set(tokenHash: string, entry: CachedSession): void {
    if (entry.version !== this.version) return;
    this.entries.delete(tokenHash);
    if (this.entries.size >= this.size) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(tokenHash, entry);
  }
}
