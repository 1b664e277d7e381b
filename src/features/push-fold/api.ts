// The push/fold tool's server calls, all through the library's routes: the trees (to count what a free plan still
// holds and to pick a chart to compare), a chart to compare, and the charts a solved spot is saved as.
import { api } from '@/lib/api-client';
import { libraryReads } from '@/lib/library-reads';
import type { Category, CreateCategoryBody } from '@contract/categories';
import { API, pathFor } from '@contract/paths';

export const pushFoldApi = {
  ...libraryReads,
  /**
   * Quiet: the save says what went wrong in its dialog (and waits out a spent write budget); a 402 still opens the
   * Premium window.
   */
  create: (body: CreateCategoryBody) => api.post<Category>(API.categories.root, body, { quiet: true }),
  /** Takes back a folder whose charts could not all be saved; the save reports the first failure itself. */
  remove: (id: number) => api.delete<{ ok: boolean }>(pathFor(API.categories.byId, { id }), { quiet: true }),
};
