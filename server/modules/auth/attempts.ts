import type { CounterStore } from '../../lib/counters.ts';
import { tooManyRequests } from '../../lib/http-error.ts';
import { KeyedLock } from '../../lib/semaphore.ts';
import type { Clock } from '../../lib/time.ts';

/** 5 wrong passwords (or restore codes) lock that account's checks for 15 minutes after the last failure. */
export const MAX_FAILURES = 5;
export const LOCK_MS = 15 * 60 * 1000;
/** Restore codes mailed per address per hour; further requests get the same answer and no mail. */
export const RECOVER_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;

/**
 * Per-account brute-force limits, independent of the client address (an attacker with many addresses gets no more
 * guesses). The counters live in the shared store, so several instances count together; checks of one account are
 * serialised in this process, so parallel guesses each see the failures before them.
 */
export class AttemptGuard {
  private readonly lock = new KeyedLock();

  constructor(
    private readonly store: CounterStore,
    private readonly clock: Clock,
  ) {}

  /**
   * Runs `check` (a password or code comparison) unless the key is locked (429 with Retry-After). A failure counts;
   * a success clears the count. Keys name the account (`password:<user id>`), or the typed login when there is no
   * account, so unknown and known logins lock alike and the lock reveals nothing.
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
      } else {
        await this.store.hit(key, LOCK_MS, this.clock.now(), true);
      }
      return ok;
    });
  }

  /** Counts a restore request for the address; false once the hourly allowance is used up. */
  async allowRecover(email: string): Promise<boolean> {
    const state = await this.store.hit(`recover:${email.toLowerCase()}`, HOUR_MS, this.clock.now());
    return state.count <= RECOVER_PER_HOUR;
  }
}
