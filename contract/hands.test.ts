import { describe, expect, it } from 'vitest';

import { HAND_CLASSES, handAt, isHandClass } from './hands.ts';

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
