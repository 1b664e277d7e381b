import { asLanguage } from '../../../contract/languages.ts';
import type { DialectName } from '../../db/database.ts';
import type { OrderRow } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';
import type { Executor } from '../categories/categories.repository.ts';
import { readSettings } from '../settings/settings.repository.ts';
import { findItems, findPackContent, findUser, ownedItemIds } from '../shop/shop.repository.ts';
import { insertPack, parsePackContent } from '../shop/templates.ts';
import { itemNameIn } from '../shop/texts.repository.ts';
import { parseLinePrices } from './line-prices.ts';
import {
  flagRefund,
  grantPremium,
  insertPremiumPurchase,
  insertPurchaseOnce,
  insertReferralPayment,
  setPurchaseFolder,
} from './payments.repository.ts';

/** The item ids an order's products or video_courses column lists (none when unreadable). */
export const idList = (json: string): number[] => {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
};

/**
 * Grants what a paid order bought, inside the caller's transaction (the caller has just moved the order to paid with
 * a conditional update, so this runs once per order): Premium, strategy packs copied into the buyer's tree as
 * ready-made templates, course ownership, the purchase records and the referrer's percent.
 *
 * Nothing is granted twice. An item the buyer already holds (a second open order paid for the same thing) keeps its
 * first purchase, the database refusing the copy; its price is flagged on the order for the admin's refund queue,
 * and the referrer earns only on what was really delivered. Test (sandbox) payments never pay a referrer.
 *
 * Items are delivered whether or not they are still published: an order opened while a course was for sale and
 * paid after an admin set it back to draft is delivered (the buyer paid, and owners keep access to drafts); the
 * store itself never prices or lists a draft, so no new order for one can be opened.
 */
export async function fulfilOrder(trx: Executor, dialect: DialectName, order: OrderRow): Promise<void> {
  const now = nowIso();
  const user = await findUser(trx, order.user_id);
  // The buyer deleted the account before the money arrived (a late card charge, a claim confirmed afterwards):
  // nothing can be delivered to it, so the whole payment goes to the admin's refund queue and no referrer earns.
  if (user.deleted_at !== null) {
    await flagRefund(trx, order.id, order.amount);
    return;
  }
  const items = await findItems(trx, [...idList(order.products), ...idList(order.video_courses)]);
  // The prices the order was charged at; an order made before they were stored falls back to today's prices.
  const lines = parseLinePrices(order.line_prices);
  const price = (item: (typeof items)[number]) =>
    lines?.items[String(item.id)] ?? (order.currency === 'RUB' ? item.price_rub : item.price_usd);
  const itemsTotal = items.reduce((sum, item) => sum + price(item), 0);
  let delivered = 0;
  let refund = 0;

  if (order.pay_for_premium) {
    const premiumAmount = lines ? lines.premium : Math.max(0, order.amount - itemsTotal);
    if (await grantPremium(trx, user.id)) {
      await insertPremiumPurchase(trx, {
        user_id: user.id,
        order_id: order.id,
        kind: 'premium',
        item_id: null,
        name: 'Premium',
        amount: premiumAmount,
        currency: order.currency,
        created_at: now,
      });
      delivered += premiumAmount;
    } else {
      refund += premiumAmount;
    }
  }
  for (const item of items) {
    const purchaseId = await insertPurchaseOnce(trx, {
      user_id: user.id,
      order_id: order.id,
      kind: item.type,
      item_id: item.id,
      name: item.name,
      amount: price(item),
      currency: order.currency,
      created_at: now,
    });
    if (purchaseId === undefined) {
      refund += price(item);
      continue;
    }
    delivered += price(item);
    if (item.type === 'product') {
      const stored = await findPackContent(trx, item.id);
      const content = stored ? parsePackContent(stored) : null;
      if (content) {
        // The pack arrives in the buyer's language of the moment: its folder, charts, notes and buttons.
        const language = asLanguage(user.language);
        const name = await itemNameIn(trx, item, language);
        const folder = await insertPack(trx, dialect, user.id, name, content, true, language);
        await setPurchaseFolder(trx, purchaseId, folder);
      }
    }
  }
  if (refund > 0) await flagRefund(trx, order.id, Math.min(refund, order.amount));

  if (user.referrer_id !== null && !order.sandbox && delivered > 0) {
    const { referral_percent: percent } = await readSettings(trx);
    if (percent > 0) {
      await insertReferralPayment(trx, {
        referrer_id: user.referrer_id,
        user_id: user.id,
        order_id: order.id,
        percent,
        amount: Math.round((delivered * percent) / 100),
        currency: order.currency,
        type: items.length === 0 ? 'premium' : 'shop',
        created_at: now,
      });
    }
  }
}

/**
 * Whether the buyer already holds part of what an order buys (Premium, or an item): the order was opened before,
 * and the buyer came to hold it another way while it stayed open (a transfer confirmed, another order paid).
 */
export async function holdsPartOf(db: Executor, order: OrderRow): Promise<boolean> {
  const user = await findUser(db, order.user_id);
  if (order.pay_for_premium && user.is_premium) return true;
  const wanted = [...idList(order.products), ...idList(order.video_courses)];
  if (wanted.length === 0) return false;
  const owned = await ownedItemIds(db, order.user_id);
  return wanted.some((id) => owned.has(id));
}
