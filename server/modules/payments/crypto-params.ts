import type { Settings } from '../../../contract/admin.ts';
import { ERROR_MESSAGES } from '../../../contract/errors.ts';
import type { CryptoMethod, CryptoParams, CryptoQuoteBody } from '../../../contract/payments.ts';
import { badRequest, conflict, HttpError } from '../../lib/http-error.ts';
import type { Executor } from '../categories/categories.repository.ts';
import type { OrderScope, PricedOrder } from '../shop/pricing.ts';
import { baseUnits, formatUnits, openQuoteAmount, quoteAmount } from './crypto-quotes.ts';

// Why the cost routes only read: each quote holds one of its method's amounts for 24 h, and bitcoin has only about
// 500 near a $25 price. Quoting both coins on every window opening, for card buyers too, used them all up with no
// attacker at all and spent every buyer's budget of new quotes. A quote is now made when the buyer picks the coin.

/** What both answers are computed from: the buyer, the priced contents and their key, today's settings. */
export interface CryptoContext {
  db: Executor;
  userId: number;
  priced: PricedOrder;
  settings: Settings;
  /** closedManualMethods: the methods with no real address. */
  closed: ReadonlySet<string>;
  scopeKey: string;
}

/** The method's address, '' when an admin has not set a real one (closedManualMethods). */
const accountOf = (settings: Settings, method: CryptoMethod, closed: ReadonlySet<string>): string =>
  closed.has(method) ? '' : method === 'btc' ? settings.btc_account : settings.tether_account;

const major = (method: CryptoMethod, units: number): number => Number(formatUnits(method, units));

/**
 * What the cost routes say of a crypto method, without making a quote: the buyer's open quote for these contents at
 * today's price when there is one (`quoted`), else the plain price, which the window must not show as the amount.
 */
export async function cryptoCostParams(
  { db, userId, priced, settings, closed, scopeKey }: CryptoContext,
  method: CryptoMethod,
): Promise<CryptoParams> {
  const base = baseUnits(method, priced.amountUsd, settings.btc_usd_rate);
  const account = accountOf(settings, method, closed);
  if (account === '' || priced.amount <= 0 || base <= 0)
    return { price: major(method, base), account, quoted: false };
  const amount = await openQuoteAmount(db, userId, method, scopeKey, base);
  return amount === null
    ? { price: major(method, base), account, quoted: false }
    : { price: major(method, amount), account, quoted: true };
}

/** The contents a quote body names, as the claim reads the same fields; items without their package are refused. */
export function quoteScope(body: CryptoQuoteBody): OrderScope {
  const products = body.products ?? [];
  const videoCourses = body.video_courses ?? [];
  if ((body.package_id ?? null) === null && products.length + videoCourses.length > 0) {
    throw new HttpError(400, 'invalidRequest', undefined, {
      message: `${ERROR_MESSAGES.invalidRequest}: body.package_id is required with products or video_courses`,
    });
  }
  return {
    payForPremium: body.pay_for_premium ?? false,
    packageId: body.package_id ?? null,
    products,
    videoCourses,
  };
}

/**
 * The quote route: the buyer's open quote for these contents, or a new one when `allowNew` (the budget of new
 * quotes) agrees. A method with no real address answers as the cost routes do (no address, not quoted); nothing to
 * pay is the claim's "shopping list is empty"; a card price with a crypto price of 0 is SPEC §4's "choose another
 * form of payment" (the window refuses the method before asking).
 */
export async function quoteCryptoParams(
  { db, userId, priced, settings, closed, scopeKey }: CryptoContext,
  method: CryptoMethod,
  allowNew: () => Promise<boolean>,
): Promise<CryptoParams> {
  const base = baseUnits(method, priced.amountUsd, settings.btc_usd_rate);
  const account = accountOf(settings, method, closed);
  if (account === '') return { price: major(method, base), account, quoted: false };
  if (priced.amount <= 0) throw badRequest('shoppingListEmpty');
  if (base <= 0) throw conflict('chooseAnotherPayment');
  const quote = await quoteAmount(db, userId, method, scopeKey, base, allowNew);
  // Every amount near this price is quoted to someone, or this client made too many new quotes: the method is
  // closed for now rather than ambiguous, and the window says why.
  if ('closed' in quote)
    return { price: major(method, base), account: '', quoted: false, closed: quote.closed };
  return { price: major(method, quote.amount), account, quoted: true };
}
