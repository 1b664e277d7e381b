import { randomInt } from 'node:crypto';

import type { CryptoMethod } from '../../../contract/payments.ts';
import type { Executor } from '../categories/categories.repository.ts';
import {
  deleteExpiredQuotes,
  deleteQuote,
  findQuote,
  insertQuote,
  isAmountClaimed,
  lastQuotedAmount,
  logQuote,
  pruneQuoteLog,
  takenAmounts,
  userQuotes,
} from './crypto-quotes.repository.ts';
import { isUniqueViolation } from './payments.repository.ts';

/**
 * Every buyer sends bitcoin or tether to the same address, and a transaction id is public on the chain once
 * broadcast. So each buyer is quoted the order's price plus a small offset, unique among the method's open quotes:
 * the amount a transaction carries names the quote (and its buyer), and the admin approves the claim expecting it.
 * A quote is made only when the buyer picks the coin (the quote route), never when the payment window opens: each
 * holds one of the method's few amounts for a day, and most buyers pay by card.
 */
export type { CryptoMethod };

export const isCryptoMethod = (method: string): method is CryptoMethod =>
  method === 'btc' || method === 'tether';

/** A quote stays this long (as an open card order does): reloading the payment window shows the same amount. */
export const CRYPTO_QUOTE_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * How long a quoted amount is remembered for its buyer. Crypto is often bought on an exchange first, so a buyer may
 * send the amount a day or more after the window showed it, then open the window again to claim: the window shows
 * the same amount again (and the claim expects it) while no one else holds it.
 */
export const QUOTE_MEMORY_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Open quotes one user holds per method (one per order contents); a newer one replaces the oldest, so one account
 * cannot take many of the method's amounts.
 */
export const QUOTES_PER_USER = 5;

/**
 * Minor units: satoshi for bitcoin; millionths of a USDT for tether (USDT on TRC20 has 6 decimals). In millionths
 * the 0.5 % window of a $25 price holds 125 000 amounts, not 125: no one can hold them all (see QuoteBudget).
 */
export const DECIMALS: Record<CryptoMethod, number> = { btc: 8, tether: 6 };

/** The order's price in the coin's minor units, rounded up: a quote is never below the real price. */
export function baseUnits(method: CryptoMethod, usdCents: number, btcUsdRate: number): number {
  if (method === 'tether') return usdCents * 10_000;
  // The epsilon keeps a float's 25000.000000001 from costing one satoshi more.
  return Math.ceil((usdCents * 1e6) / btcUsdRate - 1e-6);
}

/** Offsets 1..n above the price: at most 99 units, or 0.5 % of a larger price (hundreds of buyers at once). */
export const maxOffset = (base: number): number => Math.max(99, Math.floor(base / 200));

/**
 * How wide each try looks, as multiples of maxOffset. Satoshi cannot be split, so bitcoin's first window holds only
 * about 125 amounts for $25 (at 100 000 USD/BTC). When every one is held, bitcoin widens to twice, then four times
 * that (at most 2 % above the price) before it closes: a stranger must now hold 500 amounts for a day, which takes
 * 100 accounts (QUOTES_PER_USER each) and, with QuoteBudget, at least 4 client addresses renewing them every day.
 * Tether stays within 0.5 %: its window holds 125 000 amounts (25 000 accounts and 834 addresses a day).
 */
const WINDOWS: Record<CryptoMethod, readonly number[]> = { btc: [1, 2, 4], tether: [1] };

/** Major units as text with the coin's decimals: what the buyer is told to send and the admin expects. */
export const formatUnits = (method: CryptoMethod, units: number): string =>
  (units / 10 ** DECIMALS[method]).toFixed(DECIMALS[method]);

/**
 * An offset above `base` that no open quote holds and no pending or paid claim expects, chosen at random: a stranger
 * cannot predict which amount a buyer will get, nor be quoted the amount of a buyer's claim once its quote expired.
 */
async function freeAmount(
  db: Executor,
  method: CryptoMethod,
  base: number,
  width: number,
): Promise<number | null> {
  const top = base + width;
  const taken = await takenAmounts(db, method, base + 1, top);
  if (taken.size >= width) return null;
  const tried = new Set<number>();
  const pick = (): number | null => {
    // Mostly free (tether's 125 000): draw at random; nearly full: draw among what is left.
    if (taken.size + tried.size < width / 2) {
      for (;;) {
        const amount = base + 1 + randomInt(width);
        if (!taken.has(amount) && !tried.has(amount)) return amount;
      }
    }
    const free: number[] = [];
    for (let amount = base + 1; amount <= top; amount += 1)
      if (!taken.has(amount) && !tried.has(amount)) free.push(amount);
    return free.length > 0 ? (free[randomInt(free.length)] as number) : null;
  };
  for (let tries = 0; tries < 20; tries += 1) {
    const amount = pick();
    if (amount === null) return null;
    if (!(await isAmountClaimed(db, method, formatUnits(method, amount)))) return amount;
    tried.add(amount);
  }
  return null;
}

