// The solves the tool runs on the app's engine pool, outside React: one spot solve and one threshold chart at a
// time, each written to its atom as it goes, so a solve keeps running while the player looks at the charts and its
// answer is there when they come back. Starting a new one stops the one before; Stop stops it between two steps.
import { isAbortError } from '@/engine/abort';
import { getEngineClient, getPreflopTable, getThreeWayTable } from '@/engine/engine-instance';
import { appStore, type PrimitiveAtom } from '@/lib/store';

import { type JobState, shownDecisionAtom, shownSeatAtom, solveJobAtom, thresholdJobAtom } from './atoms';
import { solveSpot, solveThresholds } from './solve-spot';
import type { ParsedSpot } from './spot-draft';

/** The running job of each job atom. */
const running = new Map<object, AbortController>();

async function run<T, I>(
  jobAtom: PrimitiveAtom<JobState<T, I>>,
  input: I,
  work: (options: { signal: AbortSignal; onProgress: (fraction: number) => void }) => Promise<T>,
  onDone?: (result: T) => void,
): Promise<void> {
  running.get(jobAtom)?.abort();
  const controller = new AbortController();
  running.set(jobAtom, controller);
  const current = () => running.get(jobAtom) === controller;
  appStore.set(jobAtom, (state) => ({ ...state, status: 'running', progress: 0, input, error: null }));
  try {
    const result = await work({
      signal: controller.signal,
      onProgress: (fraction) => {
        if (current())
          appStore.set(jobAtom, (state) => ({ ...state, progress: Math.max(state.progress, fraction) }));
      },
    });
    if (!current()) return;
    onDone?.(result);
    appStore.set(jobAtom, { status: 'done', progress: 1, input, result, error: null });
  } catch (error) {
    if (!current()) return;
    // A solve first downloads the tables it reads (offline, or the server gone): that is the player's connection.
    const download = [getPreflopTable(), getThreeWayTable()].some((table) => table.state().state === 'error');
    const message = error instanceof Error ? error.message : String(error);
    appStore.set(jobAtom, (state) =>
      isAbortError(error)
        ? { ...state, status: 'stopped' }
        : { ...state, status: 'failed', error: { kind: download ? 'download' : 'engine', message } },
    );
  } finally {
    if (current()) running.delete(jobAtom);
  }
}

/** Solves `spot`; the results then show its first seat's first decision. */
export function startSolve(spot: ParsedSpot): Promise<void> {
  return run(
    solveJobAtom,
    spot,
    (options) => solveSpot(getEngineClient(), spot, options),
    () => {
      appStore.set(shownSeatAtom, 0);
      appStore.set(shownDecisionAtom, null);
    },
  );
}

export function startThresholds(ante: number): Promise<void> {
  return run(thresholdJobAtom, ante, (options) => solveThresholds(getEngineClient(), ante, options));
}

/** Stops the running job of `jobAtom` (it ends as `stopped`); nothing when none runs. */
export function stopJob(jobAtom: typeof solveJobAtom | typeof thresholdJobAtom): void {
  running.get(jobAtom)?.abort();
}
