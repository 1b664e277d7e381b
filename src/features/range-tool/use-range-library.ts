import { useCallback, useEffect, useRef, useState } from 'react';

import { useCurrentUser } from '@/lib/session';
import { appStore, useAtomValue, useSetAtom } from '@/lib/store';
import type { CategoryKind, RootType, TreeNode } from '@contract/categories';

import { type CategoryAction, type FoundUser, rangeApi } from './api';
import {
  buttonsAtom,
  categoryIdAtom,
  comboExclusionsAtom,
  DEFAULT_BUTTONS,
  editVersionAtom,
  heroColorsAtom,
  noteAtom,
  rangeHistoryAtom,
  rangeLoadingAtom,
  saveStateAtom,
  villainColorsAtom,
} from './atoms';
import { initHistory } from './range-history';
import { pairsFromList } from './range-rules';
import { exclusionsFromList, pairsToSave, sidesFromCategory, sidesToSave } from './range-save';

/** Autosave waits for a pause in editing, so a drag across the grid is one request. */
export const AUTOSAVE_DELAY_MS = 800;

export interface LibraryState {
  tree: TreeNode[];
  loading: boolean;
  error: string | null;
}

/** True while a loaded range is put into the editor: those atom writes are not edits (see useAutosave). */
let restoring = false;

/** The category tree of one root type and the operations on it, all through the server. */
export function useRangeLibrary(rootType: RootType) {
  const user = useCurrentUser();
  const [state, setState] = useState<LibraryState>({ tree: [], loading: false, error: null });
  const setCategoryId = useSetAtom(categoryIdAtom);

  const userId = user?.id ?? null;

  const reload = useCallback(async () => {
    if (userId === null) return;
    setState((previous) => ({ ...previous, loading: true, error: null }));
    try {
      const data = await rangeApi.tree(rootType);
      setState({ tree: data.children, loading: false, error: null });
    } catch (error) {
      setState((previous) => ({ ...previous, loading: false, error: (error as Error).message }));
    }
  }, [rootType, userId]);

  useEffect(() => {
    // A tree per root type: switching / ↔ /tournament forgets the other root's selection.
    setCategoryId(null);
    void reload();
  }, [reload, setCategoryId]);

  const select = useCallback(async (id: number) => {
    appStore.set(rangeLoadingAtom, true);
    try {
      const [category, pairs] = await Promise.all([rangeApi.category(id), rangeApi.range(id)]);
      restoring = true;
      try {
        appStore.set(categoryIdAtom, id);
        appStore.set(noteAtom, category.note);
        appStore.set(buttonsAtom, category.buttons.length ? category.buttons : DEFAULT_BUTTONS);
        appStore.set(rangeHistoryAtom, initHistory(pairsFromList(pairs)));
        appStore.set(comboExclusionsAtom, exclusionsFromList(pairs));
        // A range saved before sides existed has none: the panel keeps its current choice.
        const sides = sidesFromCategory(category.sides);
        if (sides) {
          appStore.set(heroColorsAtom, sides.hero);
          appStore.set(villainColorsAtom, sides.villain);
        }
        appStore.set(saveStateAtom, 'idle');
      } finally {
        restoring = false;
      }
    } catch {
      // The API client has shown the failure; the editor keeps the chart it had.
    } finally {
      appStore.set(rangeLoadingAtom, false);
    }
  }, []);

  const run = useCallback(
    async <T>(call: () => Promise<T>): Promise<T | undefined> => {
      try {
        const result = await call();
        await reload();
        return result;
      } catch {
        // The API client already showed the error (or opened the Premium window on 402).
        return undefined;
      }
    },
    [reload],
  );

  return {
    ...state,
    signedIn: Boolean(user),
    isPremium: Boolean(user?.is_premium),
    reload,
    select,
    create: (name: string, kind: CategoryKind, parentId: number | null) =>
      run(() =>
        rangeApi.create({
          name,
          kind,
          root_type: rootType,
          parent_id: parentId,
          ...(kind === 'range' ? { buttons: DEFAULT_BUTTONS, pairs: [] } : {}),
        }),
      ),
    rename: (id: number, name: string) => run(() => rangeApi.update(id, { name })),
    remove: async (id: number) => {
      await run(() => rangeApi.remove(id));
      if (appStore.get(categoryIdAtom) === id) appStore.set(categoryIdAtom, null);
    },
    action: (id: number, action: CategoryAction) => run(() => rangeApi.action(id, action)),
    /**
     * Moves a node `delta` places among its siblings (a drop in the tree) with the server's one-step moves; the first
     * refusal (402 for a free user, 409 at an edge) stops it, and the tree is reloaded once at the end.
     */
    reorder: async (id: number, delta: number) => {
      try {
        for (let step = 0; step < Math.abs(delta); step += 1) {
          await rangeApi.action(id, delta < 0 ? 'moveUp' : 'moveDown');
        }
      } catch {
        // The API client already showed the error or opened the Premium window.
      } finally {
        await reload();
      }
    },
  };
}

