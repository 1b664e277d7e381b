import type { Insertable } from 'kysely';

import type { CryptoQuoteLogTable, CryptoQuotesTable } from '../../db/schema.ts';
import type { Executor } from '../categories/categories.repository.ts';

/** The user's quote of `method` for these contents (at most one: the crypto_quotes_owner index), open or not. */
export async function findQuote(db: Executor, userId: number, method: string, scopeKey: string) {
  return db
    .selectFrom('crypto_quotes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('method', '=', method)
    .where('scope_key', '=', scopeKey)
    .executeTakeFirst();
}

export async function deleteQuote(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('crypto_quotes').where('id', '=', id).execute();
}

/** Expired quotes of `method` give their amounts back (the crypto_quotes_amount index spans every row). */
export async function deleteExpiredQuotes(db: Executor, method: string, now: string): Promise<void> {
  await db.deleteFrom('crypto_quotes').where('method', '=', method).where('expires_at', '<=', now).execute();
}

/** The user's quotes of `method`, newest first. */
export async function userQuotes(db: Executor, userId: number, method: string) {
  return db
    .selectFrom('crypto_quotes')
    .select(['id'])
    .where('user_id', '=', userId)
    .where('method', '=', method)
    .orderBy('id', 'desc')
    .execute();
}

/** Amounts of `method` already quoted within [from, to]. */
export async function takenAmounts(
  db: Executor,
  method: string,
  from: number,
  to: number,
): Promise<Set<number>> {
  const rows = await db
    .selectFrom('crypto_quotes')
    .select('amount')
    .where('method', '=', method)
    .where('amount', '>=', from)
    .where('amount', '<=', to)
    .execute();
  return new Set(rows.map((row) => Number(row.amount)));
}

/** True when a pending or paid claim expects this exact amount (major units as text): it is not quoted again. */
export async function isAmountClaimed(db: Executor, method: string, amount: string): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('method', '=', method)
    .where('expected_amount', '=', amount)
    .where('status', 'in', ['pending', 'paid'])
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertQuote(db: Executor, values: Insertable<CryptoQuotesTable>) {
  return db.insertInto('crypto_quotes').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Remembers an amount quoted (the log outlives the quote: see lastQuotedAmount). */
export async function logQuote(db: Executor, values: Insertable<CryptoQuoteLogTable>): Promise<void> {
  await db.insertInto('crypto_quote_log').values(values).execute();
}

/** The amount last quoted to the user for these contents at this price since `since`, or null. */
export async function lastQuotedAmount(
  db: Executor,
  userId: number,
  method: string,
  scopeKey: string,
  base: number,
  since: string,
): Promise<number | null> {
  const row = await db
    .selectFrom('crypto_quote_log')
    .select('amount')
    .where('user_id', '=', userId)
    .where('method', '=', method)
    .where('scope_key', '=', scopeKey)
    .where('base', '=', base)
    .where('created_at', '>=', since)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? Number(row.amount) : null;
}

/** Forgets the amounts quoted before `before`; returns how many. */
export async function pruneQuoteLog(db: Executor, before: string): Promise<number> {
  const result = await db.deleteFrom('crypto_quote_log').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
