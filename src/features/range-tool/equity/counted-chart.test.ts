import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { appStore } from '@/lib/store';

import { comboCountsAtom, comboExclusionsAtom, countedChartAtom, rangeHistoryAtom } from '../shared/atoms';
import { initHistory, pushHistory } from '../shared/range-history';
import { DEFAULT_COLOR } from '../shared/range-rules';
import { CountedChartSync, COUNTS_TRAIL_MS } from './counted-chart';

const paint = (hand: string) =>
  appStore.set(
    rangeHistoryAtom,
    pushHistory(appStore.get(rangeHistoryAtom), {
      ...appStore.get(rangeHistoryAtom).present,
      [hand]: [{ color: DEFAULT_COLOR, weight: 100 }],
    }),
  );
const counted = () => appStore.get(comboCountsAtom).total.combos;

describe('counted chart', () => {
  let sync: CountedChartSync;
  beforeEach(() => {
    vi.useFakeTimers();
    appStore.set(rangeHistoryAtom, initHistory({}));
    appStore.set(comboExclusionsAtom, {});
    sync = new CountedChartSync();
  });
  afterEach(() => {
    sync.stop();
    vi.useRealTimers();
  });

  it('follows the chart at once while the range tool is closed', () => {
    expect(appStore.get(countedChartAtom)).toBeNull();
    paint('AA');
    expect(counted()).toBe(6);
  });

  it('holds the counts of a paint until its job settles, then follows in the next task', () => {
    sync.now();
    paint('AA');
    sync.later();
    expect(counted()).toBe(0);
    sync.settled();
    // The job's figures render in the task that settles it; the counts follow in the task after.
    expect(counted()).toBe(0);
    vi.advanceTimersByTime(0);
    expect(counted()).toBe(6);
  });

  it('follows after COUNTS_TRAIL_MS when jobs keep running (a drag, a long job), not restarted by each cell', () => {
    sync.now();
    paint('AA');
    sync.later();
    vi.advanceTimersByTime(COUNTS_TRAIL_MS - 10);
    paint('KK');
    sync.later();
    expect(counted()).toBe(0);
    vi.advanceTimersByTime(10);
    expect(counted()).toBe(12);
  });

  it('counts at once when no job runs, and changes nothing for a job of the same chart', () => {
    sync.now();
    paint('AA');
    sync.now();
    expect(counted()).toBe(6);
    const held = appStore.get(countedChartAtom);
    sync.later();
    sync.settled();
    vi.runAllTimers();
    expect(appStore.get(countedChartAtom)).toBe(held);
  });

  it('follows left-out combos as well, and lets go of the chart when the tool closes', () => {
    paint('AA');
    sync.now();
    appStore.set(comboExclusionsAtom, { AA: ['AsAh'] });
    sync.later();
    expect(counted()).toBe(6);
    sync.settled();
    vi.advanceTimersByTime(0);
    expect(counted()).toBe(5);
    sync.stop();
    expect(appStore.get(countedChartAtom)).toBeNull();
    paint('KK');
    expect(counted()).toBe(11);
  });
});
