import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { appStore } from '@/lib/store';
import { renderApp } from '@/test/render';

import { comboExclusionsAtom, inspectedCellAtom, rangeHistoryAtom } from '../../shared/atoms';
import { CALL_COLOR } from '../../shared/default-buttons';
import { initHistory } from '../../shared/range-history';
import { DEFAULT_COLOR } from '../../shared/range-rules';
import { cell, resetPainting } from '../../test-support';
import { CellInspector } from './cell-inspector';
import { LONG_PRESS_MS, RangeGrid, TOUCH_SLOP_PX } from './range-grid';

// The panels never reach the engine here (see the stand-in).
vi.mock('@/engine/engine-instance', () => import('@/test/idle-engine'));

const grid = () => screen.getByRole('group', { name: /13 by 13/ });
const weight = (hand: string) => cell(hand).getAttribute('data-weight');

/** jsdom has no layout: the finger is over the cell `under` names, at x (one cell per TOUCH_SLOP_PX * 2 px). */
let under = 'AA';
const finger = (type: 'pointerDown' | 'pointerMove', hand: string, x: number, pointerId = 1) => {
  under = hand;
  fireEvent[type](type === 'pointerDown' ? cell(hand) : grid(), {
    pointerType: 'touch',
    pointerId,
    button: 0,
    clientX: x,
    clientY: 5,
  });
};
const lift = (x: number, pointerId = 1) =>
  fireEvent.pointerUp(window, { pointerType: 'touch', pointerId, clientX: x, clientY: 5 });

beforeEach(() => {
  resetPainting();
  appStore.set(comboExclusionsAtom, {});
  appStore.set(inspectedCellAtom, null);
  document.elementFromPoint = () => cell(under);
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('the chart under a finger', () => {
  it('paints a tapped cell when the finger lifts, not when it lands', () => {
    renderApp(<RangeGrid />);
    finger('pointerDown', 'KQs', 0);
    expect(weight('KQs')).toBe('0');
    expect(cell('KQs')).toHaveAttribute('data-pressing');
    lift(2);
    expect(weight('KQs')).toBe('100');
    expect(cell('KQs')).not.toHaveAttribute('data-pressing');
    // Nothing else, and the long press that would have come is gone with the tap.
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS * 2));
    expect(appStore.get(inspectedCellAtom)).toBeNull();
    expect(Object.keys(appStore.get(rangeHistoryAtom).present)).toEqual(['KQs']);
  });

  it('paints a stroke from the pressed cell when the finger slides, as one undo step', () => {
    renderApp(<RangeGrid />);
    const step = TOUCH_SLOP_PX * 2;
    finger('pointerDown', 'AA', 0);
    // A wobble within the slop over the border is still the press on AA.
    finger('pointerMove', 'AKs', TOUCH_SLOP_PX - 1);
    expect(weight('AKs')).toBe('0');
    finger('pointerMove', 'AKs', step);
    finger('pointerMove', 'AQs', step * 2);
    lift(step * 2);
    for (const hand of ['AA', 'AKs', 'AQs']) expect(weight(hand)).toBe('100');
    expect(appStore.get(rangeHistoryAtom).past).toHaveLength(1);
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS * 2));
    expect(appStore.get(inspectedCellAtom)).toBeNull();
  });

  it('shows a cell up close after a long press and paints nothing, even when the finger then moves', () => {
    renderApp(
      <>
        <RangeGrid />
        <CellInspector />
      </>,
    );
    finger('pointerDown', 'T9s', 0);
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS - 1));
    expect(screen.queryByTestId('cell-inspector')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('cell-inspector')).toHaveAttribute('data-hand', 'T9s');
    finger('pointerMove', 'T8s', TOUCH_SLOP_PX * 3);
    lift(TOUCH_SLOP_PX * 3);
    expect(weight('T9s')).toBe('0');
    expect(weight('T8s')).toBe('0');
  });

  it('paints nothing when a second finger lands (a pinch to zoom) or the browser takes the touch', () => {
    renderApp(<RangeGrid />);
    finger('pointerDown', 'QQ', 0, 1);
    finger('pointerDown', 'JJ', 40, 2);
    lift(0, 1);
    lift(40, 2);
    expect(weight('QQ')).toBe('0');
    expect(weight('JJ')).toBe('0');

    // The second finger off the chart, the first then sliding over it: still a pinch, not a stroke.
    finger('pointerDown', 'QQ', 0, 3);
    fireEvent.pointerDown(document.body, { pointerType: 'touch', pointerId: 4, clientX: 300, clientY: 5 });
    finger('pointerMove', 'JJ', TOUCH_SLOP_PX * 3, 3);
    fireEvent.pointerCancel(window, { pointerType: 'touch', pointerId: 3 });
    fireEvent.pointerCancel(window, { pointerType: 'touch', pointerId: 4 });
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS * 2));
    expect(weight('QQ')).toBe('0');
    expect(weight('JJ')).toBe('0');
    expect(appStore.get(inspectedCellAtom)).toBeNull();

    // With the fingers gone, the next tap paints.
    finger('pointerDown', 'QQ', 0, 5);
    lift(0, 5);
    expect(weight('QQ')).toBe('100');
  });

  it('paints again after a touch whose release never came (a new first finger starts afresh)', () => {
    renderApp(<RangeGrid />);
    finger('pointerDown', 'AA', 0, 7);
    // The release of finger 7 is lost (the page lost the touch); the player touches again.
    fireEvent.pointerDown(cell('KK'), {
      pointerType: 'touch',
      pointerId: 8,
      isPrimary: true,
      button: 0,
      clientX: 0,
      clientY: 5,
    });
    under = 'KK';
    lift(0, 8);
    expect(weight('KK')).toBe('100');
    expect(weight('AA')).toBe('0');
  });
});

