import { describe, expect, it } from 'vitest';

import {
  cleanExclusions,
  exclusionsFromList,
  pairsToSave,
  sidesFromCategory,
  sidesToSave,
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
