import { describe, expect, it } from 'vitest';

import {
  accountKeys,
  parseWorkingState,
  WORKING_STATE_VERSION,
  type WorkingDraft,
  workingStateKey,
} from './working-state';

const blue = '#1847BE';
const red = '#C0392B';
const draft: WorkingDraft = {
  buttons: null,
  pairs: [
    { hand: 'AA', colors: [{ color: blue, weight: 100 }] },
    { hand: 'KK', colors: [{ color: red, weight: 60 }], excluded: ['KhKc'] },
  ],
  hero: { colors: [blue] },
  villain: { colors: [red] },
  villains: [{ text: 'QQ+' }],
  dead: ['2c'],
};
const stored = (value: Record<string, unknown>) =>
  JSON.stringify({
    version: WORKING_STATE_VERSION,
    chart: { draft },
    board: ['Kh', '9d', '4c'],
    hole: [],
    ...value,
  });
const anonymous = 'anonymous' as const;
const user = { userId: 7 };

describe('the working state read back from localStorage', () => {
  it('returns a stored draft, its board and hole cards as they were', () => {
    expect(parseWorkingState(stored({ hole: ['Ah', '10s'] }), anonymous)).toEqual({
      version: WORKING_STATE_VERSION,
      chart: { draft },
      board: ['Kh', '9d', '4c'],
      hole: ['Ah', '10s'],
    });
  });

  it('ignores nothing stored, corrupt JSON, other versions and other shapes without throwing', () => {
    for (const text of [
      null,
      '',
      '{',
      'null',
      '[]',
      '"text"',
      JSON.stringify({ version: 3, chart: { draft }, board: [], hole: [] }),
      JSON.stringify({ version: WORKING_STATE_VERSION, board: [], hole: [] }),
      JSON.stringify({ version: WORKING_STATE_VERSION, chart: [], board: [], hole: [] }),
      JSON.stringify({ version: WORKING_STATE_VERSION, chart: { draft: null }, board: [], hole: [] }),
    ])
      expect(parseWorkingState(text, anonymous)).toBeNull();
  });

  it('refuses a draft whose chart does not fit: unknown classes, repeated classes, bad colours or weights', () => {
    const withPairs = (pairs: unknown) => stored({ chart: { draft: { ...draft, pairs } } });
    for (const pairs of [
      [{ hand: 'XX', colors: [] }],
      [draft.pairs[0], draft.pairs[0]],
      [{ hand: 'AA', colors: [{ color: 'blue', weight: 100 }] }],
      [{ hand: 'AA', colors: [{ color: blue, weight: 101 }] }],
      [{ hand: 'AA', colors: [{ color: blue, weight: -1 }] }],
      [{ hand: 'AA', colors: [{ color: blue, weight: '100' }] }],
      [
        {
          hand: 'AA',
          colors: [
            { color: blue, weight: 60 },
            { color: red, weight: 60 },
          ],
        },
      ],
      [{ hand: 'AKs', colors: [], excluded: ['AhKc'] }],
      [{ hand: 'AKs', colors: [], excluded: ['AhKh', 'AcKc', 'AdKd', 'AsKs'] }],
      'AA',
    ])
      expect(parseWorkingState(withPairs(pairs), anonymous)).toBeNull();
  });

  it('refuses bad buttons, sides, villains and dead cards', () => {
    const withDraft = (patch: Partial<Record<keyof WorkingDraft, unknown>>) =>
      stored({ chart: { draft: { ...draft, ...patch } } });
    for (const patch of [
      { buttons: [{ color: blue }] },
      { buttons: [{ color: blue, label: 'x'.repeat(61) }] },
      { buttons: 'defaults' },
      { hero: { colors: ['#12345'] } },
      { hero: ['#1847BE'] },
      { hero: { colors: [blue], text: 'AA' } },
      { hero: { cards: ['Ah'] } },
      { hero: { cards: ['Ah', 'Ah'] } },
      { hero: { cards: ['Zz', 'Ah'] } },
      { hero: { colors: [blue], extra: 1 } },
      { villain: undefined },
      { villain: { category_id: 3 } },
      { villains: [{ text: 'AA' }, { text: 'KK' }, { text: 'QQ' }, { text: 'JJ' }, { text: 'TT' }] },
      { villains: [{ text: 'x'.repeat(16_001) }] },
      { villains: [{ text: 'AA', category_id: 3 }] },
      { dead: ['Zz'] },
      { dead: ['2c', '2c'] },
    ])
      expect(parseWorkingState(withDraft(patch), anonymous)).toBeNull();
  });

  it('reads the colour lists of the first version as colour sides', () => {
    const legacy = JSON.stringify({
      version: 1,
      chart: { draft: { ...draft, hero: [blue], villain: [red] } },
      board: [],
      hole: [],
    });
    expect(parseWorkingState(legacy, anonymous)?.chart).toEqual({ draft });
  });

  it('keeps every source of a side', () => {
    const sides = { hero: { text: 'QQ+, AKs' }, villain: { cards: ['Ah', 'Kd'] } };
    const text = stored({ chart: { draft: { ...draft, ...sides } } });
    expect(parseWorkingState(text, anonymous)?.chart).toEqual({ draft: { ...draft, ...sides } });
    const chart = stored({ chart: { draft: { ...draft, villain: { category_id: 9, colors: [] } } } });
    expect(parseWorkingState(chart, user)?.chart).toEqual({
      draft: { ...draft, villain: { category_id: 9, colors: [] } },
    });
    expect(parseWorkingState(chart, anonymous)).toBeNull();
  });

  it('keeps an account its chart villains, and gives a browser without one none', () => {
    const villains = [{ category_id: 12, colors: [blue] }];
    const text = stored({ chart: { draft: { ...draft, villains } } });
    expect(parseWorkingState(text, user)?.chart).toEqual({ draft: { ...draft, villains } });
    expect(parseWorkingState(text, anonymous)).toBeNull();
  });

  it('takes a saved range by a positive whole id, only for an account', () => {
    expect(parseWorkingState(stored({ chart: { id: 42 } }), user)?.chart).toEqual({ id: 42 });
    expect(parseWorkingState(stored({ chart: { id: 42 } }), anonymous)).toBeNull();
    for (const id of [0, -3, 1.5, '42', null, Number.MAX_SAFE_INTEGER + 1])
      expect(parseWorkingState(stored({ chart: { id } }), user)).toBeNull();
  });

  it('drops cards that do not fit on their own and keeps the chart', () => {
    const board = (value: unknown) => parseWorkingState(stored({ board: value }), anonymous)?.board;
    expect(board(['Kh', 'Kh', '4c'])).toEqual([]);
    expect(board(['Kh', '9d', '4c', '2s', '3s', '5s'])).toEqual([]);
    expect(board(['Th', '9d', '4c'])).toEqual([]);
    expect(board('Kh9d4c')).toEqual([]);
    // The draft's dead 2c cannot be on the board.
    expect(board(['2c', '9d', '4c'])).toEqual([]);
    const hole = (value: unknown) => parseWorkingState(stored({ hole: value }), anonymous)?.hole;
    expect(hole(['Kh', 'As'])).toEqual([]);
    expect(hole(['2c', 'As'])).toEqual([]);
    expect(hole(['Ah', 'As', 'Ac'])).toEqual([]);
    expect(hole(['Ah', 'As'])).toEqual(['Ah', 'As']);
    expect(parseWorkingState(stored({ board: 5 }), anonymous)?.chart).toEqual({ draft });
  });

  it("keys states per root type and account, and lists an account's keys for signing out", () => {
    expect(workingStateKey('preflop_root', anonymous)).not.toBe(
      workingStateKey('tournament_root', anonymous),
    );
    expect(workingStateKey('preflop_root', user)).not.toBe(workingStateKey('preflop_root', { userId: 8 }));
    expect(accountKeys(7)).toEqual([
      workingStateKey('preflop_root', user),
      workingStateKey('tournament_root', user),
    ]);
  });
});
