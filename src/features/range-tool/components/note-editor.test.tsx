import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { appStore } from '@/lib/store';
import { renderApp, testUser } from '@/test/render';
import { FREE_NOTE_MAX, NOTE_MAX } from '@contract/limits';

import { categoryIdAtom, noteAtom } from '../atoms';
import { NoteEditor } from './note-editor';

// The note goes with every save of the range, and a note the server refuses (402 past the free limit) drops the
// whole save, chart included: the field lets a player write only what the server keeps.
const as = (premium: boolean) => ({ user: { ...testUser, is_premium: premium } });

describe('note editor', () => {
  beforeEach(() => {
    appStore.set(categoryIdAtom, 1);
    appStore.set(noteAtom, '');
  });

  it(`lets a free player write ${FREE_NOTE_MAX} characters and a Premium player ${NOTE_MAX}`, () => {
    const view = renderApp(<NoteEditor />, as(false));
    expect(screen.getByRole('textbox')).toHaveAttribute('maxLength', String(FREE_NOTE_MAX));
    view.unmount();
    renderApp(<NoteEditor />, as(true));
    expect(screen.getByRole('textbox')).toHaveAttribute('maxLength', String(NOTE_MAX));
  });

  it('lets a free player keep and shorten a longer note the range already has, not lengthen it', () => {
    appStore.set(noteAtom, 'n'.repeat(FREE_NOTE_MAX + 300));
    renderApp(<NoteEditor />, as(false));
    expect(screen.getByRole('textbox')).toHaveAttribute('maxLength', String(FREE_NOTE_MAX + 300));
  });
});
