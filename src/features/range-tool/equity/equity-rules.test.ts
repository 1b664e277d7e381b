import { describe, expect, it } from 'vitest';

import type { EquityReport } from '@/engine/engine-types';

import { ALL_CARDS } from '../shared/range-rules';
import {
  cardsText,
  clearStatistics,
  formatStdError,
  groupNextCards,
  heatColor,
  randomCards,
  resultFromMonteCarlo,
  resultFromReport,
  stepProgress,
} from './equity-rules';

const side = { equity: 0.5, win: 0.4, tie: 0.2, lose: 0.4, combos: 6 };

describe('equity result', () => {
  it('clearing resets statistics, totals, hand, matrix and heat', () => {
    const report = {
      hero: side,
      villain: side,
      combo_equity: [],
      matrix: [0.5, Number.NaN],
      next_cards: [{ card: 'Ah', equity: 0.6, change: 'increase' }],
    } as unknown as EquityReport;
    const full = resultFromReport(report, [{ name: 'one_pair', group: 'made', combos: 3, percent: 50 }], {
      cards: ['Ah', 'Kh'],
      equity: 0.7,
      category: 'high_card',
    });
    expect(full.totals).not.toBeNull();
    expect(full.heat[0]).not.toBe('');
    expect(full.heat[1]).toBe('');
    const cleared = clearStatistics();
    expect(cleared).toEqual({
      statistics: [],
      heat: [],
      totals: null,
      hand: null,
      matrix: [],
      nextCards: [],
      monteCarlo: null,
    });
    expect(full.monteCarlo).toBeNull();
  });

  it('colours heat from red to green', () => {
    expect(heatColor(0)).toBe('hsl(0 70% 42%)');
    expect(heatColor(1)).toBe('hsl(120 70% 42%)');
    expect(heatColor(Number.NaN)).toBe('');
  });

  it('groups next cards by effect, best first', () => {
    const groups = groupNextCards([
      { card: '2c', equity: 0.3, change: 'reduce' },
      { card: 'Ah', equity: 0.6, change: 'increase' },
      { card: 'Kh', equity: 0.7, change: 'increase' },
      { card: '5d', equity: 0.5, change: 'keep' },
    ]);
    expect(groups.increase.map((card) => card.card)).toEqual(['Kh', 'Ah']);
    expect(groups.keep).toHaveLength(1);
    expect(groups.reduce).toHaveLength(1);
  });

  it("leaves the hero's own hole cards out of the next cards, in either spelling of ten", () => {
    const groups = groupNextCards(
      [
        { card: 'Ah', equity: 0.6, change: 'increase' },
        { card: 'Th', equity: 0.5, change: 'keep' },
        { card: '5d', equity: 0.5, change: 'keep' },
      ],
      ['Ah', '10h'],
    );
    expect(groups.increase).toEqual([]);
    expect(groups.keep.map((card) => card.card)).toEqual(['5d']);
  });

  it('deals distinct random cards outside the taken ones', () => {
    const taken = ['Ah', 'Kd'];
    const flop = randomCards(ALL_CARDS, taken, 3);
    expect(flop).toHaveLength(3);
    expect(new Set([...flop, ...taken]).size).toBe(5);
    expect(randomCards(['Ah'], [], 3)).toEqual(['Ah']);
  });

  it('writes board text for the engine', () => {
    expect(cardsText(['10h', 'Ac'])).toBe('ThAc');
  });
});

describe('Monte Carlo equity', () => {
  const villain = { equity: 0.4, win: 0.35, tie: 0.1, lose: 0.55, combos: 24 };
  const hero = { ...side, equity: 0.6 };

  it('builds equities with standard errors and no heat, matrix or next cards', () => {
    const result = resultFromMonteCarlo(
      { results: [hero, villain], stdError: 0.0012, samples: 250_000 },
      [{ name: 'one_pair', group: 'made', combos: 3, percent: 50 }],
      {
        run: { results: [{ ...side, equity: 0.71, combos: 1 }, villain], stdError: 0.0021, samples: 90_000 },
        cards: ['As', 'Ks'],
        category: 'high_card',
      },
    );
    expect(result.totals).toEqual({ hero, villain });
    expect(result.hand).toEqual({ cards: ['As', 'Ks'], equity: 0.71, category: 'high_card' });
    expect(result.monteCarlo).toEqual({ samples: 250_000, stdError: 0.0012, handStdError: 0.0021 });
    expect(result.heat).toEqual([]);
    expect(result.matrix).toEqual([]);
    expect(result.nextCards).toEqual([]);
    expect(result.statistics).toHaveLength(1);
  });

  it('leaves the hand out without hole cards and the totals out without samples', () => {
    const withoutHand = resultFromMonteCarlo(
      { results: [hero, villain], stdError: 0.001, samples: 10 },
      [],
      null,
    );
    expect(withoutHand.hand).toBeNull();
    expect(withoutHand.monteCarlo?.handStdError).toBeNull();
    expect(resultFromMonteCarlo({ results: [], stdError: Infinity, samples: 0 }, [], null).totals).toBeNull();
  });

  it('spreads the progress of jobs run one after another', () => {
    expect(stepProgress(0, 2, 0.5)).toBeCloseTo(0.25);
    expect(stepProgress(1, 2, 0.5)).toBeCloseTo(0.75);
    expect(stepProgress(1, 2, 2)).toBe(1);
    expect(stepProgress(0, 1, Number.NaN)).toBe(0);
    expect(stepProgress(0, 0, 0)).toBe(1);
  });

  it('formats the standard error as ± percent', () => {
    expect(formatStdError(0.00123)).toBe('± 0.12%');
    // Intl of the interface language: es and ru put a no-break space before % and use a decimal comma.
    expect(formatStdError(0.00123, 'es-ES')).toBe('± 0,12\u00a0%');
    expect(formatStdError(0.00123, 'ru-RU')).toBe('± 0,12\u00a0%');
    expect(formatStdError(Infinity)).toBe('');
    expect(formatStdError(null)).toBe('');
  });
});
