import type { AdminPayment, ItemBody, Settings } from '@contract/admin';
import { API, pathFor } from '@contract/paths';
import type { PAYMENT_STATUSES } from '@contract/payments';

import { api } from '@/lib/api-client';
import type { Page } from '@/lib/use-paged-list';

export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Paged answers come as `{ total, page, per_page, list }` (or `items`, as the profile lists do). */
interface PagedAnswer<T> {
  total: number;
  page: number;
  list?: T[];
  items?: T[];
}

function toPage<T>(data: PagedAnswer<T>): Page<T> {
  return { total: data.total, page: data.page, list: data.list ?? data.items ?? [] };
}

export async function fetchManualPayments(
  status: PaymentStatus | '',
  page: number,
  perPage: number,
  signal: AbortSignal,
): Promise<Page<AdminPayment>> {
  const data = await api.get<PagedAnswer<AdminPayment>>(API.admin.manualPayments, {
    query: { status, page, per_page: perPage },
    signal,
    quiet: true,
  });
  return toPage(data);
}

export function confirmPayment(id: number): Promise<unknown> {
  return api.post<unknown>(pathFor(API.admin.confirmPayment, { id }));
}

export function rejectPayment(id: number): Promise<unknown> {
  return api.post<unknown>(pathFor(API.admin.rejectPayment, { id }));
}

export function fetchSettings(signal: AbortSignal): Promise<Settings> {
  return api.get<Settings>(API.admin.settings, { signal, quiet: true });
}

export function saveSettings(settings: Partial<Settings>): Promise<Settings> {
  return api.put<Settings>(API.admin.settings, settings, { quiet: true });
}

export interface AdminLesson {
  id: number;
  title: string;
  position: number;
  has_video: boolean;
}

export interface AdminItem {
  id: number;
  type: 'product' | 'video_course';
  name: string;
  description: string;
  price_usd: number;
  price_rub: number;
  package_id: number | null;
  lessons?: AdminLesson[];
}

export async function fetchItems(
  page: number,
  perPage: number,
  signal: AbortSignal,
): Promise<Page<AdminItem>> {
  const data = await api.get<PagedAnswer<AdminItem> | AdminItem[]>(API.admin.items, {
    query: { page, per_page: perPage },
    signal,
    quiet: true,
  });
  if (Array.isArray(data)) return { total: data.length, page: 1, list: data };
  return toPage(data);
}

export function createItem(body: ItemBody): Promise<AdminItem> {
  return api.post<AdminItem>(API.admin.items, body, { quiet: true });
}

export function updateItem(id: number, body: Partial<ItemBody>): Promise<AdminItem> {
  return api.put<AdminItem>(pathFor(API.admin.item, { id }), body, { quiet: true });
}

export function deleteItem(id: number): Promise<unknown> {
  return api.delete<unknown>(pathFor(API.admin.item, { id }));
}

export function createLesson(itemId: number, title: string): Promise<AdminLesson> {
  return api.post<AdminLesson>(pathFor(API.admin.lessons, { id: itemId }), { title }, { quiet: true });
}

export function uploadLessonVideo(lessonId: number, file: File): Promise<unknown> {
  const form = new FormData();
  form.append('video', file);
  return api.upload<unknown>(pathFor(API.admin.lessonVideo, { id: lessonId }), form, { quiet: true });
}