describe('a cell up close', () => {
  it('lists each colour with its weight and combos, the total, and the combos left out', () => {
    appStore.set(
      rangeHistoryAtom,
      initHistory({
        AKo: [
          { color: DEFAULT_COLOR, weight: 40 },
          { color: CALL_COLOR, weight: 35 },
        ],
      }),
    );
    appStore.set(comboExclusionsAtom, { AKo: ['AhKc', 'AdKs'] });
    renderApp(
      <>
        <RangeGrid />
        <CellInspector />
      </>,
    );
    fireEvent.contextMenu(cell('AKo'));
    const dialog = screen.getByRole('dialog', { name: 'AKo · offsuit' });
    // 12 combos, 2 left out: 10 live, 75% of them in the range (7.5), 4 for Raise (40%), 3.5 for Call (35%).
    expect(within(dialog).getByTestId('inspect-total')).toHaveTextContent(
      '75% in the range · 7.5 of 12 combos',
    );
    const rows = within(dialog)
      .getAllByRole('listitem')
      .filter((item) => item.dataset.color);
    expect(rows.map((row) => row.textContent)).toEqual(['Raise40%4 combos', 'Call35%3.5 combos']);
    const combos = dialog.querySelectorAll('[data-combo]');
    expect(combos).toHaveLength(12);
    expect(
      [...dialog.querySelectorAll('[data-combo].is-out')].map((item) => item.getAttribute('data-combo')),
    ).toEqual(['AhKc', 'AdKs']);
  });

  it('opens from the keyboard with I on the focused cell and closes on Escape, focus back on the cell', async () => {
    vi.useRealTimers();
    const user = userEvent.setup();
    renderApp(
      <>
        <RangeGrid />
        <CellInspector />
      </>,
    );
    cell('AA').focus();
    await user.keyboard('{ArrowRight}{ArrowDown}i');
    const dialog = screen.getByRole('dialog', { name: 'KK · pair' });
    expect(within(dialog).getByTestId('inspect-total')).toHaveTextContent('Not in the range · 6 combos');
    // Escape is the dialog's cancel event in a browser (jsdom sends none of its own).
    act(() => {
      dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(cell('KK')).toHaveFocus();
    expect(weight('KK')).toBe('0');
    // The same key in a Russian layout writes Ш.
    fireEvent.keyDown(cell('KK'), { key: 'ш', code: 'KeyI' });
    expect(screen.getByRole('dialog', { name: 'KK · pair' })).toBeInTheDocument();
  });
});
