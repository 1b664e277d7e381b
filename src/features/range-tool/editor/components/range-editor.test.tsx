import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { appStore } from '@/lib/store';
import { renderApp } from '@/test/render';

import { equityResultAtom } from '../../equity/atoms';
import { CardPicker } from '../../equity/components/card-picker';
import { EquityPanel } from '../../equity/components/equity-panel';
import { emptyEquityResult } from '../../equity/equity-rules';
import { RangeTool } from '../../page/range-tool';
import {
  boardCardsAtom,
  buttonsAtom,
  comboExclusionsAtom,
  currentColorAtom,
  displayModeAtom,
  holeCardsAtom,
  rangeHistoryAtom,
} from '../../shared/atoms';
import { CALL_COLOR } from '../../shared/default-buttons';
import { DEFAULT_COLOR } from '../../shared/range-rules';
import { cell, resetPainting } from '../../test-support';
import { ColorButtons } from './color-buttons';
import { EditorToolbar } from './editor-toolbar';
import { RangeGrid } from './range-grid';

// The panels never reach the engine here (see the stand-in).
vi.mock('@/engine/engine-instance', () => import('@/test/idle-engine'));

beforeEach(() => {
  resetPainting();
  appStore.set(displayModeAtom, 2);
  appStore.set(boardCardsAtom, []);
  appStore.set(holeCardsAtom, []);
  appStore.set(equityResultAtom, emptyEquityResult());
  appStore.set(comboExclusionsAtom, {});
});

describe('range editor', () => {
  it('paints 169 cells by drag, with the stroke decided by its first cell', () => {
    renderApp(
      <>
        <RangeGrid />
        <ColorButtons />
      </>,
    );
    expect(document.querySelectorAll('[data-hand]')).toHaveLength(169);
    // jsdom has no layout: the pointer lands on the cell the stub names.
    let under = cell('AA');
    document.elementFromPoint = () => under;
    const grid = screen.getByRole('group', { name: /13 by 13/ });
    fireEvent.pointerDown(grid, { button: 0, clientX: 1, clientY: 1 });
    under = cell('AKs');
    fireEvent.pointerMove(grid, { clientX: 2, clientY: 1 });
    under = cell('AQs');
    fireEvent.pointerMove(grid, { clientX: 3, clientY: 1 });
    fireEvent.pointerUp(window);
    expect(cell('AA')).toHaveAttribute('data-weight', '100');
    expect(cell('AQs')).toHaveAttribute('data-weight', '100');
    expect(cell('AA')).toHaveAttribute('data-colors', `${DEFAULT_COLOR}:100`);
    expect(screen.getByTestId('range-combos')).toHaveTextContent('14 combos');
    expect(appStore.get(rangeHistoryAtom).past).toHaveLength(1);
  });

  it('chooses a cell from the keyboard and moves focus with the arrows', async () => {
    const user = userEvent.setup();
    renderApp(<RangeGrid />);
    cell('AA').focus();
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(document.activeElement).toBe(cell('KK'));
    await user.keyboard('{Enter}');
    expect(cell('KK')).toHaveAttribute('data-weight', '100');
    await user.keyboard('{Enter}');
    expect(cell('KK')).toHaveAttribute('data-weight', '0');
  });

  it('shows weighted segments and undoes/redoes with the toolbar', async () => {
    const user = userEvent.setup();
    renderApp(
      <>
        <EditorToolbar />
        <RangeGrid />
        <ColorButtons />
      </>,
    );
    await user.clear(screen.getByLabelText('Weight, %'));
    await user.type(screen.getByLabelText('Weight, %'), '40');
    cell('AKo').focus();
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: /^Call/ }));
    await user.clear(screen.getByLabelText('Weight, %'));
    await user.type(screen.getByLabelText('Weight, %'), '60');
    cell('AKo').focus();
    await user.keyboard('{Enter}');
    expect(cell('AKo')).toHaveAttribute('data-weight', '100');
    expect(cell('AKo')).toHaveAttribute('data-colors', `${DEFAULT_COLOR}:40 #C0392B:60`);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(cell('AKo')).toHaveAttribute('data-weight', '40');
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    expect(cell('AKo')).toHaveAttribute('data-weight', '100');
    await user.click(screen.getByRole('button', { name: 'Clear range' }));
    expect(cell('AKo')).toHaveAttribute('data-weight', '0');
  });

  it('adds, renames and deletes a colour button', async () => {
    const user = userEvent.setup();
    renderApp(<ColorButtons />);
    await user.click(screen.getByRole('button', { name: 'Add colour' }));
    expect(appStore.get(buttonsAtom)).toHaveLength(3);
    expect(appStore.get(currentColorAtom)).toBe(appStore.get(buttonsAtom)[2]!.color);
    await user.click(screen.getByRole('button', { name: 'Edit Colour 3' }));
    const label = screen.getByLabelText('Label');
    await user.clear(label);
    await user.type(label, '3bet');
    expect(appStore.get(buttonsAtom)[2]!.label).toBe('3bet');
    await user.click(screen.getByRole('button', { name: 'Delete colour' }));
    expect(appStore.get(buttonsAtom)).toHaveLength(2);
  });
});

