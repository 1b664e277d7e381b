/** ISO-8601 UTC text: the portable timestamp format of every table (sortable as text). */
export const nowIso = (): string => new Date().toISOString();

/**
 * The time the security rules read (session expiry, failure counters, rate windows). Injected so a test can move
 * 15 minutes or 30 days ahead without waiting; production uses the system clock.
 */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that stands still until moved: tests use it to cross lock and expiry boundaries exactly. */
export class ManualClock implements Clock {
  constructor(private current = Date.now()) {}
  now(): number {
    return this.current;
  }
  advance(ms: number): void {
    this.current += ms;
  }
}
