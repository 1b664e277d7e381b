/// <reference types="vite-plugin-pwa/client" />
// Registers the service worker built by vite-plugin-pwa (vite.config.ts). A new version waits: the app shows
// "Update available — reload" and only the player's click activates it and reloads.
import { registerSW } from 'virtual:pwa-register';

import { appStore } from '@/lib/store';

import { pendingUpdateAtom } from './atoms';

export function startServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const update = registerSW({
    immediate: true,
    onNeedRefresh: () => appStore.set(pendingUpdateAtom, { apply: () => update(true) }),
  });
}
