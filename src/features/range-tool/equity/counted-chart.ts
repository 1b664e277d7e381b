// Keeps countedChartAtom (atoms.ts) a step behind the chart while a paint's equity job runs. A paint's click then
// renders the painted cell alone; the strategy bar, the colour buttons and the summary's counts follow in the task
// right after the job's figures are on screen, so on the engine's critical path the main thread has only the cell
// to render and the browser only the cell to repaint.
import { appStore } from '@/lib/store';

import { comboExclusionsAtom, countedChartAtom, rangePairsAtom } from '../shared/atoms';

/** Longest the counts trail the chart: a long job, a Monte Carlo run or a drag across the grid still updates them. */
export const COUNTS_TRAIL_MS = 50;

export class CountedChartSync {
  private trail: ReturnType<typeof setTimeout> | undefined;
  private next: ReturnType<typeof setTimeout> | undefined;

  /** Counts the chart as it is now, in the same render as the change that called it. */
  now(): void {
    clearTimeout(this.trail);
    clearTimeout(this.next);
    this.trail = this.next = undefined;
    if (!this.behind()) return;
    const [pairs, exclusions] = [appStore.get(rangePairsAtom), appStore.get(comboExclusionsAtom)];
    appStore.set(countedChartAtom, { pairs, exclusions });
  }

  /**
   * A job started for the current inputs: if the chart changed, the counts follow when a job settles, or after
   * COUNTS_TRAIL_MS from the first change they have not followed yet (not restarted by each cell of a drag).
   */
  later(): void {
    if (this.trail !== undefined || !this.behind()) return;
    this.trail = setTimeout(() => this.now(), COUNTS_TRAIL_MS);
  }

  /** A job settled (figures shown, failed or superseded): the counts follow in the next task, after its render. */
  settled(): void {
    if (this.trail === undefined || this.next !== undefined) return;
    this.next = setTimeout(() => this.now(), 0);
  }

  /** The range tool closes: the counting views read the chart directly again. */
  stop(): void {
    clearTimeout(this.trail);
    clearTimeout(this.next);
    this.trail = this.next = undefined;
    appStore.set(countedChartAtom, null);
  }

  /** Whether the counted chart is not the chart (a held copy, or none yet while the tool opens). */
  private behind(): boolean {
    const counted = appStore.get(countedChartAtom);
    return (
      counted === null ||
      counted.pairs !== appStore.get(rangePairsAtom) ||
      counted.exclusions !== appStore.get(comboExclusionsAtom)
    );
  }
}
