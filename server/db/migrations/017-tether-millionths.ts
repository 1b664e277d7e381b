import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Tether is counted in millionths of a USDT (its 6 decimals on TRC20), no longer thousandths, so the 0.5 % window
 * above a price holds a thousand times as many amounts (server/modules/payments/crypto-quotes.ts). Stored tether
 * amounts are converted so that nothing a buyer was shown changes:
 * - crypto_quotes and crypto_quote_log: amount and base times 1000 (the same sums; open quotes stay unique, and a
 *   buyer who reloads the window or comes back to claim is shown the same amount);
 * - orders.expected_amount of tether claims: "25.013" becomes "25.013000", the text the new code formats, so a
 *   pending or paid claim's amount is still never quoted again (isAmountClaimed compares the text).
 * Down: amounts that are whole thousandths go back; finer ones (quoted after the change) cannot be written in
 * thousandths: those quotes and log rows are dropped (a reload quotes anew), and claims keep their exact text.
 */
export const tetherMillionthsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ['crypto_quotes', 'crypto_quote_log'])
      await sql`UPDATE ${sql.table(table)} SET amount = amount * 1000, base = base * 1000
        WHERE method = 'tether'`.execute(db);
    await sql`UPDATE orders SET expected_amount = expected_amount || '000'
      WHERE method = 'tether' AND expected_amount IS NOT NULL AND expected_amount LIKE '%.___'`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['crypto_quotes', 'crypto_quote_log']) {
      await sql`DELETE FROM ${sql.table(table)}
        WHERE method = 'tether' AND (amount % 1000 <> 0 OR base % 1000 <> 0)`.execute(db);
      await sql`UPDATE ${sql.table(table)} SET amount = amount / 1000, base = base / 1000
        WHERE method = 'tether'`.execute(db);
    }
    await sql`UPDATE orders SET expected_amount = substr(expected_amount, 1, length(expected_amount) - 3)
      WHERE method = 'tether' AND expected_amount LIKE '%.___000'`.execute(db);
  },
};
