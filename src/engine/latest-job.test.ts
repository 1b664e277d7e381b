import { describe, expect, it } from 'vitest';

import { type JobContext, type JobStatus, LatestJob } from './latest-job';

/** A job that waits until released, and rejects with an AbortError when its signal fires (as the pool does). */
function pending<T>() {
  let release!: (value: T) => void;
  let context!: JobContext;
  const run = (ctx: JobContext) =>
    new Promise<T>((resolve, reject) => {
      context = ctx;
      release = resolve;
      ctx.signal.addEventListener('abort', () => reject(new DOMException('superseded', 'AbortError')));
    });
  return { run, release: (value: T) => release(value), context: () => context };
}

function recorder() {
  const statuses: JobStatus[] = [];
  const results: string[] = [];
  const job = new LatestJob<string>(
    (status) => statuses.push(status),
    (result) => results.push(result),
  );
  return { statuses, results, job };
}

describe('LatestJob', () => {
  it('starts at once, reports progress and live figures, then the result and done', async () => {
    const { statuses, results, job } = recorder();
    const first = pending<string>();
    const settled = job.start(first.run);
    expect(statuses).toEqual([{ state: 'running', progress: 0, live: null }]);
    first.context().progress(0.5);
    first.context().live({ samples: 10, estimate: 0.6, stdError: 0.1 });
    first.context().progress(7);
    first.release('a');
    await settled;
    expect(results).toEqual(['a']);
    expect(statuses.slice(1, 4)).toEqual([
      { state: 'running', progress: 0.5, live: null },
      { state: 'running', progress: 0.5, live: { samples: 10, estimate: 0.6, stdError: 0.1 } },
      { state: 'running', progress: 1, live: { samples: 10, estimate: 0.6, stdError: 0.1 } },
    ]);
    expect(statuses.at(-1)).toMatchObject({ state: 'done' });
  });

  it('aborts the superseded job and lets only the newest report', async () => {
    const { statuses, results, job } = recorder();
    const first = pending<string>();
    const second = pending<string>();
    const firstSettled = job.start(first.run);
    const secondSettled = job.start(second.run);
    expect(first.context().signal.aborted).toBe(true);
    expect(second.context().signal.aborted).toBe(false);
    first.context().progress(0.9);
    await firstSettled;
    second.release('b');
    await secondSettled;
    expect(results).toEqual(['b']);
    expect(statuses.filter((status) => status.state === 'error')).toEqual([]);
    expect(statuses.some((status) => status.state === 'running' && status.progress === 0.9)).toBe(false);
  });

  it('reports a failed job as an error with its message', async () => {
    const { statuses, job } = recorder();
    await job.start(() => Promise.reject(new Error('bad range "QQ++"')));
    expect(statuses.at(-1)).toEqual({ state: 'error', message: 'bad range "QQ++"' });
  });

  it('goes idle on clear and stays silent after cancel', async () => {
    const { statuses, results, job } = recorder();
    const first = pending<string>();
    const settled = job.start(first.run);
    job.clear();
    expect(first.context().signal.aborted).toBe(true);
    expect(statuses.at(-1)).toEqual({ state: 'idle' });
    await settled;
    const second = pending<string>();
    const secondSettled = job.start(second.run);
    job.cancel();
    second.release('late');
    await secondSettled;
    expect(results).toEqual([]);
    expect(statuses.at(-1)).toEqual({ state: 'running', progress: 0, live: null });
  });
});
