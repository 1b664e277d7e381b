// The range library's server calls (contract/categories.ts, contract/paths.ts) over the app's API client.
import { api, buildUrl } from '@/lib/api-client';
import type {
  Category,
  CreateCategoryBody,
  Pair,
  RootType,
  TreeResponse,
  UpdateCategoryBody,
} from '@contract/categories';
import { API, pathFor } from '@contract/paths';
import type { FoundUser } from '@contract/profile';

export type CategoryAction = 'copyUp' | 'copyDown' | 'moveUp' | 'moveDown' | 'createFromTemplate';

const rangeQuery = (categoryId: number) => ({ category_id: categoryId, begin: 0, end: 169 });

/** The URLs of one range's GETs, as the service worker caches them (the saver refreshes those copies). */
export const rangePaths = (categoryId: number) => ({
  category: pathFor(API.categories.byId, { id: categoryId }),
  range: buildUrl(API.categories.range, rangeQuery(categoryId)),
});

export const rangeApi = {
  tree: (rootType: RootType) =>
    api.get<TreeResponse>(API.categories.tree, { query: { root_type: rootType } }),
  range: (categoryId: number, signal?: AbortSignal, quiet = false) =>
    api.get<Pair[]>(API.categories.range, { query: rangeQuery(categoryId), signal, quiet }),
  /** A chart read as an extra villain: a deleted one is shown on its villain's row, not as an app-wide error. */
  villainChart: (categoryId: number) =>
    api.get<Pair[]>(API.categories.range, {
      query: rangeQuery(categoryId),
      quiet: true,
    }),
  villainButtons: (id: number) => api.get<Category>(pathFor(API.categories.byId, { id }), { quiet: true }),
  /** `quiet`: a range reopened from the last visit may be gone; that is no error to show. */
  category: (id: number, signal?: AbortSignal, quiet = false) =>
    api.get<Category>(pathFor(API.categories.byId, { id }), { signal, quiet }),
  /** `quiet`: the caller says why a refusal happened (a deleted range saved again). */
  create: (body: CreateCategoryBody, quiet = false) =>
    api.post<Category>(API.categories.root, body, { quiet }),
  /** Autosave reports its own error ("error renewing range"), so the global handler stays quiet. */
  update: (id: number, body: UpdateCategoryBody, quiet = false) =>
    api.post<Category>(pathFor(API.categories.byId, { id }), body, { quiet }),
  /**
   * The editor's save queue: it reports failures itself, may send the last save with keepalive, and aborts an
   * attempt left without an answer (`signal`).
   */
  save: (id: number, body: UpdateCategoryBody, keepalive = false, signal?: AbortSignal) =>
    api.post<Category>(pathFor(API.categories.byId, { id }), body, { quiet: true, keepalive, signal }),
  remove: (id: number) => api.delete<{ ok: boolean }>(pathFor(API.categories.byId, { id })),
  action: (id: number, action: CategoryAction) => api.post<Category>(pathFor(API.categories[action], { id })),
  findUsers: (q: string) => api.get<FoundUser[]>(API.users.findUsers, { query: { q } }),
  share: (categoryId: number, userIds: number[]) =>
    api.post<{ shared: number }>(API.categories.share, { category_id: categoryId, user_ids: userIds }),
};

export type { FoundUser };
