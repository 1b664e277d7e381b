import { describe, expect, it } from 'vitest';

import { classifyCell, type DiffChart, diffCharts } from './strategy-diff';

// Every expected number below is worked out by hand from the combo counts of the classes (pair 6, suited 4,
// offsuit 12) and the weights, not read from the function's output.
const BLUE = '#1847BE';
const RED = '#E11D48';
const GREEN = '#22C55E';

const chart = (
  cells: Record<string, Array<[string, number]>>,
  exclusions: Record<string, string[]> = {},
): DiffChart => ({
  pairs: Object.fromEntries(
    Object.entries(cells).map(([hand, entries]) => [
      hand,
      entries.map(([color, weight]) => ({ color, weight })),
    ]),
  ),
  exclusions,
});

const kindOf = (diff: ReturnType<typeof diffCharts>, hand: string) =>
  diff.classes.find((entry) => entry.hand === hand)!.kind;

describe('diffCharts', () => {
  it('marks "AA,KK,AKs" against "AA,QQ,AKs:0.5,AKo" class by class and counts the combos', () => {
    const before = chart({ AA: [[BLUE, 100]], KK: [[BLUE, 100]], AKs: [[BLUE, 100]] });
    const after = chart({ AA: [[BLUE, 100]], QQ: [[BLUE, 100]], AKs: [[BLUE, 50]], AKo: [[BLUE, 100]] });
    const diff = diffCharts(before, after);

    expect(kindOf(diff, 'AA')).toBe('unchanged');
    expect(kindOf(diff, 'KK')).toBe('removed');
    expect(kindOf(diff, 'QQ')).toBe('added');
    expect(kindOf(diff, 'AKs')).toBe('reweighted');
    expect(kindOf(diff, 'AKo')).toBe('added');
    // 169 classes, four of them changed.
    expect(diff.counts).toEqual({ unchanged: 165, added: 2, removed: 1, reweighted: 1, recoloured: 0 });
    // Before: AA 6 + KK 6 + AKs 4 = 16. After: AA 6 + QQ 6 + AKs 4 × 0.5 = 2 + AKo 12 = 26.
    expect(diff.total).toEqual({ before: 16, after: 26, change: 10 });
    expect(diff.actions).toEqual([{ color: BLUE, before: 16, after: 26, change: 10 }]);
    const aks = diff.classes.find((entry) => entry.hand === 'AKs')!;
    expect([aks.combosBefore, aks.combosAfter]).toEqual([4, 2]);
    expect(aks.before).toEqual([{ color: BLUE, weight: 100 }]);
    expect(aks.after).toEqual([{ color: BLUE, weight: 50 }]);
  });

  it('calls another colour re-coloured and moves the combos from one action to the other', () => {
    const diff = diffCharts(chart({ AKo: [[BLUE, 100]] }), chart({ AKo: [[RED, 100]] }));
    expect(kindOf(diff, 'AKo')).toBe('recoloured');
    expect(diff.actions).toEqual([
      { color: BLUE, before: 12, after: 0, change: -12 },
      { color: RED, before: 0, after: 12, change: 12 },
    ]);
    expect(diff.total).toEqual({ before: 12, after: 12, change: 0 });
  });

  it('counts a mixed cell per action by weight and calls new weights of the same colours re-weighted', () => {
    // AKo: 12 combos. 60% blue = 7.2, 40% red = 4.8; after, the other way round.
    const diff = diffCharts(
      chart({
        AKo: [
          [BLUE, 60],
          [RED, 40],
        ],
      }),
      chart({
        AKo: [
          [RED, 60],
          [BLUE, 40],
        ],
      }),
    );
    expect(kindOf(diff, 'AKo')).toBe('reweighted');
    const [blue, red] = diff.actions;
    expect(blue!.color).toBe(BLUE);
    expect(blue!.before).toBeCloseTo(7.2, 10);
    expect(blue!.after).toBeCloseTo(4.8, 10);
    expect(red!.before).toBeCloseTo(4.8, 10);
    expect(red!.after).toBeCloseTo(7.2, 10);
    expect(diff.total.before).toBeCloseTo(12, 10);
    expect(diff.total.change).toBeCloseTo(0, 10);
  });

  it('calls a class whose colours and weights both change re-coloured', () => {
    const diff = diffCharts(
      chart({ JJ: [[BLUE, 100]] }),
      chart({
        JJ: [
          [BLUE, 50],
          [GREEN, 50],
        ],
      }),
    );
    expect(kindOf(diff, 'JJ')).toBe('recoloured');
    // JJ: 6 combos; blue 6 → 3, green 0 → 3.
    expect(diff.actions).toEqual([
      { color: BLUE, before: 6, after: 3, change: -3 },
      { color: GREEN, before: 0, after: 3, change: 3 },
    ]);
  });

  it('counts a cell below 100% only at its weight: the rest of the class is not in the range', () => {
    // T9s: 4 combos at 25% = 1; 72o: 12 combos at 50% = 6.
    const diff = diffCharts(chart({}), chart({ T9s: [[BLUE, 25]], '72o': [[GREEN, 50]] }));
    expect(diff.total).toEqual({ before: 0, after: 7, change: 7 });
    expect(diff.counts.added).toBe(2);
  });

  it('compares colours without case and merges repeated entries of one colour', () => {
    const diff = diffCharts(
      chart({
        AA: [['#1847be', 100]],
        KK: [
          [BLUE, 30],
          [BLUE, 20],
        ],
      }),
      chart({ AA: [[BLUE, 100]], KK: [['#1847be', 50]] }),
    );
    expect(kindOf(diff, 'AA')).toBe('unchanged');
    expect(kindOf(diff, 'KK')).toBe('unchanged');
    expect(diff.counts.unchanged).toBe(169);
    // AA 6 + KK 6 × 0.5 = 9 on both sides, one action.
    expect(diff.actions).toEqual([{ color: BLUE, before: 9, after: 9, change: 0 }]);
  });

  it('calls combos left out in the suit editor a re-weighting and counts only the combos kept', () => {
    // AKs: 4 combos; leaving out AhKh keeps 3.
    const diff = diffCharts(chart({ AKs: [[BLUE, 100]] }), chart({ AKs: [[BLUE, 100]] }, { AKs: ['AhKh'] }));
    expect(kindOf(diff, 'AKs')).toBe('reweighted');
    expect(diff.total).toEqual({ before: 4, after: 3, change: -1 });
  });

  it('ignores entries at weight 0 and empty cells', () => {
    const diff = diffCharts(chart({ AA: [[BLUE, 0]], KK: [] }), chart({}));
    expect(diff.counts.unchanged).toBe(169);
    expect(diff.actions).toEqual([]);
    expect(diff.total).toEqual({ before: 0, after: 0, change: 0 });
  });

  it('lists the actions in the given order first, then other colours as they appear, and drops unused ones', () => {
    const diff = diffCharts(chart({ AA: [[GREEN, 100]], KK: [[BLUE, 100]] }), chart({ AA: [[RED, 100]] }), [
      '#e11d48',
      '#000000',
      BLUE,
    ]);
    expect(diff.actions.map((action) => action.color)).toEqual([RED, BLUE, GREEN]);
  });
});

describe('classifyCell', () => {
  const blue = { color: BLUE, weight: 100 };
  it('tells apart every kind', () => {
    expect(classifyCell([], [], 0, 0)).toBe('unchanged');
    expect(classifyCell([], [blue], 6, 6)).toBe('added');
    expect(classifyCell([blue], [], 6, 6)).toBe('removed');
    expect(classifyCell([blue], [blue], 6, 6)).toBe('unchanged');
    expect(classifyCell([blue], [{ color: BLUE, weight: 99.99 }], 6, 6)).toBe('reweighted');
    expect(classifyCell([blue], [blue], 6, 5)).toBe('reweighted');
    expect(classifyCell([blue], [{ color: RED, weight: 100 }], 6, 6)).toBe('recoloured');
    expect(classifyCell([blue], [blue, { color: RED, weight: 0.01 }], 6, 6)).toBe('recoloured');
  });
});
