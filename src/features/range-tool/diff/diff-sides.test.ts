import { describe, expect, it } from 'vitest';

import { treeNode } from '@/test/fixtures';

import { actionLabel, diffPath, libraryRanges, parseDiffParams, sideFromPairs } from './diff-sides';

const params = (query: string) => parseDiffParams(new URLSearchParams(query));

describe('parseDiffParams', () => {
  it('reads the two own ranges, or an incoming strategy and an own range', () => {
    expect(params('from=3&to=7')).toEqual({ from: 3, to: 7, incoming: null, invalid: null });
    expect(params('incoming=12&from=4')).toEqual({ from: 4, to: null, incoming: 12, invalid: null });
    // The incoming strategy is the "to" side: a "to" beside it is ignored.
    expect(params('incoming=12&to=4')).toEqual({ from: null, to: null, incoming: 12, invalid: null });
    expect(params('')).toEqual({ from: null, to: null, incoming: null, invalid: null });
  });

  it('names the first parameter that is not an id the server accepts', () => {
    expect(params('from=abc&to=2').invalid).toBe('from');
    expect(params('from=1&to=0').invalid).toBe('to');
    expect(params('incoming=-1').invalid).toBe('incoming');
    expect(params('from=1.5').invalid).toBe('from');
    expect(params('from=2147483648').invalid).toBe('from');
    expect(params('from=2147483647').from).toBe(2147483647);
  });
});

describe('diffPath', () => {
  it('writes the address the page reads back', () => {
    expect(diffPath({ from: 3 })).toBe('/compare?from=3');
    expect(diffPath({ from: 3, to: 7 })).toBe('/compare?from=3&to=7');
    expect(diffPath({ incoming: 12, from: 4, to: 9 })).toBe('/compare?incoming=12&from=4');
    expect(parseDiffParams(new URLSearchParams(diffPath({ from: 5, to: 6 }).split('?')[1]))).toMatchObject({
      from: 5,
      to: 6,
    });
  });
});

describe('libraryRanges', () => {
  it('lists every range in tree order with the folders above it', () => {
    const tree = [
      treeNode(1, 'Open', 'range'),
      treeNode(2, 'BTN', 'folder', [
        treeNode(3, 'vs 3bet', 'range'),
        treeNode(4, 'Deep', 'tournament', [treeNode(5, '20bb', 'range')]),
      ]),
      treeNode(6, 'Empty', 'folder'),
    ];
    expect(libraryRanges(tree, 'tournament_root')).toEqual([
      { id: 1, name: 'Open', path: [], rootType: 'tournament_root' },
      { id: 3, name: 'vs 3bet', path: ['BTN'], rootType: 'tournament_root' },
      { id: 5, name: '20bb', path: ['BTN', 'Deep'], rootType: 'tournament_root' },
    ]);
  });
});

describe('sideFromPairs', () => {
  it('keeps the coloured cells and the left-out combos of the server list', () => {
    const side = sideFromPairs({ name: 'R', kind: 'range', root_type: 'preflop_root', buttons: [] }, [
      { hand: 'AA', colors: [] },
      { hand: 'AKs', colors: [{ color: '#1847BE', weight: 50 }], excluded: ['AhKh'] },
    ]);
    expect(side.chart.pairs).toEqual({ AKs: [{ color: '#1847BE', weight: 50 }] });
    expect(side.chart.exclusions).toEqual({ AKs: ['AhKh'] });
  });
});

describe('actionLabel', () => {
  const from = [{ color: '#1847BE', label: 'Raise' }];
  it('names an action by its button on either side, both when they differ, else by its colour', () => {
    expect(actionLabel('#1847be', from, [])).toBe('Raise');
    expect(actionLabel('#1847BE', [], from)).toBe('Raise');
    expect(actionLabel('#1847BE', from, [{ color: '#1847BE', label: 'Open' }])).toBe('Raise / Open');
    expect(actionLabel('#1847BE', from, [{ color: '#1847BE', label: ' ' }])).toBe('Raise');
    expect(actionLabel('#C0392B', from, from)).toBe('#C0392B');
  });
});
