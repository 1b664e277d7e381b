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
