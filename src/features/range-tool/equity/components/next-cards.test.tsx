// The next-card lists show each card's equity as text under the card, readable on a phone as on a desktop (it was only
// a tooltip, which a touch screen never shows), in the interface language's number format.
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { i18n } from '@/lib/i18n';
import { appStore } from '@/lib/store';
import { renderApp } from '@/test/render';

import { holeCardsAtom } from '../../shared/atoms';
import { equityResultAtom } from '../atoms';
import { emptyEquityResult } from '../equity-rules';
import { EquityFigures } from './equity-figures';

vi.mock('@/engine/engine-instance', () => import('@/test/idle-engine'));

const side = { equity: 0.5, win: 0.5, tie: 0, lose: 0.5, combos: 6 };

beforeEach(() => {
  appStore.set(holeCardsAtom, []);
  appStore.set(equityResultAtom, {
    ...emptyEquityResult(),
    totals: { hero: side, villain: side },
    nextCards: [
      { card: 'Ah', equity: 0.7234, change: 'increase' },
      { card: '2c', equity: 0.5011, change: 'keep' },
      { card: 'Kd', equity: 0.3187, change: 'reduce' },
      { card: 'Qs', equity: 0.6102, change: 'increase' },
    ],
  });
});

afterEach(() => act(() => i18n.changeLanguage('en-US')));

const shown = (change: string) =>
  [...document.querySelectorAll(`[data-change="${change}"] .next-card`)].map((item) => item.textContent);

describe('next cards', () => {
  it('writes every card’s equity under it, best first in each group', async () => {
    renderApp(<EquityFigures />);
    await screen.findByText('72.3%');
    expect(shown('increase')).toEqual(['A♥72.3%', 'Q♠61.0%']);
    expect(shown('keep')).toEqual(['2♣50.1%']);
    expect(shown('reduce')).toEqual(['K♦31.9%']);
    // Not in a tooltip only: the figure is text on the page.
    const ace = document.querySelector('.next-card[data-card="Ah"]') as HTMLElement;
    expect(within(ace).getByText('72.3%')).toBeVisible();
  });

  it('in the interface language’s number format', async () => {
    renderApp(<EquityFigures />);
    await act(() => i18n.changeLanguage('ru-RU'));
    expect(shown('increase')[0]).toMatch(/^A♥72,3\s?%$/);
  });
});
