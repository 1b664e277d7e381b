import { describe, expect, it } from 'vitest';

import type { EquityReport } from '@/engine/engine-types';

import {
  cardsText,
  clearStatistics,
  groupNextCards,
  heatColor,
  randomCards,
  resultFromReport,
} from './equity-rules';
import { ALL_CARDS } from './range-rules';

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
    });
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
