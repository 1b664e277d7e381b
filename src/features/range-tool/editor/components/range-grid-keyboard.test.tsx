import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { IDLE } from '@/engine/latest-job';
import { gridStep } from '@/lib/hand-grid';
import { appStore } from '@/lib/store';
import { renderApp } from '@/test/render';

import { equityStatusAtom } from '../../equity/atoms';
import { EquityPanel } from '../../equity/components/equity-panel';
import { cell, resetPainting } from '../../test-support';
import { RangeGrid } from './range-grid';

// The panels never reach the engine here (see the stand-in).
vi.mock('@/engine/engine-instance', () => import('@/test/idle-engine'));

const tabStops = () =>
  [...document.querySelectorAll<HTMLElement>('[data-hand]')].filter((el) => el.tabIndex === 0);

beforeEach(() => {
  resetPainting();
  appStore.set(equityStatusAtom, IDLE);
});

describe('range grid keyboard (roving tabindex)', () => {
  it('is one tab stop: Tab enters on one cell and the next Tab leaves the chart', async () => {
    const user = userEvent.setup();
    renderApp(
      <>
        <button type="button">before</button>
        <RangeGrid />
        <button type="button">after</button>
      </>,
    );
    expect(tabStops()).toEqual([cell('AA')]);
    screen.getByRole('button', { name: 'before' }).focus();
    await user.tab();
    expect(cell('AA')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'after' })).toHaveFocus();
  });

  it('moves the tab stop with the arrows, Home and End, and paints with Enter and Space', async () => {
    const user = userEvent.setup();
    renderApp(
      <>
        <RangeGrid />
        <button type="button">after</button>
      </>,
    );
    await user.tab();
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(cell('KK')).toHaveFocus();
    expect(tabStops()).toEqual([cell('KK')]);
    await user.keyboard('{Enter}');
    expect(cell('KK')).toHaveAttribute('data-weight', '100');
    await user.keyboard('{End}');
    expect(cell('K2s')).toHaveFocus();
    await user.keyboard(' ');
    expect(cell('K2s')).toHaveAttribute('data-weight', '100');
    await user.keyboard('{Home}');
    expect(cell('AKo')).toHaveFocus();
    // Leaving and coming back lands on the last focused cell, not on AA.
    await user.tab();
    await user.tab({ shift: true });
    expect(cell('AKo')).toHaveFocus();
  });

  it('stops at the edges instead of wrapping to the next row', () => {
    expect(gridStep(0, 'ArrowLeft')).toBe(0);
    expect(gridStep(0, 'ArrowUp')).toBe(0);
    expect(gridStep(12, 'ArrowRight')).toBe(12);
    expect(gridStep(13, 'ArrowLeft')).toBe(13);
    expect(gridStep(168, 'ArrowDown')).toBe(168);
    expect(gridStep(14, 'Home', true)).toBe(0);
    expect(gridStep(14, 'End', true)).toBe(168);
    expect(gridStep(14, 'a')).toBeNull();
  });
});

describe('equity progress', () => {
  it('is a progress bar with an accessible name', () => {
    appStore.set(equityStatusAtom, { state: 'running', progress: 0.25, live: null });
    renderApp(<EquityPanel />);
    const bar = screen.getByRole('progressbar', { name: 'Equity calculation progress' });
    expect(bar).toHaveAttribute('value', '0.25');
  });
});