describe('suit editor', () => {
  it('leaves single combos of a cell out and marks the cell', async () => {
    const user = userEvent.setup();
    renderApp(<RangeTool rootType="preflop_root" />);
    await user.click(screen.getByRole('button', { name: 'Suit editor' }));
    expect(screen.getByText(/Choose a hand in the chart/)).toBeInTheDocument();
    cell('AKs').focus();
    await user.keyboard('{Enter}');
    // Suit mode does not paint.
    expect(cell('AKs')).toHaveAttribute('data-weight', '0');
    const editor = screen.getByRole('region', { name: 'AKs: single combos' });
    const combos = within(editor).getAllByRole('button');
    expect(combos).toHaveLength(4);
    await user.click(combos[0]!);
    expect(appStore.get(comboExclusionsAtom)).toEqual({ AKs: ['AhKh'] });
    expect(cell('AKs')).toHaveClass('range-cell--trimmed');
    await user.click(combos[0]!);
    expect(appStore.get(comboExclusionsAtom)).toEqual({});
  });
});

describe('keyboard shortcuts', () => {
  it('chooses colours with digits and undoes/redoes with Ctrl+Z / Ctrl+Shift+Z', async () => {
    const user = userEvent.setup();
    renderApp(<RangeTool rootType="preflop_root" />);
    await user.keyboard('2');
    expect(appStore.get(currentColorAtom)).toBe(CALL_COLOR);
    cell('QQ').focus();
    await user.keyboard('{Enter}');
    expect(cell('QQ')).toHaveAttribute('data-colors', `${CALL_COLOR}:100`);
    await user.keyboard('{Control>}z{/Control}');
    expect(cell('QQ')).toHaveAttribute('data-weight', '0');
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(cell('QQ')).toHaveAttribute('data-weight', '100');
    // Digits typed into the weight field stay text.
    await user.click(screen.getByLabelText('Weight, %'));
    await user.keyboard('1');
    expect(appStore.get(currentColorAtom)).toBe(CALL_COLOR);
  });
});

describe('equity panel', () => {
  it('picks board cards (sixth drops the oldest) and hole cards, and clears statistics', async () => {
    const user = userEvent.setup();
    renderApp(<CardPicker />);
    const deck = document.querySelector<HTMLElement>('.card-picker__deck')!;
    for (const card of ['A♥', 'K♥', 'Q♥', 'J♥', '10♥', '9♥']) {
      await user.click(within(deck).getByRole('button', { name: card }));
    }
    expect(appStore.get(boardCardsAtom)).toEqual(['Kh', 'Qh', 'Jh', '10h', '9h']);
    await user.click(screen.getByRole('radio', { name: 'Hand' }));
    expect(within(deck).getByRole('button', { name: 'K♥' })).toBeDisabled();
    for (const card of ['A♠', 'A♣', '2♦']) await user.click(within(deck).getByRole('button', { name: card }));
    expect(appStore.get(holeCardsAtom)).toEqual(['Ac', '2d']);
    await user.click(screen.getByRole('button', { name: 'Random flop' }));
    expect(appStore.get(boardCardsAtom)).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Random river' }));
    expect(appStore.get(boardCardsAtom)).toHaveLength(5);
  });

  it('shows equity figures and clearing resets them', async () => {
    const user = userEvent.setup();
    const side = { equity: 0.6, win: 0.55, tie: 0.1, lose: 0.35, combos: 12 };
    appStore.set(equityResultAtom, {
      ...emptyEquityResult(),
      totals: { hero: side, villain: { ...side, equity: 0.4 } },
      statistics: [{ name: 'top_pair', group: 'made', combos: 3, percent: 25 }],
      nextCards: [{ card: 'Ah', equity: 0.7, change: 'increase' }],
      hand: { cards: ['Ah', 'Kh'], equity: 0.5, category: null },
    });
    renderApp(<EquityPanel />);
    expect(screen.getByTestId('range-equity')).toHaveTextContent('60.00%');
    expect(screen.getByTestId('hand-equity')).toHaveTextContent('50.00%');
    expect(screen.getByText('Top pair')).toBeInTheDocument();
    expect(screen.getByText('Cards that increase equity')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear statistics' }));
    expect(screen.queryByTestId('range-equity')).toBeNull();
    expect(appStore.get(equityResultAtom)).toEqual(emptyEquityResult());
  });
});
