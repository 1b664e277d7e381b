/** A counter's state: events in the current window and when the window ends (ms since the epoch). */
export interface CounterState {
  count: number;
  resetAt: number;
}

/**
 * Counters shared by every instance of the server: per-account password failures, restore mails per address, writes
 * per user. The database driver (counters.repository.ts) is the default because every instance already shares the
 * database; a Redis driver can implement the same four calls.
 */
export interface CounterStore {
  /**
   * Counts one event under `key` at time `now`. A window that has ended starts over at 1. `sliding` moves the end of
   * the window to `now + windowMs` on every event (a lock that lasts from the last failure); otherwise the window
   * ends `windowMs` after its first event. `amount` counts that many events at once (a write that touches many rows).
   */
  hit(key: string, windowMs: number, now: number, sliding?: boolean, amount?: number): Promise<CounterState>;
  /** The live state of `key`, or null when it has none or its window has ended. */
  peek(key: string, now: number): Promise<CounterState | null>;
  clear(key: string): Promise<void>;
  /** Deletes every counter whose window ended before `now`; returns how many. */
  prune(now: number): Promise<number>;
}

/** Entries the memory store keeps at most; past it, ended windows go first, then the oldest keys. */
const MEMORY_MAX_KEYS = 100_000;

/**
 * Counters in this process's memory: the driver for SQLite, where one process owns the database file anyway. It
 * costs no disk write per event: on SQLite every counted request would otherwise wait for an fsync behind the one
 * connection, and a flood of refused guesses would slow every other user's queries. Counts restart with the process.
 */
export class MemoryCounterStore implements CounterStore {
  private readonly entries = new Map<string, CounterState>();

  async hit(key: string, windowMs: number, now: number, sliding = false, amount = 1): Promise<CounterState> {
    const current = this.entries.get(key);
    const state =
      current && current.resetAt > now
        ? { count: current.count + amount, resetAt: sliding ? now + windowMs : current.resetAt }
        : { count: amount, resetAt: now + windowMs };
    this.entries.delete(key);
    this.entries.set(key, state);
    if (this.entries.size > MEMORY_MAX_KEYS) this.evict(now);
    return { ...state };
  }

  async peek(key: string, now: number): Promise<CounterState | null> {
    const state = this.entries.get(key);
    return state && state.resetAt > now ? { ...state } : null;
  }

  async clear(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async prune(now: number): Promise<number> {
    let removed = 0;
    for (const [key, state] of this.entries) {
      if (state.resetAt <= now) {
        this.entries.delete(key);
        removed += 1;
      }
    }
    return removed;
  }

  private evict(now: number): void {
    void this.prune(now);
    // Still full of live keys (a flood of made-up logins): drop the least recently counted ones.
    for (const key of this.entries.keys()) {
      if (this.entries.size <= MEMORY_MAX_KEYS) break;
      this.entries.delete(key);
    }
  }
}
