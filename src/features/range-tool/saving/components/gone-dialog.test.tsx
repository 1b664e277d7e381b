import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { appStore } from '@/lib/store';
import { renderApp, testUser } from '@/test/render';

import { goneRangesAtom } from '../atoms';
import type { RangeBody } from '../range-conflict';
import type { GoneRange } from '../range-gone';
import { RangeGoneDialog } from './gone-dialog';

const mine: RangeBody = {
  pairs: [{ hand: 'KK', colors: [{ color: '#1847BE', weight: 100 }] }],
  buttons: [],
  note: '',
  sides: null,
  origin: { name: 'UTG open', root_type: 'preflop_root', parent_id: 8 },
};
const entry = (categoryId: number, body: RangeBody = mine): GoneRange => ({
  key: `7:${categoryId}`,
  userId: 7,
  categoryId,
  mine: body,
});

afterEach(() => appStore.set(goneRangesAtom, []));

describe('the deleted range dialog', () => {
  it('names the range, says the edit is kept, shows it and offers to save it as a new range or discard it', () => {
    appStore.set(goneRangesAtom, [entry(31), entry(32)]);
    renderApp(<RangeGoneDialog />, { user: testUser });
    const dialog = screen.getByRole('dialog', { name: 'This range no longer exists' });
    expect(dialog).toHaveTextContent('“UTG open” was deleted after your edit began');
    expect(dialog).toHaveTextContent('Your edits are kept on this device until you choose.');
    expect(within(dialog).getByTestId('gone-more')).toHaveTextContent(
      '1 more deleted range with edits waits after this one.',
    );
    expect(within(dialog).getByTestId('gone-mine').querySelector('[data-hand="KK"]')).toHaveAttribute(
      'data-coloured',
      'true',
    );
    expect(within(dialog).getByRole('button', { name: 'Save as a new range' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Discard my edits' })).toBeEnabled();
  });

  it('closed without a choice, comes back with the range’s next edit', () => {
    appStore.set(goneRangesAtom, [entry(31)]);
    renderApp(<RangeGoneDialog />, { user: testUser });
    act(() => screen.getByRole('button', { name: 'Close' }).click());
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => appStore.set(goneRangesAtom, [entry(31, { ...mine, note: 'later' })]));
    expect(screen.getByRole('dialog', { name: 'This range no longer exists' })).toBeInTheDocument();
  });

  it('for a ready-made strategy, or a held edit that does not name its range, says so', () => {
    const { origin: _none, ...unnamed } = mine;
    appStore.set(goneRangesAtom, [entry(31, { ...unnamed, template: true })]);
    renderApp(<RangeGoneDialog />, { user: testUser });
    const dialog = screen.getByRole('dialog', { name: 'This range no longer exists' });
    expect(dialog).toHaveTextContent('A range you edited was deleted after your edit began');
    expect(dialog).toHaveTextContent('It was a ready-made strategy that is no longer in your library');
    expect(within(dialog).queryByRole('button', { name: 'Save as a new range' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Discard my edits' })).toBeEnabled();
  });
});
