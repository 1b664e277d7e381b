import type { CounterStore } from '../../lib/counters.ts';
import { tooManyRequests } from '../../lib/http-error.ts';
import type { Clock } from '../../lib/time.ts';

// The budgets of sign-ups, as restore-guard.ts has them for restores. A sign-up mails the address it names (its code,
// or "this address has an account"), so mails per address and per client are bounded: a stranger cannot flood an
// inbox, and cannot learn anything from a budget running out, since the answer stays the same (only the mail stops).
// A code is 6 digits: wrong ones count against their request (5 tries) and the client address.

/** Sign-up mails per e-mail address per hour (the client address has SIGN_UP_MAIL_LIMIT, config.ts). */
export const SIGN_UP_MAILS_PER_HOUR = 3;
/** Wrong sign-up codes a client address may send per hour, across requests. */
export const SIGN_UP_WRONG_PER_ADDRESS_HOUR = 20;

const HOUR_MS = 60 * 60 * 1000;

export class SignUpGuard {
  constructor(
    private readonly store: CounterStore,
    private readonly clock: Clock,
    /** Sign-up mails a client address may cause per hour, across e-mail addresses. */
    private readonly perAddressHour: number,
  ) {}

  /** Counts a sign-up's mail; false once a budget it draws on is used up (then no mail is sent). */
  async allowMail(email: string, address: string): Promise<boolean> {
    // The client is counted first: one past its own budget no longer spends the address's.
    if (!(await this.within(`sign-up-mail:address:${address}`, this.perAddressHour))) return false;
    return this.within(`sign-up-mail:${email.toLowerCase()}`, SIGN_UP_MAILS_PER_HOUR);
  }

  /** Runs `check` (one code comparison) unless the client's wrong-code budget is used up (429); counts a miss. */
  async guard(address: string, check: () => Promise<boolean>): Promise<boolean> {
    const key = `sign-up-wrong:address:${address}`;
    const now = this.clock.now();
    const state = await this.store.peek(key, now);
    if (state && state.count >= SIGN_UP_WRONG_PER_ADDRESS_HOUR)
      throw tooManyRequests('tooManyRequests', (state.resetAt - now) / 1000);
    const ok = await check();
    if (!ok) await this.store.hit(key, HOUR_MS, now);
    return ok;
  }

  private async within(key: string, max: number): Promise<boolean> {
    return (await this.store.hit(key, HOUR_MS, this.clock.now())).count <= max;
  }
}
