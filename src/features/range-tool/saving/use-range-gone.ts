import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/error-message';
import { appStore, useAtomValue } from '@/lib/store';
import { FREE_CATEGORY_LIMIT, FREE_RANGE_LIMIT } from '@contract/limits';

import { rangeApi } from '../shared/api';
import { categoryIdAtom, libraryVersionAtom, selectionScopeAtom } from '../shared/atoms';
import { showRange } from '../shared/show-range';
import { goneRangesAtom } from './atoms';
import { copyRelink } from './range-conflict';
import { folderRefused, type GoneRange, overFreeLimit, type PlaceFallback, recreateBody } from './range-gone';
import { rangeSaver } from './range-saver';

/**
 * Makes the new range: in the deleted one's folder, or at the top level of the same tree when the server refuses
 * that folder (deleted too). Quiet: the dialog says why a refusal happened (the app still opens the Premium window on
 * 402).
 */
async function recreate(gone: GoneRange, name: string) {
  // A body an older page held names no tree: the new range goes to the tree the player is in.
  const tree = appStore.get(selectionScopeAtom)?.rootType;
  const fallback: PlaceFallback = { name, rootType: tree === 'tournament_root' ? tree : 'preflop_root' };
  try {
    return await rangeApi.create(recreateBody(gone, fallback), true);
  } catch (cause) {
    if (!folderRefused(cause) || gone.mine.origin?.parent_id == null) throw cause;
    return rangeApi.create(recreateBody(gone, fallback, true), true);
  }
}

/**
 * The oldest edit of a range deleted meanwhile and the player's two ways out: save it as a new range (in the same
 * folder when it still exists, else at the top level of the same tree; opened in the editor when the deleted one was
 * open there) or discard it. A refused new range (the free tier's limit, the cap on categories) says why and keeps
 * the edit held.
 */
export function useRangeGone() {
  const { t } = useTranslation();
  const list = useAtomValue(goneRangesAtom);
  const gone = list[0] ?? null;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ key: string; text: string } | null>(null);

  const saveAsNew = useCallback(async () => {
    // A ready-made strategy's chart is sold, not the player's to make again: only its study settings were edited.
    if (!gone || gone.mine.template) return;
    setBusy(true);
    setError(null);
    try {
      const made = await recreate(gone, t('offline:gone.unnamed'));
      // Villains of my own chart name the new range once it exists; the save queue holds and retries that save.
      const relink = copyRelink(gone.mine, { id: gone.categoryId }, made);
      if (relink) rangeSaver.saveCopy(gone.userId, made.id, relink);
      rangeSaver.letGo(gone.key);
      appStore.set(libraryVersionAtom, (version) => version + 1);
      if (appStore.get(categoryIdAtom) === gone.categoryId) {
        // The editor goes on in the new range with the same chart: the next paint is saved there.
        rangeSaver.loaded(made.id, made);
        const { note, buttons, pairs, sides } = gone.mine;
        showRange(made.id, { note, buttons, pairs, sides, workspace: relink?.workspace ?? made.workspace });
      }
    } catch (cause) {
      const text = overFreeLimit(cause)
        ? t('offline:gone.freeLimit', { ranges: FREE_RANGE_LIMIT, categories: FREE_CATEGORY_LIMIT })
        : t('offline:gone.failed', { message: errorMessage(cause, t) });
      setError({ key: gone.key, text });
    } finally {
      setBusy(false);
    }
  }, [gone, t]);

  const discard = useCallback(() => {
    if (!gone) return;
    rangeSaver.letGo(gone.key);
    // The chart on screen was the deleted range's: the editor leaves it, as after a delete made here.
    if (appStore.get(categoryIdAtom) === gone.categoryId) appStore.set(categoryIdAtom, null);
    setError(null);
  }, [gone]);

  return {
    gone,
    /** How many more deleted ranges wait after this one. */
    more: Math.max(0, list.length - 1),
    busy,
    error: error && gone && error.key === gone.key ? error.text : null,
    saveAsNew,
    discard,
  };
}
