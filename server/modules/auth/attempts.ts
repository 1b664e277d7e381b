import type { CounterStore } from '../../lib/counters.ts';
import { tooManyRequests } from '../../lib/http-error.ts';
import { KeyedLock } from '../../lib/semaphore.ts';
import type { Clock } from '../../lib/time.ts';

/**
 * 5 wrong passwords lock that account's checks for 15 minutes after the last failure. Each
 * further lock within a day doubles the time (30 min, 1 h, ... at most a day): about 35 guesses a day, not 480.
 */
export const MAX_FAILURES = 5;
export const LOCK_MS = 15 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Brute-force limits per key, independent of the client address (an attacker with many addresses gets no more
 * guesses). Sign-in keys are the account's untrusted clients, or one device token of it (devices.repository.ts), so
 * a stranger's guesses never lock the owner's own browser. The counters live in the shared store, so several
 * instances count together; checks of one key are serialised in this process, so parallel guesses each see the
 * failures before them.
 */
export class AttemptGuard {
  private readonly lock = new KeyedLock();

  constructor(
    private readonly store: CounterStore,
    private readonly clock: Clock,
  ) {}

  /**
   * Runs `check` (a password or code comparison) unless the key is locked (429 with Retry-After). A failure counts;
   * a success clears the count. Keys name the account (`password:<user id>`), a device token or a session of it
   * (`password:device:<id>`, `password:session:<id>`), or the typed login when there is no account, so unknown and
   * known logins lock alike and the lock reveals nothing.
   */
  async guard(key: string, check: () => Promise<boolean>): Promise<boolean> {
    return this.lock.run(key, async () => {
      const state = await this.store.peek(key, this.clock.now());
      if (state && state.count >= MAX_FAILURES) {
        throw tooManyRequests('accountLocked', (state.resetAt - this.clock.now()) / 1000);
      }
      const ok = await check();
      if (ok) {
        if (state) await this.store.clear(key);
        await this.store.clear(`lockouts:${key}`);
      } else {
        await this.fail(key);
      }
      return ok;
    });
  }

  /** Counts a failure; the one that reaches MAX_FAILURES sets the lock, doubled for each earlier lock today. */
  private async fail(key: string): Promise<void> {
    const now = this.clock.now();
    const state = await this.store.hit(key, LOCK_MS, now, true);
    if (state.count !== MAX_FAILURES) return;
    const rounds = await this.store.hit(`lockouts:${key}`, DAY_MS, now);
    if (rounds.count > 1) {
      await this.store.hit(key, Math.min(LOCK_MS * 2 ** (rounds.count - 1), DAY_MS), now, true);
    }
  }
}
