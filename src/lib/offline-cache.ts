// The page's side of the chart cache the service worker fills (offline-cache-names.ts). The worker keys answers
// by URL only, so the page makes sure one account never reads another's: the cache is emptied at sign-out and
// whenever a different account signs in. After a confirmed save the page writes the saved chart into the cache,
// so a reload without a connection opens the chart as saved, not the copy fetched before the edit.
import { CHART_CACHE } from './offline-cache-names';
import { sessionAtom } from './session';
import { appStore } from './store';

const OWNER_KEY = 'rangeforge.chartCacheOwner';

const hasCaches = () => typeof caches !== 'undefined';

export async function clearChartCache(): Promise<void> {
  if (hasCaches()) await caches.delete(CHART_CACHE);
}

/** Stores `data` as the API's `{ data }` answer to GET `path`, as if the worker had fetched it. */
export async function putCachedAnswer(path: string, data: unknown): Promise<void> {
  if (!hasCaches()) return;
  const cache = await caches.open(CHART_CACHE);
  const body = JSON.stringify({ data });
  await cache.put(
    new URL(path, window.location.origin).href,
    new Response(body, { headers: { 'content-type': 'application/json; charset=utf-8' } }),
  );
}

function readOwner(): string | null {
  try {
    return localStorage.getItem(OWNER_KEY);
  } catch {
    return null;
  }
}

function writeOwner(owner: number | null): void {
  try {
    if (owner === null) localStorage.removeItem(OWNER_KEY);
    else localStorage.setItem(OWNER_KEY, String(owner));
  } catch {
    // Without storage the owner cannot be remembered: the cache is cleared at every account change instead.
  }
}

/**
 * Empties the chart cache when nobody is signed in any more, or when the account differs from the one that
 * filled it. Returns the function that stops watching.
 */
export function watchChartCacheOwner(): () => void {
  const check = () => {
    const { status, user } = appStore.get(sessionAtom);
    if (status !== 'ready') return;
    const owner = readOwner();
    if (user && owner === String(user.id)) return;
    if (!user && owner === null) return;
    writeOwner(user?.id ?? null);
    void clearChartCache().catch(() => undefined);
  };
  check();
  return appStore.sub(sessionAtom, check);
}
