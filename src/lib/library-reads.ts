// Reads of the player's library (the tree of a root, one chart, a chart's hands) for the tools outside the range tool
// that load charts from it: the push/fold tool and the strategy diff.
import { api } from '@/lib/api-client';
import type { Category, Pair, RootType, TreeResponse } from '@contract/categories';
import { API, pathFor } from '@contract/paths';

/** Quiet: the page shows a failed load itself (with a retry), so the app-wide error handler says nothing. */
export const libraryReads = {
  tree: (rootType: RootType, signal?: AbortSignal) =>
    api.get<TreeResponse>(API.categories.tree, { query: { root_type: rootType }, signal, quiet: true }),
  category: (id: number, signal?: AbortSignal) =>
    api.get<Category>(pathFor(API.categories.byId, { id }), { signal, quiet: true }),
  range: (categoryId: number, signal?: AbortSignal) =>
    api.get<Pair[]>(API.categories.range, { query: { category_id: categoryId }, signal, quiet: true }),
};
