import { sql } from 'kysely';

import type { Db } from '../../db/database.ts';
import type { CounterState, CounterStore } from '../../lib/counters.ts';

/**
 * The database driver of the counter store. One upsert per event, atomic on both dialects (ON CONFLICT DO UPDATE
 * with RETURNING: SQLite 3.35+, PostgreSQL 9.5+), so instances sharing the database count together.
 */
export class DatabaseCounterStore implements CounterStore {
  constructor(private readonly db: Db) {}

  async hit(key: string, windowMs: number, now: number, sliding = false, amount = 1): Promise<CounterState> {
    const resetAt = now + windowMs;
    const result = await sql<{ count: number; reset_at: number }>`
      INSERT INTO rate_counters (counter_key, count, reset_at) VALUES (${key}, ${amount}, ${resetAt})
      ON CONFLICT (counter_key) DO UPDATE SET
        count = CASE WHEN rate_counters.reset_at <= ${now} THEN excluded.count
          ELSE rate_counters.count + excluded.count END,
        reset_at = CASE WHEN rate_counters.reset_at <= ${now} OR ${sliding ? 1 : 0} = 1
          THEN excluded.reset_at ELSE rate_counters.reset_at END
      RETURNING count, reset_at`.execute(this.db.kysely);
    const row = result.rows[0];
    if (!row) throw new Error(`counter upsert returned no row for ${key}`);
    return { count: Number(row.count), resetAt: Number(row.reset_at) };
  }

  async peek(key: string, now: number): Promise<CounterState | null> {
    const row = await this.db.kysely
      .selectFrom('rate_counters')
      .select(['count', 'reset_at'])
      .where('counter_key', '=', key)
      .where('reset_at', '>', now)
      .executeTakeFirst();
    return row ? { count: Number(row.count), resetAt: Number(row.reset_at) } : null;
  }

  async clear(key: string): Promise<void> {
    await this.db.kysely.deleteFrom('rate_counters').where('counter_key', '=', key).execute();
  }

  async prune(now: number): Promise<number> {
    const result = await this.db.kysely
      .deleteFrom('rate_counters')
      .where('reset_at', '<=', now)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
