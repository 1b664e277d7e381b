import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/error-message';
import { appStore, useAtomValue } from '@/lib/store';

import { rangeApi } from '../shared/api';
import { categoryIdAtom, libraryVersionAtom } from '../shared/atoms';
import { showRange } from '../shared/show-range';
import { rangeConflictsAtom } from './atoms';
import {
  type ConflictChoice,
  copyBody,
  copyRelink,
  overwriteBody,
  type RangeConflict,
} from './range-conflict';
import { rangeSaver } from './range-saver';

const dropConflict = (key: string) =>
  appStore.set(rangeConflictsAtom, (list) => list.filter((entry) => entry.key !== key));

/**
 * Shows the kept version in the editor when the conflicted range is the one open there: all of it, the extra villains
 * and dead cards included, so what the editor shows as saved is what the server holds.
 */
function showIfOpen(conflict: RangeConflict, kept: 'mine' | 'theirs'): void {
  if (appStore.get(categoryIdAtom) !== conflict.categoryId) return;
  const { category, pairs } = conflict.theirs;
  showRange(
    conflict.categoryId,
    kept === 'mine'
      ? conflict.mine
      : {
          note: category.note,
          buttons: category.buttons,
          pairs,
          sides: category.sides,
          workspace: category.workspace,
        },
  );
}

/**
 * The oldest range conflict and the player's three ways out of it: keep mine (saved over theirs, on their
 * revision), keep theirs (mine forgotten), or save mine as a new range beside theirs (then theirs stays).
 */
export function useRangeConflict() {
  const { t } = useTranslation();
  const conflict = useAtomValue(rangeConflictsAtom)[0] ?? null;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const choose = useCallback(
    async (choice: ConflictChoice) => {
      if (!conflict) return;
      const { key, userId, categoryId, mine, theirs } = conflict;
      setBusy(true);
      setError(null);
      try {
        if (choice === 'mine') {
          rangeSaver.keepMine(key, overwriteBody(mine, theirs.category), userId, categoryId);
          showIfOpen(conflict, 'mine');
        } else {
          // The copy is made first: if the server refuses it (limits, Premium), mine is still held.
          if (choice === 'copy') {
            const copy = await rangeApi.create(
              copyBody(mine, theirs.category, t('offline:conflict.copySuffix')),
            );
            // Villains of my own chart name the copy once it exists; the save queue holds and retries that save.
            const relink = copyRelink(mine, theirs.category, copy);
            if (relink) rangeSaver.saveCopy(userId, copy.id, relink);
            appStore.set(libraryVersionAtom, (version) => version + 1);
          }
          rangeSaver.forget(key, theirs.category.revision, theirs.category.workspace);
          showIfOpen(conflict, 'theirs');
        }
        dropConflict(key);
      } catch (cause) {
        setError(t('offline:conflict.failed', { message: errorMessage(cause, t) }));
      } finally {
        setBusy(false);
      }
    },
    [conflict, t],
  );

  return { conflict, busy, error, choose };
}
