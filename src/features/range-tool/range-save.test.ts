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
    expect(sidesToSave(['#1847BE', '#1847BE'], ['#C0392B'])).toEqual({
      hero: ['#1847BE'],
      villain: ['#C0392B'],
    });
    expect(sidesFromCategory({ hero: ['#1847BE'], villain: [] })).toEqual({ hero: ['#1847BE'], villain: [] });
    expect(sidesFromCategory(null)).toBeNull();
    expect(sidesFromCategory(undefined)).toBeNull();
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
    expect(defaultSides(buttons)).toEqual({ hero: ['#2E7D32'], villain: ['#9E9E9E'] });
    expect(defaultSides([{ color: '#123456', label: 'Only' }])).toEqual({ hero: ['#123456'], villain: [] });
    expect(defaultSides([])).toEqual({ hero: [], villain: [] });
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
