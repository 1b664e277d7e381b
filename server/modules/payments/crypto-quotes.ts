import { randomInt } from 'node:crypto';

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
 */
export type CryptoMethod = 'btc' | 'tether';

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

/** Minor units: satoshi for bitcoin; thousandths of a USDT for tether (the offset is "a few thousandths"). */
const DECIMALS: Record<CryptoMethod, number> = { btc: 8, tether: 3 };

/** The order's price in the coin's minor units, rounded up: a quote is never below the real price. */
export function baseUnits(method: CryptoMethod, usdCents: number, btcUsdRate: number): number {
  if (method === 'tether') return usdCents * 10;
  // The epsilon keeps a float's 25000.000000001 from costing one satoshi more.
  return Math.ceil((usdCents * 1e6) / btcUsdRate - 1e-6);
}

/** Offsets 1..n above the price: at most 99 units, or 0.5 % of a larger price (hundreds of buyers at once). */
export const maxOffset = (base: number): number => Math.max(99, Math.floor(base / 200));

/** Major units as text with the coin's decimals: what the buyer is told to send and the admin expects. */
export const formatUnits = (method: CryptoMethod, units: number): string =>
  (units / 10 ** DECIMALS[method]).toFixed(DECIMALS[method]);

/**
 * An offset above `base` that no open quote holds and no pending or paid claim expects, chosen at random: a stranger
 * cannot predict which amount a buyer will get, nor be quoted the amount of a buyer's claim once its quote expired.
 */
async function freeAmount(db: Executor, method: CryptoMethod, base: number): Promise<number | null> {
  const top = base + maxOffset(base);
  const taken = await takenAmounts(db, method, base + 1, top);
  const free: number[] = [];
  for (let amount = base + 1; amount <= top; amount += 1) if (!taken.has(amount)) free.push(amount);
  for (let tries = 0; tries < 20 && free.length > 0; tries += 1) {
    const [amount] = free.splice(randomInt(free.length), 1) as [number];
    if (!(await isAmountClaimed(db, method, formatUnits(method, amount)))) return amount;
  }
  return null;
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

/**
 * The user's open quote for these contents at this price, or a new one (its amount in minor units); null when
 * every offset of the price is quoted to someone else (the window then offers no address for the method).
 */
export async function quoteAmount(
  db: Executor,
  userId: number,
  method: CryptoMethod,
  scopeKey: string,
  base: number,
): Promise<number | null> {
  const now = new Date();
  let reuse = true;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const existing = await findQuote(db, userId, method, scopeKey);
    // A quote at an older price (a price or the bitcoin rate changed) is replaced: the buyer pays today's price.
    if (existing && existing.expires_at > now.toISOString() && Number(existing.base) === base)
      return Number(existing.amount);
    if (existing) await deleteQuote(db, existing.id);
    await deleteExpiredQuotes(db, method, now.toISOString());
    await pruneQuoteLog(db, new Date(now.getTime() - QUOTE_MEMORY_MS).toISOString());
    const held = await userQuotes(db, userId, method);
    for (const old of held.slice(QUOTES_PER_USER - 1)) await deleteQuote(db, old.id);

    const amount =
      (reuse ? await previousAmount(db, userId, method, scopeKey, base, now) : null) ??
      (await freeAmount(db, method, base));
    if (amount === null) return null;
    try {
      await insertQuote(db, {
        user_id: userId,
        method,
        scope_key: scopeKey,
        base,
        amount,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + CRYPTO_QUOTE_TTL_MS).toISOString(),
      });
      await logQuote(db, {
        user_id: userId,
        method,
        scope_key: scopeKey,
        base,
        amount,
        created_at: now.toISOString(),
      });
      return amount;
    } catch (error) {
      // Another call took this amount, or the same user's parallel call quoted these contents: look again (for a
      // fresh amount: the remembered one is not free).
      if (!isUniqueViolation(error)) throw error;
      reuse = false;
    }
  }
  return null;
}

/** The exact amount (major units, as text) the user was quoted for these contents, while the quote is open. */
export async function quotedAmount(
  db: Executor,
  userId: number,
  method: CryptoMethod,
  scopeKey: string,
): Promise<string | null> {
  const quote = await findQuote(db, userId, method, scopeKey);
  if (!quote || quote.expires_at <= new Date().toISOString()) return null;
  return formatUnits(method, Number(quote.amount));
}
