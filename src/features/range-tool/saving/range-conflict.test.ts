import { describe, expect, it } from 'vitest';

import type { Category, Pair } from '@contract/categories';

import {
  conflictVersion,
  copyBody,
  copyName,
  copyRelink,
  differingClasses,
  fullChart,
  isRangeBody,
  overwriteBody,
  type RangeBody,
  type RangeConflict,
  withConflict,
} from './range-conflict';

const category = (patch: Partial<Category> = {}): Category => ({
  id: 12,
  name: 'BTN open',
  kind: 'range',
  root_type: 'preflop_root',
  parent_id: 4,
  position: 2,
  note: 'theirs',
  buttons: [{ color: '#1847BE', label: 'Raise' }],
  sides: null,
  workspace: null,
  revision: 5,
  is_template: false,
  created_at: '',
  updated_at: '',
  ...patch,
});
const raise = (hand: string, weight = 100): Pair => ({ hand, colors: [{ color: '#1847BE', weight }] });
const mine: RangeBody = {
  pairs: [raise('AA'), raise('KK')],
  buttons: [{ color: '#1847BE', label: 'Open' }],
  note: 'mine',
  sides: { hero: ['#1847BE'], villain: [] },
  workspace: {
    villains: [{ text: 'QQ+' }, { category_id: 12, colors: ['#C0392B'] }, { category_id: 30, colors: [] }],
    dead: ['Ah'],
  },
  base_revision: 3,
};

describe('range conflicts', () => {
  it('reads the current version from a 409 body and nothing else', () => {
    const theirs = { category: category(), pairs: [raise('QQ')] };
    expect(conflictVersion({ error: 'x', code: 'rangeConflict', current: theirs })).toEqual(theirs);
    expect(conflictVersion({ error: 'x', code: 'categoryLimitReached' })).toBeNull();
    expect(
      conflictVersion({ code: 'rangeConflict', current: { category: { id: 1 }, pairs: [] } }),
    ).toBeNull();
    expect(
      conflictVersion({ code: 'rangeConflict', current: { category: category(), pairs: 'x' } }),
    ).toBeNull();
    expect(conflictVersion(null)).toBeNull();
  });

  it('keeps mine on their revision, so the server takes it as the next version', () => {
    expect(overwriteBody(mine, category({ revision: 9 }))).toEqual({ ...mine, base_revision: 9 });
  });

  it('saves mine as a copy beside theirs, in the same folder, with my chart, buttons, note, sides and workspace', () => {
    expect(copyBody(mine, category(), 'my version')).toEqual({
      name: 'BTN open (my version)',
      kind: 'range',
      root_type: 'preflop_root',
      parent_id: 4,
      buttons: mine.buttons,
      pairs: mine.pairs,
      note: 'mine',
      sides: mine.sides,
      // The villain of range 12 itself is my chart's: it names the copy once the copy exists (copyRelink).
      workspace: { villains: [{ text: 'QQ+' }, { category_id: 30, colors: [] }], dead: ['Ah'] },
    });
    const { workspace: _none, ...older } = mine;
    expect(copyBody(older, category(), 'my version')).not.toHaveProperty('workspace');
    const long = copyName('x'.repeat(200), 'copy');
    expect(long).toHaveLength(120);
    expect(long.endsWith(' (copy)')).toBe(true);
  });

  it("completes the copy: my chart's villains name the copy, on the copy's revision", () => {
    const copy = category({ id: 44, revision: 0 });
    expect(copyRelink(mine, category(), copy)).toEqual({
      ...mine,
      workspace: {
        villains: [
          { text: 'QQ+' },
          { category_id: 44, colors: ['#C0392B'] },
          { category_id: 30, colors: [] },
        ],
        dead: ['Ah'],
      },
      base_revision: 0,
    });
    const elsewhere = { ...mine, workspace: { villains: [{ category_id: 30, colors: [] }], dead: [] } };
    expect(copyRelink(elsewhere, category(), copy)).toBeNull();
    expect(copyRelink({ ...mine, workspace: undefined }, category(), copy)).toBeNull();
  });

  it('lists the classes that differ, ignoring colour case and empty cells', () => {
    const theirs: Pair[] = [
      { hand: 'AA', colors: [{ color: '#1847be', weight: 100 }] },
      raise('KK', 50),
      raise('AKs'),
      { hand: '72o', colors: [] },
    ];
    expect(differingClasses(mine.pairs, theirs)).toEqual(['AKs', 'KK']);
    expect(differingClasses(theirs, theirs)).toEqual([]);
    const excluded = [{ ...raise('AKs'), excluded: ['AhKh'] }];
    expect(differingClasses(excluded, [raise('AKs')])).toEqual(['AKs']);
  });

  it('keeps one conflict per range, the newest', () => {
    const entry = (categoryId: number, note: string): RangeConflict => ({
      key: `7:${categoryId}`,
      userId: 7,
      categoryId,
      mine: { ...mine, note },
      theirs: { category: category({ id: categoryId }), pairs: [] },
    });
    const list = withConflict(withConflict([], entry(1, 'a')), entry(2, 'b'));
    const replaced = withConflict(list, entry(1, 'c'));
    expect(replaced.map((item) => [item.categoryId, item.mine.note])).toEqual([
      [1, 'c'],
      [2, 'b'],
    ]);
  });

  it('spells a chart as the range route does: all 169 cells in grid order', () => {
    const chart = fullChart([raise('KK'), { ...raise('AKs'), excluded: ['AhKh'] }]);
    expect(chart).toHaveLength(169);
    expect(chart[0]).toEqual({ hand: 'AA', colors: [] });
    expect(chart.find((pair) => pair.hand === 'AKs')?.excluded).toEqual(['AhKh']);
    expect(chart.find((pair) => pair.hand === 'KK')).toEqual(raise('KK'));
  });
});

describe('a body read back from this browser', () => {
  const body: RangeBody = {
    pairs: [{ hand: 'AA', colors: [{ color: '#1847BE', weight: 100 }] }],
    buttons: [{ color: '#1847BE', label: 'Raise' }],
    note: '',
    sides: { hero: ['#1847BE'], villain: [] },
    workspace: { villains: [], dead: [] },
    base_revision: 4,
    origin: { name: 'BTN open', root_type: 'preflop_root', parent_id: null },
  };

  it('is taken when the editor can show it and the queue send it', () => {
    expect(isRangeBody(body)).toBe(true);
    expect(
      isRangeBody(JSON.parse(JSON.stringify({ ...body, workspace: undefined, origin: undefined }))),
    ).toBe(true);
  });

  it('is refused when its chart, buttons or revision do not fit', () => {
    expect(isRangeBody(null)).toBe(false);
    expect(isRangeBody({ ...body, pairs: [{ hand: 'AX', colors: [] }] })).toBe(false);
    expect(isRangeBody({ ...body, pairs: [{ hand: 'AA', colors: [{ color: 'red', weight: 100 }] }] })).toBe(
      false,
    );
    expect(
      isRangeBody({ ...body, pairs: [{ hand: 'AA', colors: [{ color: '#1847BE', weight: 150 }] }] }),
    ).toBe(false);
    expect(isRangeBody({ ...body, buttons: null })).toBe(false);
    expect(isRangeBody({ ...body, note: 3 })).toBe(false);
    expect(isRangeBody({ ...body, base_revision: -1 })).toBe(false);
    expect(isRangeBody({ ...body, sides: 'hero' })).toBe(false);
  });
});
