import { useCallback, useEffect, useState } from 'react';

import { ApiError } from '@/lib/api-client';
import { languageAtom } from '@/lib/i18n';
import { useCurrentUser } from '@/lib/session';
import { appStore, useAtomValue, useSetAtom } from '@/lib/store';
import type { CategoryKind, RootType, TreeNode } from '@contract/categories';

import { currentRangeBody, rangeSaver } from '../saving/range-saver';
import { type CategoryAction, type FoundUser, rangeApi } from '../shared/api';
import {
  buttonsAtom,
  categoryIdAtom,
  comboExclusionsAtom,
  currentColorAtom,
  deadCardsAtom,
  editVersionAtom,
  extraVillainsAtom,
  heroSideAtom,
  libraryVersionAtom,
  namedRangeAtom,
  rangeLoadingAtom,
  rangeOwnerAtom,
  selectionScopeAtom,
  villainSideAtom,
} from '../shared/atoms';
import { defaultButtons } from '../shared/default-buttons';
import { isRestoring, showRange } from '../shared/show-range';

export interface LibraryState {
  tree: TreeNode[];
  loading: boolean;
  error: string | null;
}

/**
 * Opens a range in the editor. The range being left is saved first (or, offline, held in IndexedDB and retried), so
 * switching never drops an edit, and a held edit of the range being opened is shown instead of the server's older
 * copy. `quiet`: failures are not shown (the last visit's range, which may be gone); `shouldShow` is asked right
 * before the range is put into the editor, after the requests, and may still decline. True when it was shown.
 */
export async function openRange(
  id: number,
  { quiet = false, shouldShow = () => true }: { quiet?: boolean; shouldShow?: () => boolean } = {},
): Promise<boolean> {
  appStore.set(rangeLoadingAtom, true);
  try {
    await rangeSaver.restore();
    await rangeSaver.flush();
    const [category, pairs] = await Promise.all([
      rangeApi.category(id, undefined, quiet),
      rangeApi.range(id, undefined, quiet),
    ]);
    if (!shouldShow()) return false;
    const held = rangeSaver.pendingBody(id);
    // A chart opened is painted in its own first colour until the player picks another of its colours.
    const opened = appStore.get(categoryIdAtom) !== id;
    rangeSaver.loaded(id, category);
    showRange(
      id,
      held
        ? {
            note: held.note,
            buttons: held.buttons,
            pairs: held.pairs,
            sides: held.sides,
            // A body held by an older page has no workspace: the server's copy is the one to show then.
            workspace: held.workspace ?? category.workspace,
            template: category.is_template,
          }
        : {
            note: category.note,
            buttons: category.buttons,
            pairs,
            sides: category.sides,
            workspace: category.workspace,
            template: category.is_template,
          },
    );
    appStore.set(namedRangeAtom, { id, name: category.name });
    const first = appStore.get(buttonsAtom)[0];
    if (opened && first) appStore.set(currentColorAtom, first.color);
    return true;
  } catch {
    // The API client has shown the failure (unless quiet); the editor keeps the chart it had.
    return false;
  } finally {
    appStore.set(rangeLoadingAtom, false);
  }
}

/** The ids of node `id` of `tree` and of everything below it (just `id` when the tree does not show it). */
function subtreeIds(tree: TreeNode[], id: number): number[] {
  const all = (node: TreeNode): number[] => [node.id, ...node.children.flatMap(all)];
  const find = (nodes: TreeNode[]): TreeNode | undefined => {
    for (const node of nodes) {
      if (node.id === id) return node;
      const below = find(node.children);
      if (below) return below;
    }
    return undefined;
  };
  const node = find(tree);
  return node ? all(node) : [id];
}

