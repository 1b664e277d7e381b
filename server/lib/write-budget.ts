import type { CounterStore } from './counters.ts';
import { tooManyRequests } from './http-error.ts';
import type { Clock } from './time.ts';

const WINDOW_MS = 60_000;

/**
 * Rows one unit of the write budget pays for. A save touches one row; a copy or delete of a folder of 2,500 charts
 * touched 2,500 for the same one unit, so 120 such calls a minute kept the database busy for everyone. Now such an
 * operation costs one unit per ROWS_PER_WRITE rows (a 2,500-node folder: 100 of the default 120 a minute).
 */
export const ROWS_PER_WRITE = 25;

/**
 * Each player's library and profile writes a minute (WRITE_RATE_LIMIT), counted in the shared store so every
 * instance agrees: one unit per request (the route hook), plus the rows a large operation touches beyond its first
 * ROWS_PER_WRITE (the service, once it knows how many). Past the limit: 429 with Retry-After.
 */
export class WriteBudget {
  constructor(
    private readonly store: CounterStore,
    private readonly clock: Clock,
    readonly limit: number,
  ) {}

  private key = (userId: number) => `writes:${userId}`;

  /** One request's unit, counted even when the request turns out invalid (a flood of them is still a flood). */
  async spend(userId: number): Promise<void> {
    const now = this.clock.now();
    const state = await this.store.hit(this.key(userId), WINDOW_MS, now);
    if (state.count > this.limit) throw tooManyRequests('tooManyRequests', (state.resetAt - now) / 1000);
  }

  /**
   * What touching `rows` rows costs: one unit per ROWS_PER_WRITE, at least one, and at most the whole budget (so
   * the largest library still fits in one minute's budget and can be copied or deleted at all).
   */
  unitsFor(rows: number): number {
    return Math.min(this.limit, Math.max(1, Math.ceil(rows / ROWS_PER_WRITE)));
  }

  /**
   * Charges an operation on `rows` rows, beyond the unit its request paid already; called before any row is written.
   * One the budget left cannot pay for is refused whole (429) and spends nothing, so a player whose big copy came
   * too soon can still save a range meanwhile.
   */
  async chargeRows(userId: number, rows: number): Promise<void> {
    const extra = this.unitsFor(rows) - 1;
    if (extra <= 0) return;
    const now = this.clock.now();
    const current = await this.store.peek(this.key(userId), now);
    if (current && current.count + extra > this.limit)
      throw tooManyRequests('tooManyRequests', (current.resetAt - now) / 1000);
    await this.store.hit(this.key(userId), WINDOW_MS, now, false, extra);
  }
}
