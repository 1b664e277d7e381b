import { describe, expect, it } from 'vitest';

import { CARD_PATTERN } from '@contract/categories';

import { ALL_CARDS } from './range-rules';
import {
  cleanExclusions,
  defaultSides,
  exclusionsFromList,
  pairsToSave,
  sidesFromCategory,
  sidesToSave,
  workspaceFromCategory,
  workspaceToSave,
} from './range-save';

const blue = { color: '#1847BE', weight: 100 };

describe('saving the suit editor and the sides with a range', () => {
  it('sends each class with its left-out combos, keeping classes that only have exclusions', () => {
    const pairs = { AA: [blue], KK: [blue] };
    expect(pairsToSave(pairs, { KK: ['KdKs', 'KhKc'], AKs: ['AhKh'] })).toEqual([
      { hand: 'AA', colors: [blue] },
      { hand: 'AKs', colors: [], excluded: ['AhKh'] },
      { hand: 'KK', colors: [blue], excluded: ['KhKc', 'KdKs'] },
    ]);
  });

  it('drops what the server would refuse: foreign combos, duplicates, whole classes', () => {
    expect(
      cleanExclusions({
        AKs: ['AhKh', 'AhKh', 'AhKc'],
        QQ: ['QhQc', 'QhQd', 'QhQs', 'QcQd', 'QcQs', 'QdQs'],
        XX: ['AhAc'],
      }),
    ).toEqual({ AKs: ['AhKh'] });
  });

  it('restores exclusions from a loaded list and round-trips with pairsToSave', () => {
    const exclusions = { AKo: ['AhKc', 'AsKd'], '22': ['2h2c'] };
    const saved = pairsToSave({ AKo: [blue] }, exclusions);
    expect(exclusionsFromList(saved)).toEqual(exclusions);
    expect(exclusionsFromList([{ hand: 'AA', colors: [blue] }])).toEqual({});
  });

  it('saves the sides once per colour and restores them only when the range has them', () => {
    expect(sidesToSave({ colors: ['#1847BE', '#1847BE'] }, { colors: ['#C0392B'] })).toEqual({
      hero: { colors: ['#1847BE'] },
      villain: { colors: ['#C0392B'] },
    });
    expect(sidesFromCategory({ hero: { colors: ['#1847BE'] }, villain: { text: 'QQ+' } })).toEqual({
      hero: { colors: ['#1847BE'] },
      villain: { text: 'QQ+' },
    });
    expect(sidesFromCategory(null)).toBeNull();
    expect(sidesFromCategory(undefined)).toBeNull();
  });

  it('reads the colour lists older pages saved as colour sides of the chart', () => {
    expect(sidesFromCategory({ hero: ['#1847BE'], villain: [] })).toEqual({
      hero: { colors: ['#1847BE'] },
      villain: { colors: [] },
    });
  });

  it('saves each source of a side in the contract’s form and restores hole cards as the picker spells them', () => {
    const saved = sidesToSave({ cards: ['10h', '9d'] }, { category_id: 4, colors: ['#1847BE', '#1847BE'] });
    expect(saved).toEqual({
      hero: { cards: ['Th', '9d'] },
      villain: { category_id: 4, colors: ['#1847BE'] },
    });
    expect(sidesFromCategory(saved)).toEqual({
      hero: { cards: ['10h', '9d'] },
      villain: { category_id: 4, colors: ['#1847BE'] },
    });
    expect(sidesToSave({ text: 'QQ+' }, { cards: [] })).toEqual({
      hero: { text: 'QQ+' },
      villain: { cards: [] },
    });
  });
});

describe('sides and workspace of a loaded range', () => {
  it('defaults the sides to the range’s own first two colours', () => {
    // A seeded push/fold chart: its buttons do not include the editor's default hero colour.
    const buttons = [
      { color: '#2e7d32', label: 'Push' },
      { color: '#9e9e9e', label: 'Fold' },
      { color: '#2E7D32', label: 'Push again' },
    ];
    expect(defaultSides(buttons)).toEqual({
      hero: { colors: ['#2E7D32'] },
      villain: { colors: ['#9E9E9E'] },
    });
    // A chart of one action (an opening chart, a push chart) holds no opponent: the villain waits for a range.
    expect(defaultSides([{ color: '#123456', label: 'Only' }])).toEqual({
      hero: { colors: ['#123456'] },
      villain: { text: '' },
    });
    expect(defaultSides([])).toEqual({ hero: { colors: [] }, villain: { text: '' } });
  });

  it('saves and restores villains and dead cards', () => {
    const villains = [{ category_id: 7, colors: ['#1847BE'] }, { text: 'QQ+' }];
    const saved = workspaceToSave(villains, ['Ah', 'Ah', 'Kd']);
    expect(saved).toEqual({ villains, dead: ['Ah', 'Kd'] });
    expect(workspaceFromCategory(saved)).toEqual(saved);
    expect(workspaceFromCategory(null)).toEqual({ villains: [], dead: [] });
  });

  it('saves a dead ten as the contract spells it and restores it as the picker does', () => {
    // The picker's cards are "10h" (SPEC §3); the contract and the server store "Th".
    const saved = workspaceToSave([], ['10h', 'Ts', 'Ah']);
    expect(saved.dead).toEqual(['Th', 'Ts', 'Ah']);
    expect(saved.dead.every((card) => new RegExp(CARD_PATTERN).test(card))).toBe(true);
    const restored = workspaceFromCategory(saved).dead;
    expect(restored).toEqual(['10h', '10s', 'Ah']);
    expect(restored.every((card) => ALL_CARDS.includes(card))).toBe(true);
  });
});
