import { describe, expect, it } from 'vitest';

import {
  ALL_CARDS,
  applyPairChoice,
  chartColor,
  classWeights,
  countCombos,
  DEFAULT_COLOR,
  isBoardComplete,
  mergeImported,
  paintPair,
  pairsFromClassWeights,
  pairsFromList,
  pairsToList,
  readWeight,
  recolor,
  removeColor,
  sideCombos,
  strokeIntent,
  toggleCard,
  withChartColors,
} from './range-rules';

const RED = '#C0392B';
const GREEN = '#27AE60';

/** The weight the field paints with for `text` (the tests below type valid weights only). */
const weightOf = (text: string) => {
  const reading = readWeight(text);
  if (!reading.ok) throw new Error(`no weight: ${text}`);
  return reading.value;
};

describe('cards (SPEC §3 allCards, §4 board and hole cards)', () => {
  it('has 52 distinct cards, ranks A..2 with 10, suits h c d s', () => {
    expect(ALL_CARDS).toHaveLength(52);
    expect(new Set(ALL_CARDS).size).toBe(52);
    expect(ALL_CARDS.slice(0, 4)).toEqual(['Ah', 'Ac', 'Ad', 'As']);
    expect(ALL_CARDS).toContain('10s');
  });

  it('toggles a board card on and off', () => {
    expect(toggleCard([], 'Ah', 5)).toEqual(['Ah']);
    expect(toggleCard(['Ah', 'Kd'], 'Ah', 5)).toEqual(['Kd']);
  });

  it('drops the oldest board card on a sixth pick', () => {
    const board = ['Ah', 'Kd', 'Qs', 'Jc', '10h'];
    expect(toggleCard(board, '2c', 5)).toEqual(['Kd', 'Qs', 'Jc', '10h', '2c']);
  });

  it('computes on a board of 0, 3, 4 or 5 cards only', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(isBoardComplete)).toEqual([true, false, false, true, true, true, false]);
  });

  it('keeps at most 2 hole cards, dropping the oldest', () => {
    expect(toggleCard(['Ah', 'Kd'], 'Qs', 2)).toEqual(['Kd', 'Qs']);
    expect(toggleCard(['Ah', 'Kd'], 'Kd', 2)).toEqual(['Ah']);
  });
});

describe('display mode 1', () => {
  it("toggles a pair between no colours and the chart's default colour at 100", () => {
    const on = applyPairChoice([], { mode: 1, color: DEFAULT_COLOR, weight: 40 });
    expect(on).toEqual([{ color: '#1847BE', weight: 100 }]);
    expect(applyPairChoice(on, { mode: 1, color: DEFAULT_COLOR, weight: 40 })).toEqual([]);
    // A chart without the default colour is painted in its own first colour, never in one its legend lacks.
    expect(applyPairChoice([], { mode: 1, color: RED, weight: 40 })).toEqual([{ color: RED, weight: 100 }]);
  });

  it('clears a multi-colour pair', () => {
    const pair = [
      { color: RED, weight: 50 },
      { color: GREEN, weight: 50 },
    ];
    expect(applyPairChoice(pair, { mode: 1, color: RED, weight: 100 })).toEqual([]);
  });
});

