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
   * ends `windowMs` after its first event.
   */
  hit(key: string, windowMs: number, now: number, sliding?: boolean): Promise<CounterState>;
  /** The live state of `key`, or null when it has none or its window has ended. */
  peek(key: string, now: number): Promise<CounterState | null>;
  clear(key: string): Promise<void>;
  /** Deletes every counter whose window ended before `now`; returns how many. */
  prune(now: number): Promise<number>;
}
