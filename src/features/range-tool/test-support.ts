// Set-up shared by the range tool's component tests (never imported by the app).
import { act, renderHook } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { createElement, type ReactNode } from 'react';
import { vi } from 'vitest';

import type { ApiError } from '@/lib/api-client';
import { appStore } from '@/lib/store';

import { buttonsAtom, currentColorAtom, rangeHistoryAtom, suitModeAtom, weightAtom } from './shared/atoms';
import { initHistory } from './shared/range-history';
import { DEFAULT_COLOR } from './shared/range-rules';

/**
 * The module `./api` as a library test replaces it: every call a `vi.fn()` the test answers.
 * `vi.mock('../api', () => import('../test-support').then((support) => support.rangeApiModule()))`.
 */
export const rangeApiModule = () => ({
  rangeApi: {
    tree: vi.fn(),
    range: vi.fn(),
    category: vi.fn(),
    create: vi.fn(),
    update: vi.fn(),
    save: vi.fn(),
    remove: vi.fn(),
    action: vi.fn(),
    findUsers: vi.fn(),
    share: vi.fn(),
  },
});

/**
 * A new browser for the next page, for the save tests' beforeEach: fresh modules (as a page load has), the stand-in
 * server's calls counted anew (its mocked module outlives a module reset), and empty localStorage and IndexedDB (a
 * database outlives a module reset too, so the pending saves start empty).
 */
export function freshBrowser(): void {
  vi.resetModules();
  vi.clearAllMocks();
  localStorage.clear();
  globalThis.indexedDB = new IDBFactory();
}

/**
 * The modules of the page loaded last that the save tests drive: the app store, the shared atoms and the saves' own
 * as one namespace, the stand-in range API, ApiError and the library. Imported here, as in pageActions: after a
 * module reset these are the new page's instances.
 */
export async function pageModules() {
  const { appStore } = await import('@/lib/store');
  const atoms = { ...(await import('./shared/atoms')), ...(await import('./saving/atoms')) };
  const { rangeApi } = await import('./shared/api');
  const { ApiError } = await import('@/lib/api-client');
  const library = await import('./library/use-range-library');
  return { appStore, atoms, api: vi.mocked(rangeApi), ApiError, library };
}

/** The chart cell of one hand class. */
export const cell = (hand: string) => document.querySelector<HTMLElement>(`[data-hand="${hand}"]`)!;

/** An empty chart with the default buttons, the default colour at weight 100 and the suit editor off. */
export function resetPainting(): void {
  appStore.set(rangeHistoryAtom, initHistory({}));
  appStore.set(buttonsAtom, null);
  appStore.set(currentColorAtom, DEFAULT_COLOR);
  appStore.set(weightAtom, '100');
  appStore.set(suitModeAtom, false);
}

/**
 * Mounts the range tool's library (the cash tree) and autosave as the tool does, under the page's app store, with
 * `alsoMount` (another of the tool's hooks) in the same component; the hook's result is the tree. Imported here, as
 * in pageActions: a test that resets its modules to load a new page mounts that page's instances.
 */
export async function mountRangeTool(alsoMount?: () => void) {
  const { appStore: store, StoreProvider } = await import('@/lib/store');
  const library = await import('./library/use-range-library');
  return renderHook(
    () => {
      const tree = library.useRangeLibrary('preflop_root');
      library.useAutosave();
      alsoMount?.();
      return tree;
    },
    { wrapper: ({ children }: { children: ReactNode }) => createElement(StoreProvider, { store }, children) },
  );
}

/** The colour `pageActions` paints in. */
export const PAINT_COLOR = '#1847BE';

/** Account `id` as the server's user endpoint describes it. */
export const player = (id: number) => ({ id, username: `player${id}`, email: `p${id}@example.com` });

/**
 * What the session tests do on the page loaded last: sign account `id` in, have a call other than a save meet the
 * ended session (a 401 given to `handleApiError`, the page's own from src/app/providers.tsx, which signs the page out
 * as the server did; a feature does not import the app), paint a hand in PAINT_COLOR as an edit, and wait past the
 * save queue's and the working state's delays.
 */
export async function pageActions(handleApiError: (error: ApiError) => void) {
  // Imported here, not at the top: a test that resets its modules to load a new page gets that page's instances.
  const { appStore: store } = await import('@/lib/store');
  const atoms = await import('./shared/atoms');
  const session = await import('@/lib/session');
  const { ApiError: Refusal } = await import('@/lib/api-client');
  return {
    signIn: (id: number) =>
      act(async () => {
        session.applySession(player(id), `token-${id}`);
        await Promise.resolve();
      }),
    refused: () => act(() => handleApiError(new Refusal(401, 'User is not authorized', 'unauthorized'))),
    paint: (hand: string) =>
      act(() => {
        store.set(atoms.rangePairsAtom, {
          ...store.get(atoms.rangePairsAtom),
          [hand]: [{ color: PAINT_COLOR, weight: 100 }],
        });
        store.set(atoms.editVersionAtom, (version) => version + 1);
      }),
    settle: () => act(() => new Promise((resolve) => setTimeout(resolve, 600))),
  };
}
