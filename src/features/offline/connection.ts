// The app without a connection: the online state for the banner, the session checked again when the connection
// returns (an offline start runs on this device's copy of the user), and the chart cache kept to one account.
import { watchChartCacheOwner } from '@/lib/offline-cache';
import { loadSession, sessionAtom } from '@/lib/session';
import { appStore } from '@/lib/store';

import { onlineAtom } from './atoms';

export function watchConnection(target: Window = window): () => void {
  const online = () => {
    appStore.set(onlineAtom, true);
    // The server decides again whether the remembered session is still valid (a 401 ends it there).
    if (appStore.get(sessionAtom).offline) void loadSession();
  };
  const offline = () => appStore.set(onlineAtom, false);
  target.addEventListener('online', online);
  target.addEventListener('offline', offline);
  appStore.set(onlineAtom, target.navigator.onLine);
  const stopCache = watchChartCacheOwner();
  return () => {
    target.removeEventListener('online', online);
    target.removeEventListener('offline', offline);
    stopCache();
  };
}
