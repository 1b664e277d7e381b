import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { appStore, useAtom, useAtomValue } from '@/lib/store';

import { categoryIdAtom, editVersionAtom, noteAtom } from '../atoms';

/** The selected range's note; saved with the range by autosave. */
export function NoteEditor() {
  const { t } = useTranslation();
  const id = useId();
  const [note, setNote] = useAtom(noteAtom);
  const categoryId = useAtomValue(categoryIdAtom);
  if (categoryId === null) return null;
  return (
    <div className="range-note">
      <label htmlFor={id}>{t('ranges:library.note')}</label>
      <textarea
        id={id}
        rows={4}
        maxLength={10000}
        value={note}
        onChange={(event) => {
          setNote(event.target.value);
          appStore.set(editVersionAtom, (version) => version + 1);
        }}
      />
    </div>
  );
}
