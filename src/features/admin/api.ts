import { api } from '@/lib/api-client';
import type { Page } from '@/lib/use-paged-list';
import type {
  AdminAuditEntry,
  AdminExtraCharge,
  AdminOrderLines,
  AdminPackage,
  AdminPayment,
  ItemBody,
  LessonBody,
  PackageBody,
  Settings,
  TakeBackBody,
} from '@contract/admin';
import { API, pathFor } from '@contract/paths';
import type { PAYMENT_STATUSES } from '@contract/payments';

export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/**
 * The manual payments of one status (refunded: card orders the provider refunded), or `refunds`: every order owing
 * money back (a second charge for owned items, an extra card charge of its invoice) or holding a partial card refund
 * for the admin to check.
 */
export type PaymentFilter = PaymentStatus | 'refunds';

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
  filter: PaymentFilter,
  page: number,
  perPage: number,
  signal: AbortSignal,
): Promise<Page<AdminPayment>> {
  const which = filter === 'refunds' ? { queue: 'refunds' } : { status: filter };
  const data = await api.get<PagedAnswer<AdminPayment>>(API.admin.manualPayments, {
    query: { ...which, page, per_page: perPage },
    signal,
    quiet: true,
  });
  return toPage(data);
}

/** What admins did, newest first. */
export async function fetchAudit(
  page: number,
  perPage: number,
  signal: AbortSignal,
): Promise<Page<AdminAuditEntry>> {
  const data = await api.get<PagedAnswer<AdminAuditEntry>>(API.admin.audit, {
    query: { page, per_page: perPage },
    signal,
    quiet: true,
  });
  return toPage(data);
}

export function confirmPayment(id: number): Promise<unknown> {
  return api.post<unknown>(pathFor(API.admin.confirmPayment, { id }));
}

/** The refund of a double charge has been sent: the order leaves the refund queue. */
export function markRefunded(id: number): Promise<unknown> {
  return api.post<unknown>(pathFor(API.admin.refundedPayment, { id }));
}

/** An extra card charge (one that paid for nothing) was sent back outside the provider: it leaves the refund queue. */
export function markExtraChargeRefunded(id: number): Promise<AdminExtraCharge> {
  return api.post<AdminExtraCharge>(pathFor(API.admin.extraChargeRefunded, { id }));
}

export function rejectPayment(id: number): Promise<unknown> {
  return api.post<unknown>(pathFor(API.admin.rejectPayment, { id }));
}

export function fetchSettings(signal: AbortSignal): Promise<Settings> {
  return api.get<Settings>(API.admin.settings, { signal, quiet: true });
}

export function saveSettings(settings: Partial<Settings>): Promise<Settings> {
  return api.post<Settings>(API.admin.settings, settings, { quiet: true });
}

// Store items: the admin's own catalogue lists every package with every item, drafts included (the public store
// hides drafts), with both prices, the number of owners and each course's lessons.

export async function fetchAdminCatalogue(
  page: number,
  perPage: number,
  signal: AbortSignal,
): Promise<Page<AdminPackage>> {
  const data = await api.get<PagedAnswer<AdminPackage>>(API.admin.items, {
    query: { page, per_page: perPage },
    signal,
    quiet: true,
  });
  return toPage(data);
}

/** Publishes an item or sets it back to draft; a course with a lesson lacking its video is refused (409). */
export function setItemPublished(id: number, published: boolean): Promise<{ ok: boolean }> {
  return api.post<{ ok: boolean }>(pathFor(API.admin.publish, { id }), { published }, { quiet: true });
}

export function createItem(body: ItemBody): Promise<{ id: number; package_id: number }> {
  return api.post<{ id: number; package_id: number }>(API.admin.items, body, { quiet: true });
}

export function updateItem(id: number, body: ItemBody): Promise<{ ok: boolean }> {
  return api.post<{ ok: boolean }>(pathFor(API.admin.item, { id }), body, { quiet: true });
}

export function createLesson(itemId: number, body: LessonBody): Promise<{ id: number }> {
  return api.post<{ id: number }>(pathFor(API.admin.lessons, { id: itemId }), body, { quiet: true });
}

/** A lesson's title in English and the other languages (the translations sent replace the stored ones). */
export function updateLesson(lessonId: number, body: LessonBody): Promise<{ ok: boolean }> {
  return api.post<{ ok: boolean }>(pathFor(API.admin.lesson, { id: lessonId }), body, { quiet: true });
}

/** A package's name and description in English and the other languages. */
export function updatePackage(packageId: number, body: PackageBody): Promise<{ ok: boolean }> {
  return api.post<{ ok: boolean }>(pathFor(API.admin.package, { id: packageId }), body, { quiet: true });
}

export function uploadLessonVideo(lessonId: number, file: File): Promise<{ ok: boolean }> {
  const form = new FormData();
  form.append('video', file);
  return api.upload<{ ok: boolean }>(pathFor(API.admin.lessonVideo, { id: lessonId }), form, { quiet: true });
}

// A refund the server could not match, or a manual payment refunded by hand: the admin takes lines back or closes
// the flag with nothing taken back (server: settlement.service.ts). Errors (409 taken already, 400 too much) are
// shown by the global handler.

export function fetchOrderLines(orderId: number, signal: AbortSignal): Promise<AdminOrderLines> {
  return api.get<AdminOrderLines>(pathFor(API.admin.orderLines, { id: orderId }), { signal, quiet: true });
}

export function takeBackLines(orderId: number, body: TakeBackBody): Promise<AdminOrderLines> {
  return api.post<AdminOrderLines>(pathFor(API.admin.takeBack, { id: orderId }), body);
}

export function nothingToTakeBack(orderId: number): Promise<AdminOrderLines> {
  return api.post<AdminOrderLines>(pathFor(API.admin.nothingToTakeBack, { id: orderId }));
}
