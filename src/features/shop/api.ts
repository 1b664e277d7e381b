import { api } from '@/lib/api-client';
import { languageAtom } from '@/lib/i18n';
import { appStore } from '@/lib/store';
import { API, pathFor } from '@contract/paths';
import type {
  CostShopBody,
  CryptoParams,
  CryptoQuoteBody,
  ManualPaymentBody,
  PaymentInfo,
  PaymentParams,
} from '@contract/payments';
import type { PackRestored, ProductPage, ShopPage } from '@contract/shop';

/**
 * The interface language, sent on every store read: names, descriptions and lesson titles come in it (English where
 * a text has no translation), and each answer is of one language whatever caches it.
 */
const lang = () => appStore.get(languageAtom);

export function fetchShop(page: number, perPage: number, signal: AbortSignal): Promise<ShopPage> {
  return api.get<ShopPage>(API.shop.list, {
    query: { page, per_page: perPage, lang: lang() },
    signal,
    quiet: true,
  });
}

export function fetchProduct(id: number, signal: AbortSignal): Promise<ProductPage> {
  return api.get<ProductPage>(pathFor(API.shop.product, { id }), {
    query: { lang: lang() },
    signal,
    quiet: true,
  });
}

/** Premium alone; quiet because the form shows its own Update state (and a toast) on failure. */
export function fetchPremiumCost(signal?: AbortSignal): Promise<PaymentParams> {
  return api.get<PaymentParams>(API.shop.costPremium, { signal, quiet: true });
}

export function fetchShopCost(body: CostShopBody, signal?: AbortSignal): Promise<PaymentParams> {
  return api.post<PaymentParams>(API.shop.costShop, body, { signal, quiet: true });
}

/**
 * One coin's exact amount for the contents a claim will name (the method's manual params): the buyer's open quote,
 * or a new one. Quiet because the payment window shows its own error and retry.
 */
export function fetchCryptoQuote(body: CryptoQuoteBody, signal?: AbortSignal): Promise<CryptoParams> {
  return api.post<CryptoParams>(API.shop.cryptoQuote, body, { signal, quiet: true });
}

export function sendManualPayment(body: ManualPaymentBody): Promise<PaymentInfo> {
  return api.post<PaymentInfo>(API.payments.manual, body, { quiet: true });
}

/**
 * The server's test payments (no provider keys, no money taken): it settles the order the cost route signed; the
 * answer is the order afterwards (status 'paid' on success).
 */
export function sandboxCharge(orderId: number, hash: string): Promise<PaymentInfo> {
  return api.post<PaymentInfo>(API.payments.sandboxCharge, { order_id: orderId, hash }, { quiet: true });
}

/** Puts a bought strategy pack's deleted folder back in the buyer's ranges. */
export function restorePack(itemId: number): Promise<PackRestored> {
  return api.post<PackRestored>(pathFor(API.shop.restorePack, { id: itemId }), undefined, { quiet: true });
}
