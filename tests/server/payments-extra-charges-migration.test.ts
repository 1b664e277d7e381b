// Migration 018 adds the record of extra card charges and changes no existing row; going back removes the charges
// and their refunds' records, and keeps every refund of an order's own payment.
import { sql } from 'kysely';
import { expect, it } from 'vitest';

import { migrateToLatest, migrator } from '../../server/db/migrate.ts';
import { insertUserRow } from './helpers/api.ts';
import { createTestApp, describeEachDatabase } from './helpers/test-app.ts';

describeEachDatabase('extra charges migration', (kind) => {
  it('goes back to 017 keeping the order refunds, and up again', async () => {
    const t = await createTestApp(kind);
    const db = t.app.services.db;
    try {
      const user = await insertUserRow(t.app);
      const now = new Date().toISOString();
      const order = await db.kysely
        .insertInto('orders')
        .values({
          user_id: user.id,
          method: 'cloudpayments',
          status: 'paid',
          amount: 2500,
          currency: 'USD',
          pay_for_premium: 1,
          package_id: null,
          products: '[]',
          video_courses: '[]',
          payment_source: null,
          claim_key: null,
          expected_amount: null,
          transaction_id: '100',
          scope_key: null,
          sandbox: 0,
          refund_amount: 0,
          refunded_at: null,
          line_prices: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const extra = await db.kysely
        .insertInto('extra_charges')
        .values({
          transaction_id: '101',
          order_id: order.id,
          amount: 2500,
          currency: 'USD',
          reason: 'paid_twice',
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.kysely
        .insertInto('card_refunds')
        .values([
          { transaction_key: 'refund:200', order_id: order.id, amount: 1000, created_at: now },
          {
            transaction_key: 'refund:201',
            order_id: order.id,
            amount: 2500,
            created_at: now,
            extra_charge_id: extra.id,
          },
        ])
        .execute();

      const back = await migrator(db).migrateTo('017-tether-millionths');
      if (back.error) throw back.error;
      const kept = await sql<{ transaction_key: string }>`SELECT transaction_key FROM card_refunds`.execute(
        db.kysely,
      );
      expect(kept.rows.map((row) => row.transaction_key)).toEqual(['refund:200']);
      await expect(sql`SELECT id FROM extra_charges`.execute(db.kysely)).rejects.toThrow();

      await migrateToLatest(db);
      expect(await db.kysely.selectFrom('extra_charges').selectAll().execute()).toEqual([]);
      const refunds = await db.kysely.selectFrom('card_refunds').selectAll().execute();
      expect(refunds).toMatchObject([{ transaction_key: 'refund:200', extra_charge_id: null }]);
    } finally {
      await t.close();
    }
  });
});
