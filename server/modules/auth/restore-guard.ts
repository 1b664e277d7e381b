import type { CounterStore } from '../../lib/counters.ts';
import { tooManyRequests } from '../../lib/http-error.ts';
import { KeyedLock } from '../../lib/semaphore.ts';
import type { Clock } from '../../lib/time.ts';
import type { RestoreRequest } from './restore-requests.repository.ts';

// Why restore requests are bound to a browser: anyone who knows a player's e-mail could keep them from restoring the
// password when the mail budget, the wrong-code lock and the one live code were all per e-mail address. Now every
// request is answered with a random request token, and the mailed code is checked only with it, so:
// - Mail: a browser holding a live device token of the account (it signed in before) has a budget of its own;
//   every other client shares the e-mail's budget and is also counted per client address.
// - Wrong codes count against their request (RESTORE_CODE_MAX_ATTEMPTS) and the client address, never against the
//   e-mail: a stranger's guesses spend the stranger's request, not the owner's.
// - Requests coexist (at most MAX_OPEN_RESTORE_REQUESTS open per account), so a new one retires no older code. A
//   stranger alone holds at most RECOVER_PER_HOUR of them (a code lives 10 minutes), so cannot fill the cap.
//
// Guess bound for the 6-digit code (10^6 values). A stranger alone asks at most RECOVER_PER_HOUR requests an hour
// for an e-mail (the shared budget), 5 guesses each: 15 an hour. Wrong codes on requests made without the
// account's device token are capped at RESTORE_WRONG_UNTRUSTED_PER_DAY (30) a day per e-mail, about the 35 the old
// per-address lock allowed: a hit chance of 3e-5 a day, about 1% a year of non-stop trying. Requests made with a
// device token (the owner's browsers) are not held by that cap; all requests together are held by
// RESTORE_WRONG_PER_DAY (100), which a stranger alone cannot reach (their 30 stop first): only someone holding the
// account's device tokens could, for at most 1e-4 a day.
//
// What a stranger can still do: use up the e-mail's shared mail budget (3 codes an hour) and the untrusted daily
// guess cap (6 requests), so the owner on a browser that never signed in to the account (no device token: a new
// device, cleared storage) gets no code, or cannot check it, until the hour or the day ends; and mail the owner up
// to 3 unwanted codes an hour. The owner's browser with a device token is not affected by either.

/** Restore codes mailed per hour: per e-mail for clients without a device token, per device token otherwise. */
export const RECOVER_PER_HOUR = 3;
/** Restore requests a client address without a device token may have mailed per hour, across e-mails. */
export const RECOVER_PER_ADDRESS_HOUR = 10;
/** Open requests an account may have; past it no further code is mailed until one is used, spent or expires. */
export const MAX_OPEN_RESTORE_REQUESTS = 10;
/** Wrong restore codes a client address may send per hour, across requests and e-mails. */
export const RESTORE_WRONG_PER_ADDRESS_HOUR = 20;
/** Wrong codes per e-mail and day on requests made without a device token of the account. */
export const RESTORE_WRONG_UNTRUSTED_PER_DAY = 30;
/** Wrong codes per e-mail and day on all its requests (a ceiling a stranger alone cannot reach). */
export const RESTORE_WRONG_PER_DAY = 100;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Who asks for a code: the account's device token id if the browser holds one, and the client address. */
export interface RestoreClient {
  device: number | null;
  address: string;
}

/** The budgets of restore requests and code checks, in the shared counter store (several instances count together). */
export class RestoreGuard {
  private readonly lock = new KeyedLock();

  constructor(
    private readonly store: CounterStore,
    private readonly clock: Clock,
  ) {}

  /** Counts a restore request; false once a budget it draws on is used up (then no mail is sent). */
  async allowMail(email: string, client: RestoreClient): Promise<boolean> {
    if (client.device !== null)
      return this.within(`recover:device:${client.device}`, HOUR_MS, RECOVER_PER_HOUR);
    // The address is counted first: a client past its own budget no longer spends the e-mail's.
    if (!(await this.within(`recover:address:${client.address}`, HOUR_MS, RECOVER_PER_ADDRESS_HOUR)))
      return false;
    return this.within(`recover:${email.toLowerCase()}`, HOUR_MS, RECOVER_PER_HOUR);
  }

  /**
   * Runs `check` (the code comparison of one request) unless a guess budget is used up (429 with Retry-After); a
   * wrong code counts against the client address and the request's e-mail. Checks of one e-mail are serialised in
   * this process, so parallel guesses each see the failures before them.
   */
  async guard(request: RestoreRequest, address: string, check: () => Promise<boolean>): Promise<boolean> {
    const keys = [
      { key: `restore-wrong:address:${address}`, windowMs: HOUR_MS, max: RESTORE_WRONG_PER_ADDRESS_HOUR },
      { key: `restore-wrong:${request.email}`, windowMs: DAY_MS, max: RESTORE_WRONG_PER_DAY },
      ...(request.trusted
        ? []
        : [
            {
              key: `restore-wrong:untrusted:${request.email}`,
              windowMs: DAY_MS,
              max: RESTORE_WRONG_UNTRUSTED_PER_DAY,
            },
          ]),
    ];
    return this.lock.run(request.email, async () => {
      const now = this.clock.now();
      for (const { key, max } of keys) {
        const state = await this.store.peek(key, now);
        if (state && state.count >= max)
          throw tooManyRequests('tooManyRequests', (state.resetAt - now) / 1000);
      }
      const ok = await check();
      if (!ok) for (const { key, windowMs } of keys) await this.store.hit(key, windowMs, now);
      return ok;
    });
  }

  private async within(key: string, windowMs: number, max: number): Promise<boolean> {
    return (await this.store.hit(key, windowMs, this.clock.now())).count <= max;
  }
}
