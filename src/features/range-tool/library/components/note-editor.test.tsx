import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { appStore } from '@/lib/store';
import { renderApp, testUser } from '@/test/render';
import { FREE_NOTE_MAX, NOTE_MAX } from '@contract/limits';

import { categoryIdAtom, noteAtom } from '../../shared/atoms';
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

  it('keeps a longer note a free player already has as it is, and cuts it to the free length on request', async () => {
    const long = 'n'.repeat(FREE_NOTE_MAX + 300);
    appStore.set(noteAtom, long);
    renderApp(<NoteEditor />, as(false));
    const field = screen.getByRole('textbox');
    expect(field).toHaveAttribute('readOnly');
    expect(appStore.get(noteAtom)).toBe(long);
    await userEvent.click(screen.getByRole('button', { name: /2,?000/ }));
    expect(appStore.get(noteAtom)).toBe('n'.repeat(FREE_NOTE_MAX));
    expect(screen.getByRole('textbox')).not.toHaveAttribute('readOnly');
    expect(screen.getByRole('textbox')).toHaveAttribute('maxLength', String(FREE_NOTE_MAX));
  });
});
