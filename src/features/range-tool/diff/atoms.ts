import { atom } from '@/lib/store';

/** The hand class whose before/after the diff page's detail panel shows; null until the player picks one. */
export const diffCellAtom = atom<string | null>(null);
