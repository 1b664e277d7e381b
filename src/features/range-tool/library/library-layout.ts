// The library side panel's width and collapsed state, kept in this browser so the editor opens as the player left it.
import { atom } from '@/lib/store';

export const LIBRARY_WIDTH = { min: 200, max: 480, initial: 260, step: 16 } as const;
const WIDTH_KEY = 'rangeforge.libraryWidth';
const COLLAPSED_KEY = 'rangeforge.libraryCollapsed';

export const clampLibraryWidth = (width: number) =>
  Math.round(Math.min(LIBRARY_WIDTH.max, Math.max(LIBRARY_WIDTH.min, width)));

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage blocked: the defaults, not remembered.
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Not remembered when storage is blocked; the value still holds for this page.
  }
}

const storedWidth = Number(read(WIDTH_KEY));
const widthBaseAtom = atom(
  Number.isFinite(storedWidth) && storedWidth > 0 ? clampLibraryWidth(storedWidth) : LIBRARY_WIDTH.initial,
);
const collapsedBaseAtom = atom(read(COLLAPSED_KEY) === 'true');

/** Panel width in px (200–480), from 990 px up where the library is a side panel. */
export const libraryWidthAtom = atom(
  (get) => get(widthBaseAtom),
  (_get, set, width: number) => {
    const next = clampLibraryWidth(width);
    set(widthBaseAtom, next);
    write(WIDTH_KEY, String(next));
  },
);

export const libraryCollapsedAtom = atom(
  (get) => get(collapsedBaseAtom),
  (_get, set, collapsed: boolean) => {
    set(collapsedBaseAtom, collapsed);
    write(COLLAPSED_KEY, String(collapsed));
  },
);
