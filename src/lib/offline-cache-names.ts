// Names shared by the service worker's build config (vite.config.ts) and the page, which clears and refreshes
// the chart cache itself (offline-cache.ts). No browser API here: vite.config.ts imports it under Node.

/** Runtime cache of the user's own charts (range tree, range, category): network first, this copy offline. */
export const CHART_CACHE = 'rangeforge-charts';

/**
 * The GET routes whose answers the service worker keeps for offline use, matched on the whole URL: only the
 * signed-in user's own library (tree, one range's chart, one category). Auth, payment, admin, shop and profile
 * answers are never cached. A literal, because the build copies it into the worker's source as text.
 */
export const CHART_ROUTE = /^[^?#]*\/api\/v1\/categories\/(?:tree|range|\d+)(?:[?#]|$)/;
