// The strategy diff's server calls: own ranges through the library's routes, an incoming strategy through the
// compare route (its chart, buttons and what accepting would replace), accept and reject as the profile does.
import { api } from '@/lib/api-client';
import { libraryReads } from '@/lib/library-reads';
import type { IncomingCompare } from '@contract/categories';
import { API, pathFor } from '@contract/paths';

export interface AcceptResult {
  category_id: number;
  removed_category_id: number | null;
}

export const diffApi = {
  ...libraryReads,
  incoming: (shareId: number, signal?: AbortSignal) =>
    api.get<IncomingCompare>(pathFor(API.categories.incomingCompare, { id: shareId }), {
      signal,
      quiet: true,
    }),
  /**
   * Names the category the player agreed to lose to the free-tier swap (the one the page showed), null for none; the
   * server refuses with 409 when it would take another. Not quiet: a 402 opens the Premium window and other
   * failures show the server's message, as in the profile.
   */
  accept: (shareId: number, replaces: number | null) =>
    api.post<AcceptResult>(pathFor(API.categories.incomingAccept, { id: shareId }), { replaces }),
  reject: (shareId: number) => api.post<unknown>(pathFor(API.categories.incomingReject, { id: shareId })),
};
