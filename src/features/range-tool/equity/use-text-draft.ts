import { type ChangeEvent, type KeyboardEvent, useState } from 'react';

/**
 * A range text field's editing: the player types freely, Enter or leaving the field hands the text on, Escape drops
 * the draft. `accept` answers whether the text was taken; a refused text stays in the field beside its error.
 */
export function useTextDraft(text: string, accept: (typed: string) => Promise<boolean>) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = async () => {
    if (draft === null) return;
    const typed = draft.trim();
    if (typed === text.trim() || (await accept(typed))) setDraft(null);
  };
  return {
    value: draft ?? text,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setDraft(event.target.value),
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        void commit();
      } else if (event.key === 'Escape') {
        setDraft(null);
      }
    },
    onBlur: () => void commit(),
  };
}
