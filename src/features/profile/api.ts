import type { Static } from '@sinclair/typebox';

import { api, apiDownload, type DownloadedFile } from '@/lib/api-client';
import { forgetDeviceToken, keepPasswordChanged } from '@/lib/device-tokens';
import { languageAtom } from '@/lib/i18n';
import { appStore } from '@/lib/store';
import type { Page } from '@/lib/use-paged-list';
import type { PasswordChanged } from '@contract/auth';
import type {
  AcceptBody,
  AcceptResponse as AcceptResponseSchema,
  CategoryRef,
  IncomingCompare,
  IncomingPage,
} from '@contract/categories';
import { API, pathFor } from '@contract/paths';
import type { DeleteAccountBody, Purchase, ReferralPayment, UpdatePasswordBody } from '@contract/profile';
import type { PackRestored } from '@contract/shop';

export type AcceptResponse = Static<typeof AcceptResponseSchema>;

interface PagedItems<T> {
  total: number;
  page: number;
  per_page: number;
  items: T[];
}

function toPage<T>(data: PagedItems<T>): Page<T> {
  return { total: data.total, page: data.page, list: data.items };
}

export async function fetchPurchases(
  page: number,
  perPage: number,
  signal: AbortSignal,
): Promise<Page<Purchase>> {
  // Each purchase is named as its item is now in the interface language.
  const data = await api.get<PagedItems<Purchase>>(API.users.purchases, {
    query: { page, per_page: perPage, lang: appStore.get(languageAtom) },
    signal,
    quiet: true,
  });
  return toPage(data);
}

export async function fetchReferralPayments(
  page: number,
  perPage: number,
  signal: AbortSignal,
): Promise<Page<ReferralPayment>> {
  const data = await api.get<PagedItems<ReferralPayment>>(API.users.affiliatePurchases, {
    query: { page, per_page: perPage },
    signal,
    quiet: true,
  });
  return toPage(data);
}

export async function fetchIncoming(page: number, perPage: number, signal: AbortSignal) {
  const data = await api.get<IncomingPage>(API.categories.incoming, {
    query: { page, per_page: perPage },
    signal,
    quiet: true,
  });
  return { total: data.total, page: data.page, list: data.list };
}

/**
 * The own category accepting would delete now (the free-tier swap, SPEC §4), or null: the compare answer's
 * `replaces`, computed by the accept route's own rule. Quiet: the caller shows the failure.
 */
export async function fetchAcceptSwap(id: number): Promise<CategoryRef | null> {
  const compare = await api.get<IncomingCompare>(pathFor(API.categories.incomingCompare, { id }), {
    quiet: true,
  });
  return compare.replaces;
}

/**
 * Accepts naming the category the player agreed to lose (null: none). Quiet: a 409 (the swap would now take another
 * category) is asked again by the caller, which shows every other failure itself.
 */
export function acceptIncoming(id: number, replaces: number | null): Promise<AcceptResponse> {
  const body: AcceptBody = { replaces };
  return api.post<AcceptResponse>(pathFor(API.categories.incomingAccept, { id }), body, { quiet: true });
}

export function rejectIncoming(id: number): Promise<unknown> {
  return api.post<unknown>(pathFor(API.categories.incomingReject, { id }));
}

export interface PreviewPair {
  hand: string;
  colors: Array<{ color: string; weight: number }>;
}

/** The chart of a range shared with the user (by share id), for the preview before accepting. */
export function fetchRangePreview(shareId: number, signal: AbortSignal): Promise<PreviewPair[]> {
  return api.get<PreviewPair[]>(pathFor(API.categories.incomingRange, { id: shareId }), {
    signal,
    quiet: true,
  });
}

export function updateUsername(username: string): Promise<{ username?: string } | null> {
  return api.post<{ username?: string } | null>(API.users.updateUsername, { username }, { quiet: true });
}

/** The change revokes the account's other device tokens; this browser keeps the fresh one it is given. */
export async function updatePassword(body: UpdatePasswordBody): Promise<PasswordChanged> {
  return keepPasswordChanged(
    await api.post<PasswordChanged>(API.users.updatePassword, body, { quiet: true }),
  );
}

export function updateAvatar(file: File): Promise<{ avatar: string }> {
  const form = new FormData();
  form.append('avatar', file);
  return api.upload<{ avatar: string }>(API.users.updateAvatar, form, { quiet: true });
}

/** "Download my data": the zip of everything the account holds (the server streams it, at most 5 an hour). */
export function downloadMyData(): Promise<DownloadedFile> {
  return apiDownload(API.users.exportData, { quiet: true, fallbackName: 'rangeforge-data.zip' });
}

/** Deletes the account for good; this browser's device token for it goes too. */
export async function deleteAccount(userId: number, body: DeleteAccountBody): Promise<void> {
  await api.post<unknown>(API.users.deleteAccount, body, { quiet: true });
  forgetDeviceToken(userId);
}

/** Puts a bought strategy pack's deleted folder back in the buyer's ranges (the store's restore route). */
export function restorePack(itemId: number): Promise<PackRestored> {
  return api.post<PackRestored>(pathFor(API.shop.restorePack, { id: itemId }), undefined, { quiet: true });
}
