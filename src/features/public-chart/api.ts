// The public chart's one call: anyone with the link reads it, no account needed (contract/public-links.ts).
import { api } from '@/lib/api-client';
import { API, pathFor } from '@contract/paths';
import type { PublicChart } from '@contract/public-links';

export type { PublicChart };

/** Quiet: the page itself says when a link does not work. */
export const fetchPublicChart = (link: string, signal?: AbortSignal) =>
  api.get<PublicChart>(pathFor(API.publicLinks.chart, { link }), { signal, quiet: true });