describe('other display modes', () => {
  it('adds an entry with the current colour and weight', () => {
    expect(applyPairChoice([], { mode: 2, color: RED, weight: 60 })).toEqual([{ color: RED, weight: 60 }]);
  });

  it('adds a second colour while the total stays within 100', () => {
    const pair = [{ color: RED, weight: 60 }];
    expect(applyPairChoice(pair, { mode: 2, color: GREEN, weight: 40 })).toEqual([
      { color: RED, weight: 60 },
      { color: GREEN, weight: 40 },
    ]);
  });

  it('removes the oldest entries until the total fits', () => {
    const pair = [
      { color: RED, weight: 30 },
      { color: '#111111', weight: 30 },
      { color: '#222222', weight: 30 },
    ];
    expect(applyPairChoice(pair, { mode: 2, color: GREEN, weight: 50 })).toEqual([
      { color: '#222222', weight: 30 },
      { color: GREEN, weight: 50 },
    ]);
    expect(applyPairChoice(pair, { mode: 2, color: GREEN, weight: 100 })).toEqual([
      { color: GREEN, weight: 100 },
    ]);
  });

  it('keeps every entry of a mix that adds up to exactly 100 (a hair over in floating point)', () => {
    // A solver's mix: 2.9 % 4-bet, 67.4 % call, 29.7 % fold. In floating point 2.9 + 67.4 + 29.7 is
    // 100.00000000000001, which once dropped the 4-bet without a word.
    const mix = [
      { color: RED, weight: weightOf('2.9') },
      { color: GREEN, weight: weightOf('67.4') },
    ];
    expect(applyPairChoice(mix, { mode: 2, color: '#111111', weight: weightOf('29.7') })).toEqual([
      ...mix,
      { color: '#111111', weight: 29.7 },
    ]);
    const hundredths = [
      { color: RED, weight: 0.01 },
      { color: GREEN, weight: 70.68 },
    ];
    expect(applyPairChoice(hundredths, { mode: 2, color: '#111111', weight: 29.31 })).toHaveLength(3);
    // A real overflow still drops the oldest.
    expect(applyPairChoice(hundredths, { mode: 2, color: '#111111', weight: 29.32 })).toHaveLength(2);
  });

  it('re-adds an entry of the same colour whose weight differs, as the newest', () => {
    const pair = [
      { color: RED, weight: 30 },
      { color: GREEN, weight: 30 },
    ];
    expect(applyPairChoice(pair, { mode: 2, color: RED, weight: 70 })).toEqual([
      { color: GREEN, weight: 30 },
      { color: RED, weight: 70 },
    ]);
  });

  it('drops the oldest when a re-added weight would overflow', () => {
    const pair = [
      { color: GREEN, weight: 50 },
      { color: RED, weight: 50 },
    ];
    expect(applyPairChoice(pair, { mode: 2, color: RED, weight: 80 })).toEqual([{ color: RED, weight: 80 }]);
  });

  it('deselects the current colour when chosen again at the same weight', () => {
    const pair = [
      { color: GREEN, weight: 40 },
      { color: RED, weight: 60 },
    ];
    expect(applyPairChoice(pair, { mode: 2, color: RED, weight: 60 })).toEqual([
      { color: GREEN, weight: 40 },
    ]);
    expect(applyPairChoice(pair, { mode: 2, color: RED.toLowerCase(), weight: 60 })).toEqual([
      { color: GREEN, weight: 40 },
    ]);
  });

  it('never leaves a pair above 100', () => {
    let pair = applyPairChoice([], { mode: 2, color: RED, weight: 100 });
    pair = applyPairChoice(pair, { mode: 2, color: GREEN, weight: 1 });
    expect(pair).toEqual([{ color: GREEN, weight: 1 }]);
  });
});

describe('weight input', () => {
  it('reads a plain decimal in (0, 100] to two decimals, with a point or a comma', () => {
    expect(readWeight('100')).toEqual({ ok: true, value: 100 });
    expect(readWeight(' 55.5 ')).toEqual({ ok: true, value: 55.5 });
    expect(readWeight('12,5')).toEqual({ ok: true, value: 12.5 });
    expect(readWeight('.5')).toEqual({ ok: true, value: 0.5 });
    expect(readWeight('33.333')).toEqual({ ok: true, value: 33.33 });
    expect(readWeight('0.01')).toEqual({ ok: true, value: 0.01 });
  });

  it('refuses every text that is no weight, with its reason, instead of guessing one', () => {
    const problem = (text: string) => {
      const reading = readWeight(text);
      return reading.ok ? `painted ${reading.value}` : reading.problem;
    };
    expect(problem('')).toBe('empty');
    expect(problem('   ')).toBe('empty');
    expect(problem('abc')).toBe('notNumber');
    expect(problem('50%')).toBe('notNumber');
    expect(problem('1e2')).toBe('notNumber');
    expect(problem('5.5.5')).toBe('notNumber');
    expect(problem('Infinity')).toBe('notNumber');
    expect(problem('0')).toBe('outOfRange');
    expect(problem('0.001')).toBe('outOfRange');
    expect(problem('-5')).toBe('outOfRange');
    expect(problem('100.01')).toBe('outOfRange');
    expect(problem('250')).toBe('outOfRange');
  });
});

describe("the chart's own colours", () => {
  const buttons = [
    { color: '#D64545', label: 'Raise 2.5bb' },
    { color: '#2E9E5B', label: 'Call' },
  ];

  it("paints in the chosen colour while the chart has it, else in the chart's first", () => {
    expect(chartColor(buttons, '#2e9e5b')).toBe('#2E9E5B');
    expect(chartColor(buttons, DEFAULT_COLOR)).toBe('#D64545');
    expect(chartColor([], '#2E9E5B')).toBe(DEFAULT_COLOR);
  });

  it('adds a legend button for each colour the chart holds that no button has, once', () => {
    const pairs = {
      AA: [{ color: '#d64545', weight: 100 }],
      K5s: [{ color: DEFAULT_COLOR, weight: 100 }],
      K4s: [
        { color: DEFAULT_COLOR, weight: 50 },
        { color: RED, weight: 50 },
      ],
    };
    expect(withChartColors(buttons, pairs, (place) => `Colour ${place}`)).toEqual([
      ...buttons,
      { color: DEFAULT_COLOR, label: 'Colour 3' },
      { color: RED, label: 'Colour 4' },
    ]);
    expect(withChartColors(buttons, { AA: pairs.AA }, (place) => `Colour ${place}`)).toEqual(buttons);
  });
});

