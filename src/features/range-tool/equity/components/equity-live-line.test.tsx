// The live line of a running Monte Carlo job: the sample count, and the standard error once there is one (before
// it, the line must not end in a dangling separator).
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { i18n } from '@/lib/i18n';
import { appStore } from '@/lib/store';
import { renderApp } from '@/test/render';

import { boardCardsAtom } from '../../shared/atoms';
import { equityMethodAtom, equityStatusAtom } from '../atoms';
import { EquityStatusLine } from './equity-figures';

vi.mock('@/engine/engine-instance', () => {
  // One state object: the table's store is read through useSyncExternalStore, which needs a stable snapshot.
  const idle = { state: 'idle' };
  return {
    getEngineClient: () => ({ warm: () => new Promise<string>(() => undefined) }),
    getPreflopTable: () => ({
      load: () => new Promise<Uint8Array>(() => undefined),
      state: () => idle,
      subscribe: () => () => undefined,
    }),
  };
});

const running = (samples: number, stdError: number) =>
  ({ state: 'running', progress: 0.5, live: { samples, estimate: 0.5, stdError } }) as const;

afterEach(async () => {
  await act(() => i18n.changeLanguage('en-US'));
});

beforeEach(() => {
  appStore.set(boardCardsAtom, ['Kh', '9d', '4c']);
  appStore.set(equityMethodAtom, 'monte-carlo');
});

describe('Monte Carlo live line', () => {
  it('shows the sample count alone until the first standard error, then both', () => {
    appStore.set(equityStatusAtom, running(1, Infinity));
    renderApp(<EquityStatusLine />);
    expect(screen.getByTestId('monte-carlo-live')).toHaveTextContent(/^1 sample$/);
    act(() => appStore.set(equityStatusAtom, running(20_000, 0.0035)));
    expect(screen.getByTestId('monte-carlo-live')).toHaveTextContent(/^20,000 samples, ± 0\.35%$/);
  });

  it('has the sample-only line in Russian plural forms', async () => {
    appStore.set(equityStatusAtom, running(5, Infinity));
    renderApp(<EquityStatusLine />);
    await act(() => i18n.changeLanguage('ru-RU'));
    expect(screen.getByTestId('monte-carlo-live')).toHaveTextContent(/^5 выборок$/);
  });
});
