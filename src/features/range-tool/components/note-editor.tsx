import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { useCurrentUser } from '@/lib/session';
import { appStore, useAtom, useAtomValue } from '@/lib/store';
import { FREE_NOTE_MAX, NOTE_MAX } from '@contract/limits';

import { categoryIdAtom, chartReadOnlyAtom, editVersionAtom, noteAtom } from '../atoms';

/**
 * The selected range's note; saved with the range by autosave. The note goes with every save of the chart, and a
 * note the server refuses (a free note past FREE_NOTE_MAX: 402) would drop the chart's edit with it, so a free
 * player writes at most that much; a longer note the range already has (written under Premium, or in an accepted
 * share) may be kept or shortened, as the server allows.
 */
export function NoteEditor() {
  const { t } = useTranslation();
  const id = useId();
  const [note, setNote] = useAtom(noteAtom);
  const categoryId = useAtomValue(categoryIdAtom);
  const premium = Boolean(useCurrentUser()?.is_premium);
  const readOnly = useAtomValue(chartReadOnlyAtom);
  if (categoryId === null) return null;
  return (
    <div className="range-note">
      <label htmlFor={id}>{t('ranges:library.note')}</label>
      <textarea
        id={id}
        rows={4}
        maxLength={premium ? NOTE_MAX : Math.max(FREE_NOTE_MAX, note.length)}
        value={note}
        readOnly={readOnly}
        onChange={(event) => {
          if (readOnly) return;
          setNote(event.target.value);
          appStore.set(editVersionAtom, (version) => version + 1);
        }}
      />
    </div>
  );
}
