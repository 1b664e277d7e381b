// React binding of the job layer: one LatestJob per component, started by the store the moment its inputs change.
import { useEffect, useRef } from 'react';
import { flushSync } from 'react-dom';

import { appStore, type Atom } from '@/lib/store';

import { type JobContext, type JobStatus, LatestJob } from './latest-job.ts';

/**
 * Runs the job `run` describes for the value of `inputs` whenever that value changes, aborting the superseded job.
 * The job starts from the store's own change notification, inside the event that changed the inputs (a pointer
 * press on the chart), so its first message is on its way to a worker before React renders the change: the render
 * and the engine run side by side instead of one after the other. `run` returning null means the inputs describe
 * no job: the running one stops and the status goes to idle. The callbacks may change between renders; the latest
 * ones are used. A finished job's result and status are rendered at once, in the task that brought them.
 */
export function useLatestJob<I, T>(
  inputs: Atom<I>,
  run: (value: I) => ((context: JobContext) => Promise<T>) | null,
  onStatus: (status: JobStatus) => void,
  onResult: (result: T) => void,
): void {
  const callbacks = useRef({ run, onStatus, onResult });

  useEffect(() => {
    callbacks.current = { run, onStatus, onResult };
  });

  useEffect(() => {
    const job = new LatestJob<T>(
      (status) => callbacks.current.onStatus(status),
      (result) => callbacks.current.onResult(result),
      // A result always arrives in a later task (a worker's message), never inside a render or an effect.
      flushSync,
    );
    const launch = () => {
      const next = callbacks.current.run(appStore.get(inputs));
      if (next) void job.start(next);
      else job.clear();
    };
    launch();
    const unsubscribe = appStore.sub(inputs, launch);
    return () => {
      unsubscribe();
      job.cancel();
    };
  }, [inputs]);
}
