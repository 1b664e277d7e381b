import { describe, expect, it } from 'vitest';

import { HAND_CLASSES } from '@contract/hands';

import {
  applyExclusions,
  cardIndex,
  classCombos,
  classOfCards,
  comboIndex,
  handRange,
  rangeToClassWeights,
} from './combos';

describe('combo indexing (same as the engine)', () => {
  it('reads cards in both ten spellings', () => {
    expect(cardIndex('2c')).toBe(0);
    expect(cardIndex('As')).toBe(51);
    expect(cardIndex('10h')).toBe(cardIndex('Th'));
    expect(cardIndex('Xx')).toBe(-1);
  });

  it('indexes combos triangularly by the higher card', () => {
    expect(comboIndex(0, 1)).toBe(0);
    expect(comboIndex(51, 50)).toBe(1325);
  });

  it('maps combos to grid classes', () => {
    expect(HAND_CLASSES[classOfCards(cardIndex('Ah'), cardIndex('Ad'))]).toBe('AA');
    expect(HAND_CLASSES[classOfCards(cardIndex('Ah'), cardIndex('Kh'))]).toBe('AKs');
    expect(HAND_CLASSES[classOfCards(cardIndex('Kd'), cardIndex('Ah'))]).toBe('AKo');
    expect(HAND_CLASSES[classOfCards(cardIndex('3c'), cardIndex('2d'))]).toBe('32o');
  });

  it('builds a one-hand range and averages combos into classes', () => {
    const range = handRange(['Ah', 'Kh']);
    expect(range?.reduce((sum, weight) => sum + weight, 0)).toBe(1);
    expect(handRange(['Ah', 'Ah'])).toBeNull();
    const grid = rangeToClassWeights(range!);
    expect(grid[HAND_CLASSES.indexOf('AKs')]).toBeCloseTo(0.25);
    expect(grid.filter((weight) => weight > 0)).toHaveLength(1);
  });
});

describe('suit editor combos', () => {
  it('lists the single combos of a class', () => {
    expect(classCombos('AA')).toHaveLength(6);
    expect(classCombos('AKs')).toEqual(['AhKh', 'AcKc', 'AdKd', 'AsKs']);
    expect(classCombos('72o')).toHaveLength(12);
    expect(classCombos('72o')).not.toContain('7h2h');
    expect(classCombos('XX')).toEqual([]);
  });

  it('zeroes excluded combos only', () => {
    const range = new Float32Array(1326).fill(1);
    const out = applyExclusions(range, { AKs: ['AhKh'] });
    expect(out[comboIndex(cardIndex('Ah'), cardIndex('Kh'))]).toBe(0);
    expect(out.reduce((sum, weight) => sum + weight, 0)).toBe(1325);
    expect(range[comboIndex(cardIndex('Ah'), cardIndex('Kh'))]).toBe(1);
  });
});
