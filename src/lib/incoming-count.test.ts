import { afterEach, describe, expect, it, vi } from 'vitest';

import { incomingCountAtom, incomingDecided, refreshIncomingCount } from './incoming-count';
import { appStore } from './store';

/** A fetch whose answers to the count the test releases one by one, in any order. */
function heldCounts() {
  const pending: Array<(count: number) => void> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      () =>
        new Promise<Response>((resolve) =>
          pending.push((count) =>
            resolve(
              new Response(JSON.stringify({ data: count }), {
                headers: { 'Content-Type': 'application/json' },
              }),
            ),
          ),
        ),
    ),
  );
  return pending;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.unstubAllGlobals();
  appStore.set(incomingCountAtom, 0);
});

describe('incoming count', () => {
  it('drops by one at once when a strategy is decided, then takes the server count', async () => {
    const answers = heldCounts();
    appStore.set(incomingCountAtom, 3);
    incomingDecided();
    expect(appStore.get(incomingCountAtom)).toBe(2);
    answers[0]!(4);
    await settle();
    expect(appStore.get(incomingCountAtom)).toBe(4);
  });

  it('never goes below zero', () => {
    heldCounts();
    incomingDecided();
    expect(appStore.get(incomingCountAtom)).toBe(0);
  });

  it('drops a poll answer sent before a decision and received after it', async () => {
    const answers = heldCounts();
    appStore.set(incomingCountAtom, 3);
    const poll = refreshIncomingCount();
    incomingDecided();
    // The decision's own read answers first, then the old poll with the count from before the decision.
    answers[1]!(2);
    await settle();
    answers[0]!(3);
    await poll;
    expect(appStore.get(incomingCountAtom)).toBe(2);
  });

  it('keeps the count when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    appStore.set(incomingCountAtom, 2);
    await refreshIncomingCount();
    expect(appStore.get(incomingCountAtom)).toBe(2);
  });
});
