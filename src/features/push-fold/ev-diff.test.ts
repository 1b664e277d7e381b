import { describe, expect, it } from 'vitest';

import { treeNode } from '@/test/fixtures';
import { HAND_CLASSES } from '@contract/hands';

import { chartFrequencies, pricedDiff } from './ev-diff';
import { chartActions, rangeChoices } from './use-compare-chart';

const at = (values: readonly number[], hand: string) => values[HAND_CLASSES.indexOf(hand)];

describe('a player’s chart against a solution', () => {
  it('reads how often the chart plays each hand with a colour, less the combos the suit editor left out', () => {
    const pairs = [
      { hand: 'AA', colors: [{ color: '#e08a1e', weight: 100 }] },
      // Two of four combos left out: half of the 60% is played.
      { hand: 'AKs', colors: [{ color: '#E08A1E', weight: 60 }], excluded: ['AhKh', 'AsKs'] },
      // Another colour is another action.
      { hand: 'KK', colors: [{ color: '#123456', weight: 100 }] },
    ];
    const frequencies = chartFrequencies(pairs, '#E08A1E');
    expect([
      at(frequencies, 'AA'),
      at(frequencies, 'AKs'),
      at(frequencies, 'KK'),
      at(frequencies, '72o'),
    ]).toEqual([1, 0.3, 0, 0]);
  });

  it('prices each cell as (solution − mine) × (play EV − fold EV), and the whole chart per hand dealt', () => {
    const frequency = HAND_CLASSES.map((hand) => (hand === 'AA' ? 1 : hand === 'KK' ? 0.5 : 0));
    const playEv = HAND_CLASSES.map((hand) =>
      hand === 'AA' ? 3 : hand === '72o' ? -1.5 : hand === '32o' ? null : 0,
    );
    const foldEv = HAND_CLASSES.map((hand) => (hand === '32o' ? null : -0.5));
    const mine = HAND_CLASSES.map((hand) => (hand === '72o' ? 1 : hand === 'KK' ? 1 : 0));
    const diff = pricedDiff({ frequency, playEv, foldEv }, mine);
    const cell = (hand: string) => diff.cells[HAND_CLASSES.indexOf(hand)]!;
    // AA: never pushed though worth 3.5 more than folding; 72o pushed though worth 1 less; KK at indifference costs
    // 0.5 x 0.5 here, as its EVs say; 32o never reaches the decision.
    expect(cell('AA')).toEqual({ hand: 'AA', mine: 0, nash: 1, gain: 3.5, cost: 3.5 });
    expect(cell('72o')).toEqual({ hand: '72o', mine: 1, nash: 0, gain: -1, cost: 1 });
    expect(cell('KK').cost).toBe(-0.25);
    expect(cell('32o')).toEqual({ hand: '32o', mine: 0, nash: 0, gain: null, cost: null });
    expect(diff.changed).toBe(3);
    expect(diff.perHand).toBeCloseTo((6 * 3.5 + 12 * 1 + 6 * -0.25) / 1326, 12);
  });

  it('offers every range of the tree with its folders, and a chart’s colours as actions', () => {
    expect(
      rangeChoices([
        treeNode(1, 'Push/fold', 'folder', [treeNode(2, 'SB push 10bb', 'range')]),
        treeNode(3, 'Loose', 'range'),
      ]),
    ).toEqual([
      { id: 2, label: 'Push/fold › SB push 10bb' },
      { id: 3, label: 'Loose' },
    ]);
    expect(
      chartActions(
        [{ color: '#e08a1e', label: 'Shove' }],
        [{ hand: 'AA', colors: [{ color: '#5B6B7F', weight: 100 }] }],
      ),
    ).toEqual([
      { color: '#E08A1E', label: 'Shove' },
      { color: '#5B6B7F', label: '' },
    ]);
  });
});
