// Migration 015 on an install holding crypto claims: each claim keeps counting once for its user (payment_source
// becomes per user), its transaction stays paid at most once (claim_key), and going back restores the old keys.
import { expect, it } from 'vitest';

import { migrateToLatest, migrator } from '../../server/db/migrate.ts';
import { registerUser } from './helpers/api.ts';
import { createTestApp, describeEachDatabase } from './helpers/test-app.ts';

describeEachDatabase('crypto claims migration on an older install', (kind) => {
  it('moves chain claims to per-user keys with a shared claim key, and back', async () => {
    const t = await createTestApp(kind, {}, { migrate: false });
    const db = t.app.services.db;
    try {
      const { error } = await migrator(db).migrateTo('013-device-tokens');
      if (error) throw error;
      const user = await registerUser(t.app);
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
});
