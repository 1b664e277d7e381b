// Public links to charts (contract/public-links.ts): the calls the library's dialog and the profile's list share,
// and a link's address as the owner copies it.
import { PUBLIC_CHART_PAGE } from '@contract/limits';
import { API, pathFor } from '@contract/paths';
import type { PublicLink } from '@contract/public-links';

import { api } from './api-client';

export type { PublicLink };

/** The address of a public link's page (`/c/<id>` on this origin), the text an owner pastes in a chat. */
export const publicChartUrl = (id: string, origin: string = window.location.origin): string =>
  `${origin}${PUBLIC_CHART_PAGE}${id}`;

export const publicLinksApi = {
  /** The chart's live link, made now unless it has one (quiet: the dialog says what went wrong). */
  publish: (categoryId: number) =>
    api.post<PublicLink>(pathFor(API.publicLinks.publish, { id: categoryId }), undefined, { quiet: true }),
  list: (signal?: AbortSignal) => api.get<PublicLink[]>(API.publicLinks.list, { signal, quiet: true }),
  revoke: (id: string) =>
    api.delete<{ ok: boolean }>(pathFor(API.publicLinks.revoke, { link: id }), { quiet: true }),
};
