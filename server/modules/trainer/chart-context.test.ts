import { describe, expect, it } from 'vitest';

import { chartActions, folderPath, stackDepth } from './chart-context.ts';

describe('trainer chart context', () => {
  it('walks the folders above a chart, top first', () => {
    const rows = [
      { id: 1, parent_id: null, name: 'Tournament push/fold' },
      { id: 2, parent_id: 1, name: 'SB push' },
      { id: 3, parent_id: 2, name: '10bb' },
      { id: 4, parent_id: 5, name: 'loop' },
      { id: 5, parent_id: 4, name: 'back' },
    ];
    expect(folderPath(rows, 3)).toEqual(['Tournament push/fold', 'SB push']);
    expect(folderPath(rows, 1)).toEqual([]);
    expect(folderPath(rows, 4)).toEqual(['back']);
  });

  it('reads the stack from the chart name first, then the nearest folder', () => {
    expect(stackDepth('10bb', ['Push/fold charts 5–20bb', 'SB push'])).toBe(10);
    expect(stackDepth('BTN push', ['Short stacks', '12.5 bb'])).toBe(12.5);
    expect(stackDepth('Push', ['Push/fold charts 5–20bb'])).toBeNull();
    expect(stackDepth('UTG open', [])).toBeNull();
    expect(stackDepth('7,5BB shove', [])).toBe(7.5);
  });

  it('reads the stack from a folder of the path when the chart does not name one', () => {
    // The tournament layout of the seeded push/fold pack, with the depth as a folder above the spot.
    expect(stackDepth('vs. BTN open', ['Push/fold charts 5–20bb', 'SB push', '15bb'])).toBe(15);
    expect(stackDepth('Shove', ['MTT', '25 BB+', 'Button'])).toBe(25);
    expect(stackDepth('Call', ['Final table', '8 big blinds'])).toBe(8);
    expect(stackDepth('Пуш', ['Турнир', '15бб'])).toBe(15);
    expect(stackDepth('Push', ['Stacks 12 bb', 'SB'])).toBe(12);
    // The nearest folder wins over one further up.
    expect(stackDepth('Push', ['20bb', '10bb'])).toBe(10);
  });

  it('takes neither a span of stacks nor a bet size for the stack', () => {
    expect(stackDepth('Push', ['5bb-20bb'])).toBeNull();
    expect(stackDepth('Push', ['5 - 20 bb'])).toBeNull();
    expect(stackDepth('BB vs 2.5bb open', ['40bb'])).toBe(40);
    expect(stackDepth('vs 3bb raise', [])).toBeNull();
    expect(stackDepth('BB defend', ['BB'])).toBeNull();
    expect(stackDepth('15bbs', [])).toBeNull();
    expect(stackDepth('0bb', ['9bb'])).toBe(9);
  });

  it('offers the buttons, then colours used without a button, each once', () => {
    const actions = chartActions(
      [
        { color: '#d64545', label: '3-bet' },
        { color: '#2E9E5B', label: 'Call' },
      ],
      {
        AA: [{ color: '#D64545', weight: 100 }],
        KK: { colors: [{ color: '#123456', weight: 50 }], excluded: ['KhKc'] },
        QQ: [{ color: '#ABCDEF', weight: 0 }],
      },
    );
    expect(actions).toEqual([
      { color: '#D64545', label: '3-bet' },
      { color: '#2E9E5B', label: 'Call' },
      { color: '#123456', label: '' },
    ]);
  });
});
