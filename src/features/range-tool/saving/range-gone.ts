// A range deleted while a page still had an edit of it (in another tab, on another device, or swapped out when a free
// account accepted a shared strategy): its save meets 404. The edit stays the player's, held on this device, until
// they save it as a new range or let it go. These are the pure rules; use-range-gone.ts carries them out.
import { ApiError } from '@/lib/api-client';
import type { CreateCategoryBody, RootType } from '@contract/categories';

import { newRangeBody, type RangeBody } from './range-conflict';

export interface GoneRange {
  key: string;
  userId: number;
  categoryId: number;
  /** The newest edit of the range, as held on this device. */
  mine: RangeBody;
}

/** Adds or replaces the entry of one range (a later edit of the same deleted range replaces the older). */
export function withGone(list: readonly GoneRange[], next: GoneRange): GoneRange[] {
  const at = list.findIndex((entry) => entry.key === next.key);
  if (at < 0) return [...list, next];
  return list.map((entry, index) => (index === at ? next : entry));
}

/** What the new range is called and where it goes when the held edit does not say (a body an older page held). */
export interface PlaceFallback {
  name: string;
  rootType: RootType;
}

/**
 * The new range made from a deleted one's held edit: its name, in its folder (or at the top level of the same tree
 * with `atTop`), with the player's whole version. A villain of the deleted chart itself names the new range once it
 * exists (copyRelink).
 */
export function recreateBody(gone: GoneRange, fallback: PlaceFallback, atTop = false): CreateCategoryBody {
  const { origin } = gone.mine;
  const source = {
    id: gone.categoryId,
    root_type: origin?.root_type ?? fallback.rootType,
    parent_id: origin?.parent_id ?? null,
  };
  return newRangeBody(gone.mine, source, origin?.name ?? fallback.name, atTop ? null : source.parent_id);
}

/** The server refused the folder as the new range's place: it was deleted too (or is no longer one to write in). */
export const folderRefused = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 400 && error.code === 'invalidParent';

/** Whether the refusal is the free tier's limit on ranges and categories (402). */
export const overFreeLimit = (error: unknown): boolean => error instanceof ApiError && error.status === 402;
