import type { TestApp } from './test-app.ts';

/**
 * Holds every bitcoin amount in [from, to] (satoshi) by an open quote of `holder`, except `spare` and the amounts
 * already held: the way a stranger with many accounts would, written straight to the database.
 */
export async function holdBtcAmounts(
  t: TestApp,
  holder: number,
  from: number,
  to: number,
  spare: number | null = null,
): Promise<void> {
  const db = t.app.services.db.kysely;
  const held = new Set(
    (await db.selectFrom('crypto_quotes').select('amount').where('method', '=', 'btc').execute()).map((row) =>
      Number(row.amount),
    ),
  );
  const now = new Date().toISOString();
  const rows = [];
  for (let amount = from; amount <= to; amount += 1) {
    if (amount === spare || held.has(amount)) continue;
    rows.push({
      user_id: holder,
      method: 'btc',
      scope_key: `filler-${amount}`,
      base: 25_000,
      amount,
      created_at: now,
      expires_at: '2100-01-01T00:00:00.000Z',
    });
  }
  for (let start = 0; start < rows.length; start += 100)
    await db
      .insertInto('crypto_quotes')
      .values(rows.slice(start, start + 100))
      .execute();
}
