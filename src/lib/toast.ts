import { appStore, atom, useAtomValue } from './store';

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

/** How long a toast stays before it closes itself. */
export const TOAST_LIFETIME_MS = 6000;

export const toastsAtom = atom<Toast[]>([]);

let nextId = 1;

/** Shows a message; callable from anywhere, including code outside React. */
export function pushToast(message: string, kind: ToastKind = 'info'): number {
  const id = nextId++;
  // The same text twice in a row (a poll failing every 10 s) shows once.
  const list = appStore.get(toastsAtom).filter((toast) => toast.message !== message);
  appStore.set(toastsAtom, [...list, { id, kind, message }].slice(-4));
  setTimeout(() => dismissToast(id), TOAST_LIFETIME_MS);
  return id;
}

export function dismissToast(id: number): void {
  appStore.set(
    toastsAtom,
    appStore.get(toastsAtom).filter((toast) => toast.id !== id),
  );
}

export function useToasts(): Toast[] {
  return useAtomValue(toastsAtom);
}