/** Saves the selected range after each pause in editing; a failure shows "error renewing range". */
export function useAutosave() {
  const categoryId = useAtomValue(categoryIdAtom);
  const version = useAtomValue(editVersionAtom);
  const signedIn = Boolean(useCurrentUser());
  const setSaveState = useSetAtom(saveStateAtom);
  const lastSaved = useRef(version);

  useEffect(() => {
    // Loading a range is not an edit: only versions after the selection are saved.
    lastSaved.current = appStore.get(editVersionAtom);
  }, [categoryId]);

  useEffect(() => {
    // The suit editor's left-out combos and the equity panel's sides are saved with the range, so changing them is
    // an edit like painting; loading a range writes them too, which is not.
    const edited = () => {
      if (!restoring && appStore.get(categoryIdAtom) !== null)
        appStore.set(editVersionAtom, (value) => value + 1);
    };
    const stops = [comboExclusionsAtom, heroColorsAtom, villainColorsAtom].map((watched) =>
      appStore.sub(watched, edited),
    );
    return () => stops.forEach((stop) => stop());
  }, []);

  useEffect(() => {
    if (!signedIn || categoryId === null || version === lastSaved.current) return undefined;
    const timer = setTimeout(async () => {
      lastSaved.current = version;
      setSaveState('saving');
      try {
        await rangeApi.update(
          categoryId,
          {
            pairs: pairsToSave(appStore.get(rangeHistoryAtom).present, appStore.get(comboExclusionsAtom)),
            buttons: appStore.get(buttonsAtom),
            note: appStore.get(noteAtom),
            sides: sidesToSave(appStore.get(heroColorsAtom), appStore.get(villainColorsAtom)),
          },
          true,
        );
        setSaveState('saved');
      } catch {
        setSaveState('error');
      }
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [categoryId, version, signedIn, setSaveState]);
}

/** Finds users by name and shares one category with the chosen ones (Premium: 402 opens the payment window). */
export function useShare(categoryId: number | null) {
  const [users, setUsers] = useState<FoundUser[]>([]);
  const [status, setStatus] = useState<'idle' | 'searching' | 'sharing' | 'shared' | 'error'>('idle');

  const find = useCallback(async (query: string) => {
    if (!query.trim()) {
      setUsers([]);
      return;
    }
    setStatus('searching');
    try {
      setUsers(await rangeApi.findUsers(query.trim()));
      setStatus('idle');
    } catch {
      setStatus('error');
    }
  }, []);

  const share = useCallback(
    async (userIds: number[]) => {
      if (categoryId === null || !userIds.length) return false;
      setStatus('sharing');
      try {
        await rangeApi.share(categoryId, userIds);
        setStatus('shared');
        return true;
      } catch {
        setStatus('error');
        return false;
      }
    },
    [categoryId],
  );

  return { users, status, find, share };
}
