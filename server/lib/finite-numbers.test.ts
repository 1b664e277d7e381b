import { describe, expect, it } from 'vitest';

import { nonFinitePath } from './finite-numbers.ts';

describe('nonFinitePath', () => {
  it('points at the first number that is not finite, however deep', () => {
    expect(nonFinitePath({ page: 2, list: [1, { weight: 5 }] })).toBeNull();
    expect(nonFinitePath({ page: Infinity })).toBe('/page');
    expect(nonFinitePath({ pairs: [{ colors: [{ weight: 1 }, { weight: -Infinity }] }] })).toBe(
      '/pairs/0/colors/1/weight',
    );
    expect(nonFinitePath({ 'a/b': Number.NaN })).toBe('/a~1b');
    expect(nonFinitePath(Infinity)).toBe('/');
    expect(nonFinitePath('Infinity')).toBeNull();
  });
});
