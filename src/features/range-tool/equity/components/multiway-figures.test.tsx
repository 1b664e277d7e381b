import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import { LANGUAGES } from '@/lib/languages';
import { appStore } from '@/lib/store';
import { renderApp } from '@/test/render';

import type { MultiwayFigures as Figures } from '../atoms';
import { multiwayEquityAtom } from '../atoms';
import { MultiwayFigures } from './multiway-figures';

const player = (equity: number) => ({ equity, win: equity, tie: 0 });

/** A Monte Carlo snapshot of a three-way pot. */
const snapshot = (samples: number, stdError: number, running = true): Figures => ({
  method: 'monte-carlo',
  players: [player(0.5), player(0.3), player(0.2)],
  keys: ['hero', 'villain-1', 'villain-2'],
  stdError,
  samples,
  running,
});

const live = () => screen.getByTestId('multiway-live').textContent;

afterEach(async () => {
  await act(() => i18n.changeLanguage('en-US'));
  appStore.set(multiwayEquityAtom, null);
});

describe('multiway Monte Carlo line', () => {
  it('shows the count alone until the first standard error, then the count and the error', () => {
    appStore.set(multiwayEquityAtom, snapshot(0, Infinity));
    renderApp(<MultiwayFigures />);
    expect(live()).toBe('0 samples · sampling…');

    act(() => appStore.set(multiwayEquityAtom, snapshot(1, Number.NaN)));
    expect(live()).toBe('1 sample · sampling…');

    act(() => appStore.set(multiwayEquityAtom, snapshot(12_345, 0.0012)));
    expect(live()).toBe('12,345 samples, ± 0.12% · sampling…');

    act(() => appStore.set(multiwayEquityAtom, snapshot(40_000, 0.0005, false)));
    expect(live()).toBe('40,000 samples, ± 0.05%');
  });

  it.each(LANGUAGES)(
    'leaves no dangling separator before the first standard error in %s',
    async (language) => {
      appStore.set(multiwayEquityAtom, snapshot(5, Infinity, false));
      renderApp(<MultiwayFigures />);
      await act(() => i18n.changeLanguage(language));
      const count = new Intl.NumberFormat(language).format(5);
      expect(live()).toContain(count);
      expect(live()).toBe(i18n.t('multiway:samplesOnly', { count: 5 }));
      expect(live()).not.toMatch(/[,，]\s*$/);
    },
  );
});
