// React binding of the job layer: one LatestJob per component, started whenever its inputs change.
import { type DependencyList, useEffect, useRef } from 'react';

import { type JobContext, type JobStatus, LatestJob } from './latest-job.ts';

/**
 * Runs the job `run` describes whenever `deps` change, at once, aborting the superseded job. `run` returning null
 * means the inputs describe no job: the running one stops and the status goes to idle. The status and result
 * callbacks may change between renders; the latest ones receive the reports.
 */
export function useLatestJob<T>(
  deps: DependencyList,
  run: () => ((context: JobContext) => Promise<T>) | null,
  onStatus: (status: JobStatus) => void,
  onResult: (result: T) => void,
): void {
  const callbacks = useRef({ onStatus, onResult });
  const job = useRef<LatestJob<T> | null>(null);

  useEffect(() => {
    callbacks.current = { onStatus, onResult };
  });

  useEffect(() => {
    job.current ??= new LatestJob<T>(
      (status) => callbacks.current.onStatus(status),
      (result) => callbacks.current.onResult(result),
    );
    const next = run();
    if (next) void job.current.start(next);
    else job.current.clear();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's inputs are the dependencies
  }, deps);

  useEffect(
    () => () => {
      job.current?.cancel();
      job.current = null;
    },
    [],
  );
}
