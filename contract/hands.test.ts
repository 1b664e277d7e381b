import { describe, expect, it } from 'vitest';

import { canonicalCombo, classCombos, HAND_CLASSES, handAt, isHandClass } from './hands.ts';

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