/** The category tree of one root type and the operations on it, all through the server. */
export function useRangeLibrary(rootType: RootType) {
  const user = useCurrentUser();
  const [state, setState] = useState<LibraryState>({ tree: [], loading: false, error: null });
  const setCategoryId = useSetAtom(categoryIdAtom);
  const owner = useAtomValue(rangeOwnerAtom);

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
    // A tree per root type and account: switching / ↔ /tournament, or to another account, forgets the selection. A
    // session the server ended keeps it (the owner stays): the range stays open for the account that signs in again.
    // The tool mounting again in the same tree (back from the store) keeps it too: the chart on screen is still that
    // range's, so its edits must still be saved to it.
    const scope = appStore.get(selectionScopeAtom);
    if (scope?.rootType === rootType && scope.owner === owner) return;
    appStore.set(selectionScopeAtom, { rootType, owner });
    setCategoryId(null);
  }, [rootType, owner, setCategoryId]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const libraryVersion = useAtomValue(libraryVersionAtom);
  useEffect(() => {
    if (libraryVersion > 0) void reload();
  }, [libraryVersion, reload]);

  const select = useCallback((id: number) => openRange(id), []);

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
    /** Signed out by the server, not by the player: the open range is still the account's (rangeOwnerAtom). */
    sessionEnded: !user && owner !== null,
    isPremium: Boolean(user?.is_premium),
    reload,
    select,
    /**
     * A new range opens at once, so the next paint lands in it. Made while no range is open, it takes the chart drawn
     * meanwhile (which would otherwise leave the screen unsaved); else it starts empty with the default buttons, named
     * in the interface language of the moment (the server has none of its own, so the client names them).
     */
    create: async (name: string, kind: CategoryKind, parentId: number | null) => {
      const { buttons, pairs } = currentRangeBody();
      const drawn =
        kind === 'range' && appStore.get(categoryIdAtom) === null && pairs.length ? { buttons, pairs } : null;
      const made = await run(() =>
        rangeApi.create({
          name,
          kind,
          root_type: rootType,
          parent_id: parentId,
          ...(kind === 'range'
            ? (drawn ?? { buttons: defaultButtons(appStore.get(languageAtom)), pairs: [] })
            : {}),
        }),
      );
      if (made && kind === 'range') await openRange(made.id);
      return made;
    },
    rename: (id: number, name: string) =>
      run(async () => {
        const renamed = await rangeApi.update(id, { name });
        if (appStore.get(namedRangeAtom)?.id === id) appStore.set(namedRangeAtom, { id, name: renamed.name });
        return renamed;
      }),
    remove: async (id: number) => {
      // The open range leaves the editor with the node that holds it (itself or a folder above it), and the edits of
      // the ranges deleted go with them: the player deleted them here, so their next paint or a save still on its way
      // must not ask to save them again as a deleted range.
      const open = appStore.get(categoryIdAtom);
      const ids = subtreeIds(state.tree, id);
      const removed = await run(() => rangeApi.remove(id));
      if (!removed) return;
      rangeSaver.deleted(ids);
      if (open !== null && ids.includes(open) && appStore.get(categoryIdAtom) === open)
        appStore.set(categoryIdAtom, null);
    },
    /**
     * A copy is made of what the server holds: the edits still waiting in the save queue (a paint a moment ago) are
     * sent first, so the copy has them.
     */
    action: (id: number, action: CategoryAction) =>
      run(async () => {
        await rangeSaver.flush();
        return rangeApi.action(id, action);
      }),
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

/**
 * Queues every edit of the selected range for saving at once (range-saver.ts: coalesced, held in IndexedDB,
 * retried) and replays the saves a previous page could not confirm.
 */
export function useAutosave() {
  const userId = useCurrentUser()?.id ?? null;

  useEffect(() => {
    if (userId !== null) void rangeSaver.restore();
  }, [userId]);

  useEffect(() => {
    // The suit editor's left-out combos and the equity panel's sides, villains and dead cards are saved with the
    // range, so changing them is an edit like painting; loading a range writes them too, which is not.
    const edited = () => {
      if (!isRestoring() && appStore.get(categoryIdAtom) !== null)
        appStore.set(editVersionAtom, (value) => value + 1);
    };
    const stops = [comboExclusionsAtom, heroSideAtom, villainSideAtom, extraVillainsAtom, deadCardsAtom].map(
      (watched) => appStore.sub(watched, edited),
    );
    // Store subscriptions run synchronously with the edit, so the queue has it before any click that follows.
    stops.push(
      appStore.sub(editVersionAtom, () => {
        const categoryId = appStore.get(categoryIdAtom);
        if (!isRestoring() && categoryId !== null) rangeSaver.queueEdit(categoryId);
      }),
    );
    return () => stops.forEach((stop) => stop());
  }, []);
}

/**
 * The open ready-made strategy's editable copy (Premium: the server answers 402 and the app opens the Premium
 * window), made from what the server holds and opened in the editor at once, so the player paints on their own copy.
 */
export function useTemplateCopy() {
  const [copying, setCopying] = useState(false);
  const copy = useCallback(async () => {
    const id = appStore.get(categoryIdAtom);
    if (id === null) return;
    setCopying(true);
    try {
      // The sides and villains chosen a moment ago are saved first, so the copy has them.
      await rangeSaver.flush();
      const made = await rangeApi.action(id, 'createFromTemplate');
      appStore.set(libraryVersionAtom, (version) => version + 1);
      await openRange(made.id);
    } catch {
      // The API client showed the failure (or opened the Premium window on 402).
    } finally {
      setCopying(false);
    }
  }, []);
  return { copy, copying };
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

  /** 'premium' when the server asks for Premium: the app opens the Premium window, the caller closes its dialog. */
  const share = useCallback(
    async (userIds: number[]): Promise<'shared' | 'failed' | 'premium'> => {
      if (categoryId === null || !userIds.length) return 'failed';
      setStatus('sharing');
      try {
        await rangeApi.share(categoryId, userIds);
        setStatus('shared');
        return 'shared';
      } catch (error) {
        const premium = error instanceof ApiError && error.status === 402;
        setStatus(premium ? 'idle' : 'error');
        return premium ? 'premium' : 'failed';
      }
    },
    [categoryId],
  );

  return { users, status, find, share };
}
