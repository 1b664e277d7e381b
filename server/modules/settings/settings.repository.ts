import type { Settings } from '../../../contract/admin.ts';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../categories/categories.repository.ts';

/**
 * Admin-editable business settings with their defaults. The manual-payment accounts are placeholders until an admin
 * sets the real ones.
 */
export const DEFAULT_SETTINGS: Settings = {
  referral_percent: 20,
  premium_price_rub: 2250,
  btc_usd_rate: 100_000,
  card_account: '2200 0000 0000 0000',
  btc_account: 'bc1qrangeforgeplaceholder0000000000000000',
  tether_account: 'TRangeForgePlaceholderTRC20Address00',
};

export async function readSettings(db: Db | Executor): Promise<Settings> {
  const executor = 'kysely' in db ? db.kysely : db;
  const rows = await executor.selectFrom('settings').selectAll().execute();
  const settings: Settings = { ...DEFAULT_SETTINGS };
  for (const row of rows) {
    if (!(row.key in settings)) continue;
    const key = row.key as keyof Settings;
    const fallback = DEFAULT_SETTINGS[key];
    if (typeof fallback !== 'number') {
      (settings as Record<string, unknown>)[key] = row.value;
      continue;
    }
    // A number saved before the schema refused non-finite ones ("Infinity") keeps its default, not a broken page.
    const value = Number(row.value);
    if (Number.isFinite(value)) (settings as Record<string, unknown>)[key] = value;
  }
  return settings;
}

/**
 * Writes each changed setting in place (an upsert, so two admins saving at once queue on the row instead of both
 * inserting a key the other one deleted; the later save stands whole, since both write the keys in one order).
 */
export async function writeSettings(db: Db, changes: Partial<Settings>): Promise<Settings> {
  await db.kysely.transaction().execute(async (trx) => {
    for (const key of (Object.keys(changes) as Array<keyof Settings>).sort()) {
      const value = changes[key];
      if (value === undefined) continue;
      await trx
        .insertInto('settings')
        .values({ key, value: String(value) })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: String(value) }))
        .execute();
    }
  });
  return readSettings(db);
}