/** A free amount of the first window, else of the wider ones (bitcoin only), else null. */
async function freeAmountWidening(db: Executor, method: CryptoMethod, base: number): Promise<number | null> {
  for (const factor of WINDOWS[method]) {
    const amount = await freeAmount(db, method, base, maxOffset(base) * factor);
    if (amount !== null) return amount;
  }
  return null;
}

/** Forgets the quoted amounts older than QUOTE_MEMORY_MS (run by the server's hourly housekeeping); how many. */
export function forgetOldQuotes(db: Executor, now: number): Promise<number> {
  return pruneQuoteLog(db, new Date(now - QUOTE_MEMORY_MS).toISOString());
}

/** The amount last quoted to the user for these contents at this price, when no open quote or claim holds it. */
async function previousAmount(
  db: Executor,
  userId: number,
  method: CryptoMethod,
  scopeKey: string,
  base: number,
  now: Date,
): Promise<number | null> {
  const since = new Date(now.getTime() - QUOTE_MEMORY_MS).toISOString();
  const amount = await lastQuotedAmount(db, userId, method, scopeKey, base, since);
  if (amount === null || (await takenAmounts(db, method, amount, amount)).size > 0) return null;
  return (await isAmountClaimed(db, method, formatUnits(method, amount))) ? null : amount;
}

/** A quote's amount in minor units, or why the method is closed for this window. */
export type QuoteResult = { amount: number } | { closed: 'amountsTaken' | 'quoteBudget' };

/**
 * The user's open quote for these contents at this price, or a new one when `allowNew` (the budget of new quotes,
 * counted only here) agrees; closed when every amount near the price is quoted to someone else or the budget is
 * spent (the window then offers no address for the method and says why).
 */
export async function quoteAmount(
  db: Executor,
  userId: number,
  method: CryptoMethod,
  scopeKey: string,
  base: number,
  allowNew: () => Promise<boolean>,
): Promise<QuoteResult> {
  const now = new Date();
  let reuse = true;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const existing = await findQuote(db, userId, method, scopeKey);
    // A quote at an older price (a price or the bitcoin rate changed) is replaced: the buyer pays today's price.
    if (existing && existing.expires_at > now.toISOString() && Number(existing.base) === base)
      return { amount: Number(existing.amount) };
    if (attempt === 0 && !(await allowNew())) return { closed: 'quoteBudget' };
    if (existing) await deleteQuote(db, existing.id);
    await deleteExpiredQuotes(db, method, now.toISOString());
    const held = await userQuotes(db, userId, method);
    for (const old of held.slice(QUOTES_PER_USER - 1)) await deleteQuote(db, old.id);

    const amount =
      (reuse ? await previousAmount(db, userId, method, scopeKey, base, now) : null) ??
      (await freeAmountWidening(db, method, base));
    if (amount === null) return { closed: 'amountsTaken' };
    const quoted = {
      user_id: userId,
      method,
      scope_key: scopeKey,
      base,
      amount,
      created_at: now.toISOString(),
    };
    try {
      await insertQuote(db, {
        ...quoted,
        expires_at: new Date(now.getTime() + CRYPTO_QUOTE_TTL_MS).toISOString(),
      });
      await logQuote(db, quoted);
      return { amount };
    } catch (error) {
      // Another call took this amount, or the same user's parallel call quoted these contents: look again (for a
      // fresh amount: the remembered one is not free).
      if (!isUniqueViolation(error)) throw error;
      reuse = false;
    }
  }
  return { closed: 'amountsTaken' };
}

/**
 * The user's open quote for these contents at this price (minor units), or null; reads only, so the cost routes may
 * call it on every window opening without taking an amount or spending the budget.
 */
export async function openQuoteAmount(
  db: Executor,
  userId: number,
  method: CryptoMethod,
  scopeKey: string,
  base: number,
): Promise<number | null> {
  const quote = await findQuote(db, userId, method, scopeKey);
  if (!quote || quote.expires_at <= new Date().toISOString() || Number(quote.base) !== base) return null;
  return Number(quote.amount);
}

/**
 * What a claim of these contents expects: the exact amount (major units, as text) of the user's open quote, when it
 * was made at `base` (today's price in the coin at today's rate); `outdated` when the quote was made at another
 * price or rate (an admin changed them since: the window must quote again); null when there is no open quote.
 */
export async function quotedAmount(
  db: Executor,
  userId: number,
  method: CryptoMethod,
  scopeKey: string,
  base: number,
): Promise<{ amount: string } | 'outdated' | null> {
  const quote = await findQuote(db, userId, method, scopeKey);
  if (!quote || quote.expires_at <= new Date().toISOString()) return null;
  if (Number(quote.base) !== base) return 'outdated';
  return { amount: formatUnits(method, Number(quote.amount)) };
}
