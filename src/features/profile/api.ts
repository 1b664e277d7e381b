import type { Static } from '@sinclair/typebox';

import { api } from '@/lib/api-client';
import { keepPasswordChanged } from '@/lib/device-tokens';
import type { Page } from '@/lib/use-paged-list';
import type { PasswordChanged } from '@contract/auth';
import type { AcceptResponse as AcceptResponseSchema, IncomingPage } from '@contract/categories';
import { API, pathFor } from '@contract/paths';
import type { Purchase, ReferralPayment, UpdatePasswordBody } from '@contract/profile';
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
  const data = await api.get<PagedItems<Purchase>>(API.users.purchases, {
    query: { page, per_page: perPage },
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

export function acceptIncoming(id: number): Promise<AcceptResponse> {
  return api.post<AcceptResponse>(pathFor(API.categories.incomingAccept, { id }));
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

/** Puts a bought strategy pack's deleted folder back in the buyer's ranges (the store's restore route). */
export function restorePack(itemId: number): Promise<PackRestored> {
  return api.post<PackRestored>(pathFor(API.shop.restorePack, { id: itemId }), undefined, { quiet: true });
}
