// The library's charts other parts read by id (a side of the equity drawn from another chart): fetched once per
// opened range, since they may have been edited meanwhile; opening a range forgets them.
import type { Pair } from '@contract/categories';

import { rangeApi } from './api';

const charts = new Map<number, Promise<Pair[]>>();
/** Charts already fetched, so a side of one resolves in the paint's own event the next time. */
const fetchedCharts = new Map<number, Pair[]>();

/** A chart fetched before, at once; undefined while it has not been. */
export const fetchedChart = (id: number): Pair[] | undefined => fetchedCharts.get(id);
/** Forgets fetched charts: opening another range reads the library's charts afresh (they may have been edited). */
export function forgetFetchedCharts(): void {
  charts.clear();
  fetchedCharts.clear();
}

/** A chart of the library as its pair list: fetched once, a failed read asked again by the next caller. */
export function chartPairs(id: number): Promise<Pair[]> {
  let pending = charts.get(id);
  if (!pending) {
    pending = rangeApi.villainChart(id);
    pending.then(
      (list) => fetchedCharts.set(id, list),
      // A failed read is not kept: the next job asks again.
      () => charts.delete(id),
    );
    charts.set(id, pending);
  }
  return pending;
}
