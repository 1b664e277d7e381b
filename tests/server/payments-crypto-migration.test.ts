// Migration 015 on an install holding crypto claims: each claim keeps counting once for its user (payment_source
// becomes per user), its transaction stays paid at most once (claim_key), and going back restores the old keys.
// Migration 017 counts stored tether amounts in millionths, so nothing a buyer was shown or a claim expects changes.
import { expect, it } from 'vitest';

import type { Db } from '../../server/db/database.ts';
import { migrateToLatest, migrator } from '../../server/db/migrate.ts';
import { insertUser } from '../../server/modules/users/users.repository.ts';
import { createTestApp, describeEachDatabase } from './helpers/test-app.ts';

/** A player made straight in the database: the sign-up route needs tables an older schema has not got yet. */
const player = (db: Db) =>
  insertUser(db, {
    username: `old${Math.random().toString(36).slice(2, 10)}`,
    email: `old${Math.random().toString(36).slice(2, 10)}@example.com`,
    passwordHash: 'not-a-password',
    referrerId: null,
  });

describeEachDatabase('crypto claims migration on an older install', (kind) => {
  it('moves chain claims to per-user keys with a shared claim key, and back', async () => {
    const t = await createTestApp(kind, {}, { migrate: false });
    const db = t.app.services.db;
    try {
      const { error } = await migrator(db).migrateTo('013-device-tokens');
      if (error) throw error;
      const user = await player(db);
      const now = new Date().toISOString();
      const order = (method: string, status: string, source: string) =>
        db.kysely
          .insertInto('orders')
          .values({
            user_id: user.id,
            method,
            status,
            amount: 2500,
            currency: 'USD',
            pay_for_premium: 1,
            package_id: null,
            products: '[]',
            video_courses: '[]',
            payment_source: source,
            transaction_id: null,
            created_at: now,
            updated_at: now,
          } as never)
          .returning('id')
          .executeTakeFirstOrThrow();
      await order('btc', 'paid', 'btc:abc-tx');
      await order('tether', 'pending', 'tether:tron-tx');
      await order('card', 'pending', `card:u${user.id}:card 4242`);
      await migrateToLatest(db);
      const keys = () =>
        db.kysely
          .selectFrom('orders')
          .select(['payment_source', 'claim_key'] as never[])
          .orderBy('id')
          .execute();
      expect(await keys()).toEqual([
        { payment_source: `btc:u${user.id}:abc-tx`, claim_key: 'btc:abc-tx' },
        { payment_source: `tether:u${user.id}:tron-tx`, claim_key: 'tether:tron-tx' },
        { payment_source: `card:u${user.id}:card 4242`, claim_key: `card:u${user.id}:card 4242` },
      ]);
      const back = await migrator(db).migrateTo('013-device-tokens');
      if (back.error) throw back.error;
      const sources = await db.kysely.selectFrom('orders').select('payment_source').orderBy('id').execute();
      expect(sources.map((row) => row.payment_source)).toEqual([
        'btc:abc-tx',
        'tether:tron-tx',
        `card:u${user.id}:card 4242`,
      ]);
    } finally {
      await t.close();
    }
  });
  it('017 counts stored tether amounts in millionths (open quotes, the quote log, claims), and back', async () => {
    const t = await createTestApp(kind, {}, { migrate: false });
    const db = t.app.services.db;
    try {
      const { error } = await migrator(db).migrateTo('016-refund-settlements');
      if (error) throw error;
      const user = await player(db);
      const now = new Date().toISOString();
      const quote = { user_id: user.id, scope_key: 'premium', created_at: now };
      await db.kysely
        .insertInto('crypto_quotes')
        .values([
          {
            ...quote,
            method: 'tether',
            base: 25_000,
            amount: 25_013,
            expires_at: '2100-01-01T00:00:00.000Z',
          },
          { ...quote, method: 'btc', base: 25_000, amount: 25_013, expires_at: '2100-01-01T00:00:00.000Z' },
        ])
        .execute();
      await db.kysely
        .insertInto('crypto_quote_log')
        .values({ ...quote, method: 'tether', base: 25_000, amount: 25_013 })
        .execute();
      const order = (method: string, expected: string) =>
        db.kysely
          .insertInto('orders')
          .values({
            user_id: user.id,
            method,
            status: 'pending',
            amount: 2500,
            currency: 'USD',
            pay_for_premium: 1,
            package_id: null,
            products: '[]',
            video_courses: '[]',
            payment_source: `${method}:u${user.id}:tx-${expected}`,
            claim_key: `${method}:tx-${expected}`,
            expected_amount: expected,
            transaction_id: null,
            created_at: now,
            updated_at: now,
          } as never)
          .execute();
      await order('tether', '25.013');
      await order('btc', '0.00025013');
      await migrateToLatest(db);
      const state = async () => ({
        quotes: await db.kysely
          .selectFrom('crypto_quotes')
          .select(['method', 'base', 'amount'])
          .orderBy('method')
          .execute(),
        log: await db.kysely.selectFrom('crypto_quote_log').select(['base', 'amount']).execute(),
        expected: (
          await db.kysely.selectFrom('orders').select('expected_amount').orderBy('id').execute()
        ).map((row) => row.expected_amount),
      });
      const numbers = (rows: Record<string, unknown>[]) =>
        rows.map((row) =>
          Object.fromEntries(
            Object.entries(row).map(([k, v]) => [k, typeof v === 'string' && k !== 'method' ? Number(v) : v]),
          ),
        );
      const up = await state();
      expect(numbers(up.quotes)).toEqual([
        { method: 'btc', base: 25_000, amount: 25_013 },
        { method: 'tether', base: 25_000_000, amount: 25_013_000 },
      ]);
      expect(numbers(up.log)).toEqual([{ base: 25_000_000, amount: 25_013_000 }]);
      expect(up.expected).toEqual(['25.013000', '0.00025013']);

      // A quote made after the change, finer than a thousandth, cannot go back: it is dropped (a reload quotes anew).
      await db.kysely
        .insertInto('crypto_quotes')
        .values({
          ...quote,
          scope_key: 'pack',
          method: 'tether',
          base: 25_000_000,
          amount: 25_000_777,
          expires_at: '2100-01-01T00:00:00.000Z',
        })
        .execute();
      const back = await migrator(db).migrateTo('016-refund-settlements');
      if (back.error) throw back.error;
      const down = await state();
      expect(numbers(down.quotes)).toEqual([
        { method: 'btc', base: 25_000, amount: 25_013 },
        { method: 'tether', base: 25_000, amount: 25_013 },
      ]);
      expect(numbers(down.log)).toEqual([{ base: 25_000, amount: 25_013 }]);
      expect(down.expected).toEqual(['25.013', '0.00025013']);
    } finally {
      await t.close();
    }
  });
});
