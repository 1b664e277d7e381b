import { describe, expect, it } from 'vitest';

import {
  applyExclusions,
  canonicalCombo,
  cardIndex,
  cardText,
  classComboCount,
  classCombos,
  classOfCards,
  classWeightsToRange,
  comboCards,
  comboIndex,
  HAND_CLASSES,
  handAt,
  handRange,
  isHandClass,
  parseCards,
  rangeToClassWeights,
} from './hands.ts';

describe('hand classes', () => {
  it('lists 169 unique classes, row-major, suited above the diagonal', () => {
    expect(new Set(HAND_CLASSES).size).toBe(169);
    expect(HAND_CLASSES.slice(0, 3)).toEqual(['AA', 'AKs', 'AQs']);
    expect(handAt(1, 0)).toBe('AKo');
    expect(HAND_CLASSES[168]).toBe('22');
    expect(isHandClass('T9s')).toBe(true);
    expect(isHandClass('9Ts')).toBe(false);
  });
});

describe('single combos', () => {
  it('lists them in the suit editor order and reads either card first', () => {
    expect(classCombos('AKs')).toEqual(['AhKh', 'AcKc', 'AdKd', 'AsKs']);
    expect(classCombos('QQ')).toEqual(['QhQc', 'QhQd', 'QhQs', 'QcQd', 'QcQs', 'QdQs']);
    expect(classCombos('T9o')).toHaveLength(12);
    expect(classCombos('9Ts')).toEqual([]);
    expect(canonicalCombo('QQ', 'QcQh')).toBe('QhQc');
    expect(canonicalCombo('AKo', 'KdAs')).toBe('AsKd');
    expect(canonicalCombo('AKs', 'AhKc')).toBeNull();
    expect(canonicalCombo('AA', 'AhAh')).toBeNull();
  });
});

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

describe('range helpers', () => {
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

describe('index round trips', () => {
  it('inverts combo and card indices', () => {
    for (let combo = 0; combo < 1326; combo += 1) {
      const [lo, hi] = comboCards(combo);
      expect(lo).toBeLessThan(hi);
      expect(comboIndex(hi, lo)).toBe(combo);
    }
    for (let card = 0; card < 52; card += 1) expect(cardIndex(cardText(card))).toBe(card);
  });

  it('reads boards and refuses bad or repeated cards', () => {
    expect(parseCards('Kh 9d,4c')).toEqual([cardIndex('Kh'), cardIndex('9d'), cardIndex('4c')]);
    expect(parseCards('10hTd')).toEqual([cardIndex('Th'), cardIndex('Td')]);
    expect(parseCards('KhKh')).toBeNull();
    expect(parseCards('Kh9')).toBeNull();
    expect(parseCards('')).toEqual([]);
  });

  it('expands class weights to every combo of the class and back', () => {
    const grid = new Float32Array(169).map((_, index) => (index % 7) / 6);
    const range = classWeightsToRange(grid);
    let total = 0;
    for (const [index, hand] of HAND_CLASSES.entries()) {
      total += classComboCount(hand);
      for (const combo of classCombos(hand)) {
        expect(range[comboIndex(cardIndex(combo.slice(0, 2)), cardIndex(combo.slice(2)))]).toBe(grid[index]);
      }
    }
    expect(total).toBe(1326);
    expect(rangeToClassWeights(range)).toEqual(grid);
    expect(() => classWeightsToRange(new Float32Array(3))).toThrow(/169/);
  });
});
