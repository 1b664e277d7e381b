import type { CounterStore } from '../../lib/counters.ts';
import type { Clock } from '../../lib/time.ts';
import type { CryptoMethod } from './crypto-quotes.ts';

// Why new crypto quotes have a budget: each open quote holds one amount of its method for 24 h, and creating one
// costs nothing but an account (QUOTES_PER_USER open per account). Only new quotes are counted, made when a buyer
// picks the coin (the quote route; opening the window quotes nothing): picking it again shows the open quote and
// spends nothing. Past a budget the method is refused for that window (the answer says why: `closed: 'quoteBudget'`).
// Showing the user's newest open quote instead would be wrong: it was quoted for other contents at another price, so
// the buyer would send the wrong sum and the claim for these contents would find no quote. A real buyer picks a coin
// for a handful of contents an hour; the budgets are well above that.

/** New quotes one user may be given per method and hour (a buyer comparing contents makes a few). */
export const NEW_QUOTES_PER_USER_HOUR = 20;
/** New quotes per method and hour from one client address, across accounts (room for a shared office address). */
export const NEW_QUOTES_PER_ADDRESS_HOUR = 40;
/** New quotes per method and day from one client address: caps what one address holds open at once (24 h each). */
export const NEW_QUOTES_PER_ADDRESS_DAY = 150;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Counts new crypto quotes in the shared counter store (several instances count together). */
export class QuoteBudget {
  constructor(
    private readonly store: CounterStore,
    private readonly clock: Clock,
  ) {}

  /** Counts one new quote; false once a budget it draws on is used up (then no quote is made). */
  async allow(userId: number, method: CryptoMethod, address: string): Promise<boolean> {
    // The address is counted first: a client past its own budget no longer spends its accounts' budgets.
    const keys = [
      {
        key: `crypto-quote:address-day:${method}:${address}`,
        windowMs: DAY_MS,
        max: NEW_QUOTES_PER_ADDRESS_DAY,
      },
      {
        key: `crypto-quote:address:${method}:${address}`,
        windowMs: HOUR_MS,
        max: NEW_QUOTES_PER_ADDRESS_HOUR,
      },
      { key: `crypto-quote:user:${method}:${userId}`, windowMs: HOUR_MS, max: NEW_QUOTES_PER_USER_HOUR },
    ];
    for (const { key, windowMs, max } of keys)
      if ((await this.store.hit(key, windowMs, this.clock.now())).count > max) return false;
    return true;
  }
}
