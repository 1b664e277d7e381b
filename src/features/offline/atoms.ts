import { atom } from '@/lib/store';

/** navigator.onLine, kept current by the browser's online/offline events (connection.ts). */
export const onlineAtom = atom(typeof navigator === 'undefined' ? true : navigator.onLine);

/**
 * Set when a new version's service worker is installed and waiting: the app offers "Update available — reload"
 * and runs this on the player's click. Never run on its own, so no reload can drop an edit in progress.
 */
export const pendingUpdateAtom = atom<{ apply: () => Promise<void> } | null>(null);
