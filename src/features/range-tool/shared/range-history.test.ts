import { describe, expect, it } from 'vitest';

import { HISTORY_LIMIT, initHistory, pushHistory, redo, undo } from './range-history';

describe('undo/redo history', () => {
  it('undoes and redoes steps, a new step clears redo', () => {
    let history = pushHistory(pushHistory(initHistory(0), 1), 2);
    history = undo(history);
    expect(history.present).toBe(1);
    history = redo(history);
    expect(history.present).toBe(2);
    history = pushHistory(undo(history), 5);
    expect(history.future).toEqual([]);
    expect(redo(history)).toBe(history);
    expect(undo(initHistory(3)).present).toBe(3);
  });

  it('keeps a bounded past', () => {
    let history = initHistory(0);
    for (let step = 1; step <= HISTORY_LIMIT + 20; step += 1) history = pushHistory(history, step);
    expect(history.past).toHaveLength(HISTORY_LIMIT);
  });
});
