import type { OrderRow } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';
import type { Executor } from '../categories/categories.repository.ts';
import { readSettings } from '../settings/settings.repository.ts';
import { insertPack, parsePackContent } from '../shop/templates.ts';

const ids = (json: string): number[] => {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
};

/**
 * Grants what a paid order bought, inside the caller's transaction (the caller has just moved the order from pending
 * to paid with a conditional update, so this runs once per order): Premium, strategy packs copied into the buyer's
 * tree as ready-made templates, course ownership, the purchase records and the referrer's percent.
 */
export async function fulfilOrder(trx: Executor, order: OrderRow): Promise<void> {
  const now = nowIso();
  const user = await trx
    .selectFrom('users')
    .selectAll()
    .where('id', '=', order.user_id)
    .executeTakeFirstOrThrow();
  const itemIds = [...ids(order.products), ...ids(order.video_courses)];
  const items = itemIds.length
    ? await trx.selectFrom('shop_items').selectAll().where('id', 'in', itemIds).execute()
    : [];
  const price = (item: (typeof items)[number]) =>
    order.currency === 'RUB' ? item.price_rub : item.price_usd;
  const itemsTotal = items.reduce((sum, item) => sum + price(item), 0);

  if (order.pay_for_premium) {
    await trx.updateTable('users').set({ is_premium: 1 }).where('id', '=', user.id).execute();
    await trx
      .insertInto('purchases')
      .values({
        user_id: user.id,
        order_id: order.id,
        kind: 'premium',
        item_id: null,
        name: 'Premium',
        amount: Math.max(0, order.amount - itemsTotal),
        currency: order.currency,
        created_at: now,
      })
      .execute();
  }
  for (const item of items) {
    const already = await trx
      .selectFrom('purchases')
      .select('id')
      .where('user_id', '=', user.id)
      .where('item_id', '=', item.id)
      .executeTakeFirst();
    if (already) continue;
    if (item.type === 'product') {
      const stored = await trx
        .selectFrom('shop_item_contents')
        .select('content')
        .where('item_id', '=', item.id)
        .executeTakeFirst();
      const content = stored ? parsePackContent(stored.content) : null;
      if (content) await insertPack(trx, user.id, item.name, content, true);
    }
    await trx
      .insertInto('purchases')
      .values({
        user_id: user.id,
        order_id: order.id,
        kind: item.type,
        item_id: item.id,
        name: item.name,
        amount: price(item),
        currency: order.currency,
        created_at: now,
      })
      .execute();
  }

  if (user.referrer_id !== null && order.amount > 0) {
    const { referral_percent: percent } = await readSettings(trx);
    if (percent > 0) {
      await trx
        .insertInto('referral_payments')
        .values({
          referrer_id: user.referrer_id,
          user_id: user.id,
          order_id: order.id,
          percent,
          amount: Math.round((order.amount * percent) / 100),
          currency: order.currency,
          type: items.length === 0 ? 'premium' : 'shop',
          created_at: now,
        })
        .execute();
    }
  }
}