describe('drag painting', () => {
  const options = { mode: 2, color: RED, weight: 100 };

  it('takes the intent from the first cell and applies it to crossed cells', () => {
    expect(strokeIntent([], options)).toBe('add');
    expect(strokeIntent([{ color: RED, weight: 100 }], options)).toBe('remove');
    let pairs = paintPair({}, 'AA', options, 'add');
    pairs = paintPair(pairs, 'KK', options, 'add');
    pairs = paintPair(pairs, 'AA', options, 'add');
    expect(pairs).toEqual({ AA: [{ color: RED, weight: 100 }], KK: [{ color: RED, weight: 100 }] });
    pairs = paintPair(pairs, 'AA', options, 'remove');
    pairs = paintPair(pairs, 'QQ', options, 'remove');
    expect(pairs).toEqual({ KK: [{ color: RED, weight: 100 }] });
  });
});

describe('combo counts', () => {
  it('counts combos of the range and of each colour, with % of 1326', () => {
    const pairs = {
      AA: [{ color: RED, weight: 100 }],
      AKs: [
        { color: RED, weight: 50 },
        { color: GREEN, weight: 50 },
      ],
      AKo: [{ color: GREEN, weight: 100 }],
    };
    const counts = countCombos(pairs);
    expect(counts.total.combos).toBe(22);
    expect(counts.total.percent).toBeCloseTo((22 / 1326) * 100);
    expect(counts.byColor[RED.toLowerCase()]?.combos).toBe(8);
    expect(counts.byColor[GREEN.toLowerCase()]?.combos).toBe(14);
  });

  it("counts one side's combos from its colours only, without the left-out combos", () => {
    const pairs = {
      AA: [{ color: RED, weight: 100 }],
      AKs: [
        { color: RED, weight: 50 },
        { color: GREEN, weight: 50 },
      ],
    };
    expect(sideCombos(pairs, [RED]).combos).toBe(8);
    expect(sideCombos(pairs, [GREEN.toLowerCase()]).combos).toBe(2);
    expect(sideCombos(pairs, [RED, GREEN]).combos).toBe(10);
    expect(sideCombos(pairs, [RED], { AA: ['AhAc', 'AhAd'] }).combos).toBe(6);
    expect(sideCombos(pairs, []).percent).toBe(0);
  });
});

describe('colours and conversions', () => {
  const pairs = { AA: [{ color: RED, weight: 60 }], KK: [{ color: GREEN, weight: 100 }] };

  it('builds class weights from the chosen colours', () => {
    const grid = classWeights(pairs, [RED]);
    expect(grid[0]).toBeCloseTo(0.6);
    expect(grid[14]).toBe(0);
    expect(classWeights(pairs, [RED, GREEN])[14]).toBe(1);
  });

  it('removes and recolours one colour everywhere', () => {
    expect(removeColor(pairs, RED)).toEqual({ KK: [{ color: GREEN, weight: 100 }] });
    expect(recolor(pairs, RED, '#000000').AA).toEqual([{ color: '#000000', weight: 60 }]);
  });

  it('round-trips the server list and imports class weights', () => {
    expect(pairsFromList(pairsToList(pairs))).toEqual(pairs);
    expect(pairsFromList([{ hand: 'XX', colors: [{ color: RED, weight: 1 }] }])).toEqual({});
    const grid = new Float32Array(169);
    grid[0] = 1;
    grid[1] = 0.5;
    expect(pairsFromClassWeights(grid, RED)).toEqual({
      AA: [{ color: RED, weight: 100 }],
      AKs: [{ color: RED, weight: 50 }],
    });
  });

  it('merges an imported range into one colour, keeping other colours while the total fits', () => {
    const start = {
      AA: [{ color: GREEN, weight: 50 }],
      KK: [{ color: RED, weight: 100 }],
      QQ: [{ color: RED, weight: 100 }],
    };
    const merged = mergeImported(
      start,
      { AA: [{ color: RED, weight: 50 }], JJ: [{ color: RED, weight: 100 }] },
      RED,
    );
    expect(merged).toEqual({
      AA: [
        { color: GREEN, weight: 50 },
        { color: RED, weight: 50 },
      ],
      JJ: [{ color: RED, weight: 100 }],
    });
  });
});
