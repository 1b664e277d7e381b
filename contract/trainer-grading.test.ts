import { describe, expect, it } from 'vitest';

import { cellAnswer, comboClass, gradeAnswer } from './trainer-grading.ts';

const RAISE = '#D64545';
const CALL = '#2E9E5B';

describe('trainer grading', () => {
  it('names the grid class of a concrete combo', () => {
    expect(comboClass('AsKd')).toBe('AKo');
    expect(comboClass('KdAs')).toBe('AKo');
    expect(comboClass('7h8h')).toBe('87s');
    expect(comboClass('2c2d')).toBe('22');
    expect(comboClass('AsAs')).toBeNull();
    expect(comboClass('AsXd')).toBeNull();
  });

  it('builds the right answer from the cell: colours, the fold remainder and left-out combos', () => {
    expect(cellAnswer('AKo', 'AsKd', [{ color: RAISE.toLowerCase(), weight: 100 }])).toEqual({
      colors: [{ color: RAISE, weight: 100 }],
      fold: 0,
      excluded: false,
    });
    expect(cellAnswer('AKo', 'AsKd', undefined)).toEqual({ colors: [], fold: 100, excluded: false });
    expect(
      cellAnswer('A5s', 'Ah5h', [
        { color: RAISE, weight: 40 },
        { color: CALL, weight: 0 },
      ]),
    ).toEqual({ colors: [{ color: RAISE, weight: 40 }], fold: 60, excluded: false });
    const thirds = [
      { color: RAISE, weight: 33.33 },
      { color: CALL, weight: 33.33 },
      { color: '#E08A1E', weight: 33.34 },
    ];
    expect(cellAnswer('QQ', 'QhQc', thirds).fold).toBe(0);
    const trimmed = { colors: [{ color: RAISE, weight: 100 }], excluded: ['AhKh'] };
    expect(cellAnswer('AKs', 'KhAh', trimmed)).toEqual({ colors: [], fold: 100, excluded: true });
    expect(cellAnswer('AKs', 'AsKs', trimmed).colors).toEqual([{ color: RAISE, weight: 100 }]);
  });

  it('accepts any action with weight > 0 and refuses the others', () => {
    const mixed = cellAnswer('A5s', 'Ah5h', [
      { color: RAISE, weight: 60 },
      { color: CALL, weight: 30 },
    ]);
    expect(gradeAnswer(mixed, RAISE, undefined)).toMatchObject({ correct: true, chosenWeight: 60 });
    expect(gradeAnswer(mixed, CALL.toLowerCase(), undefined)).toMatchObject({
      correct: true,
      chosenWeight: 30,
    });
    expect(gradeAnswer(mixed, null, undefined)).toMatchObject({ correct: true, chosenWeight: 10 });
    expect(gradeAnswer(mixed, '#123456', undefined)).toMatchObject({ correct: false, chosenWeight: 0 });
    const pure = cellAnswer('72o', '7h2c', undefined);
    expect(gradeAnswer(pure, RAISE, undefined).correct).toBe(false);
    expect(gradeAnswer(pure, null, undefined).correct).toBe(true);
  });

  it('checks the frequency within the tolerance in frequency mode', () => {
    const mixed = cellAnswer('A5s', 'Ah5h', [
      { color: RAISE, weight: 60 },
      { color: CALL, weight: 40 },
    ]);
    expect(gradeAnswer(mixed, RAISE, 50).correct).toBe(true);
    expect(gradeAnswer(mixed, RAISE, 70).correct).toBe(true);
    expect(gradeAnswer(mixed, RAISE, 49).correct).toBe(false);
    expect(gradeAnswer(mixed, RAISE, 100).correct).toBe(false);
    expect(gradeAnswer(mixed, CALL, 25).correct).toBe(false);
    expect(gradeAnswer(mixed, CALL, 30).correct).toBe(true);
    // A wrong action stays wrong whatever the frequency; a frequency of 0 for it is no loophole.
    expect(gradeAnswer(mixed, null, 0).correct).toBe(false);
    expect(gradeAnswer(cellAnswer('AA', 'AhAc', [{ color: RAISE, weight: 100 }]), RAISE, 95).correct).toBe(
      true,
    );
    expect(gradeAnswer(mixed, RAISE, 50, 5).correct).toBe(false);
  });
});
