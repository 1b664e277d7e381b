import type { Executor } from '../categories/categories.repository.ts';

/** The mail outbox's queue: mail not yet delivered (pending), given up on (failed), and the oldest pending one. */
export async function outboxState(db: Executor) {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => [
      eb.fn.sum<number>(eb.case().when('status', '=', 'pending').then(1).else(0).end()).as('pending'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'failed').then(1).else(0).end()).as('failed'),
      eb.fn
        .min<string | null>(eb.case().when('status', '=', 'pending').then(eb.ref('created_at')).end())
        .as('oldest'),
    ])
    .executeTakeFirstOrThrow();
  return { pending: Number(row.pending ?? 0), failed: Number(row.failed ?? 0), oldest: row.oldest ?? null };
}

/** Real (not sandbox) orders by method and status. */
export async function ordersByStatus(db: Executor) {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['method', 'status', eb.fn.countAll<number>().as('count')])
    .where('sandbox', '=', 0)
    .groupBy(['method', 'status'])
    .execute();
  return rows.map((row) => ({ method: row.method, status: row.status, count: Number(row.count) }));
}

/**
 * What waits in the admin's refund queue, by reason (as listAdminOrders selects it), and pending crypto or card
 * transfer claims that name a transaction another order claims too.
 */
export async function flaggedPayments(db: Executor) {
  const count = async (query: { executeTakeFirstOrThrow(): Promise<{ count: number | string }> }) =>
    Number((await query.executeTakeFirstOrThrow()).count);
  const orders = db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('count'));
  return {
    refund_due: await count(orders.where('refund_amount', '>', 0).where('refunded_at', 'is', null)),
    refund_review: await count(orders.where('refund_review', '=', 1)),
    extra_charge: await count(
      db
        .selectFrom('extra_charges')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('refunded_at', 'is', null),
    ),
    shared_claim: await count(
      orders
        .where('status', '=', 'pending')
        .where('claim_key', 'is not', null)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('orders as other')
              .select('other.id')
              .whereRef('other.claim_key', '=', 'orders.claim_key')
              .whereRef('other.id', '!=', 'orders.id'),
          ),
        ),
    ),
  };
}
