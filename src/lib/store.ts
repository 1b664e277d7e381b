// The one door to Jotai: every atom and hook comes through here, and code outside React (the API client's error
// handler, the session bootstrap) reads and writes the same named store the <Provider> hands to components.
import { createStore } from 'jotai';

export { atom, Provider as StoreProvider, useAtom, useAtomValue, useSetAtom } from 'jotai';
export type { Atom, PrimitiveAtom, WritableAtom } from 'jotai';

export const appStore = createStore();
