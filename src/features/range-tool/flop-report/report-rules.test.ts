import { describe, expect, it } from 'vitest';

import type { FlopRow } from '@/engine/engine-types';

import { boardCards, figures, groupOf, groupRows, rowSummary, sortRows } from './report-rules';

const categories = (made: number[]) => [...made, 0, 0, 0, 0, 0];

/** A row whose hero holds `strong` two-pair-or-better combos and `air` no-pair combos. */
function row(
  cards: [string, string, string],
  weight: number,
  texture: Partial<FlopRow['texture']>,
  outcome: { win: number; tie: number; faced: number; strong: number; air: number } | null,
): FlopRow {
  const made = (strong: number, air: number) => {
    const list = new Array<number>(14).fill(0);
    list[7] = strong;
    list[13] = air;
    return categories(list);
  };
  return {
    cards,
    weight,
    texture: { suits: 'rainbow', pairing: 'unpaired', high: 12, connectedness: 'disconnected', ...texture },
    outcome: outcome && {
      equity: (outcome.win + outcome.tie / 2) / outcome.faced,
      sums: [outcome.win, outcome.tie, outcome.faced],
      combos: [outcome.strong + outcome.air, 10],
      distribution: [outcome.air, 0, 0, 0, 0, 0, 0, 0, 0, outcome.strong],
      hero_categories: made(outcome.strong, outcome.air),
      villain_categories: made(0, 10),
    },
  };
}

const rows = [
  row(['As', 'Ks', '2s'], 4, { suits: 'monotone' }, { win: 6, tie: 0, faced: 10, strong: 1, air: 3 }),
  row(
    ['Ts', '9h', '8d'],
    24,
    { high: 8, connectedness: 'connected' },
    { win: 2, tie: 2, faced: 10, strong: 0, air: 4 },
  ),
  row(['7s', '7h', '2d'], 12, { high: 5, pairing: 'paired' }, null),
];

describe('flop report rules', () => {
  it('weighs each flop by its orbit and its faced pairs', () => {
    const all = figures(rows);
    expect(all.flops).toBe(40);
    expect(all.frequency).toBeCloseTo(40 / 22_100, 15);
    // (4 * 6 + 24 * (2 + 1)) / (4 * 10 + 24 * 10): the flop without an outcome adds flops but no equity.
    expect(all.equity).toBeCloseTo(96 / 280, 15);
    expect(all.summaries.hero.twoPairPlus).toBeCloseTo(4 / (4 * 4 + 24 * 4), 15);
    expect(all.summaries.villain.noPair).toBe(1);
    expect(all.distribution[9]).toBeCloseTo(4 / 112, 15);
  });

  it('groups by texture in display order', () => {
    expect(groupOf(rows[1]!, 'high')).toBe('T');
    expect(groupOf(rows[2]!, 'high')).toBe('low');
    expect(groupRows(rows, 'suits').map((group) => group.key)).toEqual(['monotone', 'rainbow']);
    const pairing = groupRows(rows, 'pairing');
    expect(pairing.map((group) => [group.key, group.figures.flops])).toEqual([
      ['unpaired', 28],
      ['paired', 12],
    ]);
    expect(Number.isNaN(pairing[1]!.figures.equity)).toBe(true);
  });

  it('sorts by any column with flops without an outcome last', () => {
    const byEquity = sortRows(rows, { key: 'equity', descending: true });
    expect(byEquity.map((r) => r.cards[0])).toEqual(['As', 'Ts', '7s']);
    const ascending = sortRows(rows, { key: 'equity', descending: false });
    expect(ascending.map((r) => r.cards[0])).toEqual(['Ts', 'As', '7s']);
    expect(sortRows(rows, { key: 'frequency', descending: true })[0]!.cards[0]).toBe('Ts');
    expect(sortRows(rows, { key: 'flop', descending: true }).map((r) => r.cards[0])).toEqual([
      '7s',
      'Ts',
      'As',
    ]);
    expect(rowSummary(rows[0]!, 'noPair', 'hero')).toBeCloseTo(0.75, 15);
    expect(boardCards(rows[1]!)).toEqual(['10s', '9h', '8d']);
  });
});
