// The equity panel while exact preflop equity waits for the preflop table: a loading line, and when the download
// failed, its reason with a button that runs the job (and with it the download) again.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { IDLE } from '@/engine/latest-job';
import type { PreflopTableState } from '@/engine/preflop-table';
import { appStore } from '@/lib/store';
import { renderApp } from '@/test/render';

import { boardCardsAtom, deadCardsAtom } from '../../shared/atoms';
import { equityMethodAtom, equityStatusAtom, preflopRetryAtom } from '../atoms';
import { EquityPanel } from './equity-panel';

/** A table source whose state the test sets; nothing downloads. */
const table = vi.hoisted(() => {
  let current: PreflopTableState = { state: 'idle' };
  const listeners = new Set<() => void>();
  return {
    load: () => new Promise<Uint8Array>(() => undefined),
    state: () => current,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: PreflopTableState) {
      current = next;
      for (const listener of listeners) listener();
    },
  };
});

vi.mock('@/engine/engine-instance', () => ({
  getEngineClient: () => ({ warm: () => new Promise<string>(() => undefined) }),
  getPreflopTable: () => table,
}));

const RUNNING = { state: 'running', progress: 0, live: null } as const;

beforeEach(() => {
  table.set({ state: 'idle' });
  appStore.set(boardCardsAtom, []);
  appStore.set(deadCardsAtom, []);
  appStore.set(equityMethodAtom, 'exact');
  appStore.set(equityStatusAtom, IDLE);
  appStore.set(preflopRetryAtom, 0);
});

describe('equity panel and the preflop table', () => {
  it('says the preflop table is loading while a preflop job waits for it', () => {
    table.set({ state: 'loading' });
    appStore.set(equityStatusAtom, RUNNING);
    renderApp(<EquityPanel />);
    expect(screen.getByTestId('preflop-table-loading')).toHaveTextContent('Loading the preflop table…');
    act(() => table.set({ state: 'ready' }));
    expect(screen.queryByTestId('preflop-table-loading')).toBeNull();
  });

  it('stays quiet about the table on a flop, with dead cards and with Monte Carlo', () => {
    table.set({ state: 'loading' });
    appStore.set(equityStatusAtom, RUNNING);
    appStore.set(boardCardsAtom, ['Kh', '9d', '4c']);
    renderApp(<EquityPanel />);
    expect(screen.queryByTestId('preflop-table-loading')).toBeNull();
    act(() => {
      appStore.set(boardCardsAtom, []);
      appStore.set(deadCardsAtom, ['2c']);
    });
    expect(screen.queryByTestId('preflop-table-loading')).toBeNull();
    act(() => {
      appStore.set(deadCardsAtom, []);
      appStore.set(equityMethodAtom, 'monte-carlo');
    });
    expect(screen.queryByTestId('preflop-table-loading')).toBeNull();
  });

  it('shows a failed download with its reason instead of the generic error, and tries again on request', async () => {
    const user = userEvent.setup();
    table.set({ state: 'error', message: 'HTTP 503' });
    appStore.set(equityStatusAtom, { state: 'error', message: 'HTTP 503' });
    renderApp(<EquityPanel />);
    const alert = screen.getByTestId('preflop-table-error');
    expect(alert).toHaveTextContent('The preflop table could not be loaded (HTTP 503)');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(appStore.get(preflopRetryAtom)).toBe(1);
  });
});
