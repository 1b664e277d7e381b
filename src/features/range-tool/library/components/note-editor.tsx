import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { useCurrentUser } from '@/lib/session';
import { appStore, useAtom, useAtomValue } from '@/lib/store';
import { FREE_NOTE_MAX, NOTE_MAX } from '@contract/limits';

import { categoryIdAtom, chartReadOnlyAtom, editVersionAtom, noteAtom } from '../../shared/atoms';

/** Characters as the server counts them (code points, so an emoji is one). */
const length = (text: string) => [...text].length;

/**
 * The selected range's note; saved with the range by autosave. The note goes with every save of the chart, and a
 * note the server refuses (a free note past FREE_NOTE_MAX: 402) would drop the chart's edit with it, so a free
 * player writes at most that much. A longer note the range already has (written while the player had Premium) is
 * kept exactly as it is, as the server allows; it can be cut to the free length, and is then the player's to edit.
 */
export function NoteEditor() {
  const { t } = useTranslation();
  const id = useId();
  const hintId = useId();
  const [note, setNote] = useAtom(noteAtom);
  const categoryId = useAtomValue(categoryIdAtom);
  const premium = Boolean(useCurrentUser()?.is_premium);
  const readOnly = useAtomValue(chartReadOnlyAtom);
  if (categoryId === null) return null;
  const overFreeCap = !premium && length(note) > FREE_NOTE_MAX;
  const change = (next: string) => {
    if (readOnly) return;
    setNote(next);
    appStore.set(editVersionAtom, (version) => version + 1);
  };
  return (
    <div className="range-note">
      <label htmlFor={id}>{t('ranges:library.note')}</label>
      <textarea
        id={id}
        rows={4}
        maxLength={premium ? NOTE_MAX : overFreeCap ? note.length : FREE_NOTE_MAX}
        value={note}
        readOnly={readOnly || overFreeCap}
        aria-describedby={overFreeCap ? hintId : undefined}
        onChange={(event) => change(event.target.value)}
      />
      {overFreeCap && !readOnly && (
        <p id={hintId} className="range-note__hint muted">
          {t('ranges:library.noteOverFreeCap', { max: FREE_NOTE_MAX })}{' '}
          <button
            type="button"
            className="button button--ghost"
            onClick={() => change([...note].slice(0, FREE_NOTE_MAX).join(''))}
          >
            {t('ranges:library.noteCut', { max: FREE_NOTE_MAX })}
          </button>
        </p>
      )}
    </div>
  );
}
