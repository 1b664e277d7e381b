import { afterEach, describe, expect, it, vi } from 'vitest';

import { type JobContext, type JobStatus, LatestJob, SHOW_RUNNING_AFTER_MS } from './latest-job';

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

  it('reports a finished result and its done status inside one settle call', async () => {
    const log: string[] = [];
    const job = new LatestJob<string>(
      (status) => log.push(`status ${status.state}`),
      (result) => log.push(`result ${result}`),
      (report) => {
        log.push('settle in');
        report();
        log.push('settle out');
      },
    );
    const first = pending<string>();
    const settled = job.start(first.run);
    first.release('a');
    await settled;
    expect(log).toEqual(['status running', 'settle in', 'result a', 'status done', 'settle out']);
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

  describe('over a finished result', () => {
    afterEach(() => vi.useRealTimers());

    async function afterDone() {
      const recorded = recorder();
      await recorded.job.start(() => Promise.resolve('first'));
      recorded.statuses.length = 0;
      return recorded;
    }

    it('replaces the result without a running status when the job ends quickly', async () => {
      vi.useFakeTimers();
      const { statuses, results, job } = await afterDone();
      const quick = pending<string>();
      const settled = job.start(quick.run);
      quick.context().progress(0.5);
      await vi.advanceTimersByTimeAsync(SHOW_RUNNING_AFTER_MS - 1);
      quick.release('quick');
      await settled;
      expect(results).toEqual(['first', 'quick']);
      expect(statuses.map((status) => status.state)).toEqual(['done']);
      // Nothing is left to fire later.
      await vi.advanceTimersByTimeAsync(SHOW_RUNNING_AFTER_MS * 2);
      expect(statuses.map((status) => status.state)).toEqual(['done']);
    });

    it('reports running with the progress so far once the job runs longer', async () => {
      vi.useFakeTimers();
      const { statuses, job } = await afterDone();
      const slow = pending<string>();
      const settled = job.start(slow.run);
      slow.context().progress(0.25);
      expect(statuses).toEqual([]);
      await vi.advanceTimersByTimeAsync(SHOW_RUNNING_AFTER_MS);
      expect(statuses).toEqual([{ state: 'running', progress: 0.25, live: null }]);
      slow.context().progress(0.75);
      expect(statuses.at(-1)).toEqual({ state: 'running', progress: 0.75, live: null });
      // A job superseding a visible one keeps the progress bar up at once.
      const next = pending<string>();
      const nextSettled = job.start(next.run);
      expect(statuses.at(-1)).toEqual({ state: 'running', progress: 0, live: null });
      next.release('next');
      await Promise.all([settled, nextSettled]);
      expect(statuses.at(-1)).toMatchObject({ state: 'done' });
    });

    it('reports running at once with the first live Monte Carlo figures', async () => {
      vi.useFakeTimers();
      const { statuses, job } = await afterDone();
      const sampling = pending<string>();
      const settled = job.start(sampling.run);
      sampling.context().progress(0.1);
      expect(statuses).toEqual([]);
      sampling.context().live({ samples: 20_000, estimate: 0.55, stdError: 0.003 });
      expect(statuses).toEqual([
        { state: 'running', progress: 0.1, live: { samples: 20_000, estimate: 0.55, stdError: 0.003 } },
      ]);
      sampling.release('sampled');
      await settled;
      expect(statuses.at(-1)).toMatchObject({ state: 'done' });
    });

    it('reports a superseded quiet job as nothing at all', async () => {
      vi.useFakeTimers();
      const { statuses, results, job } = await afterDone();
      const first = pending<string>();
      const firstSettled = job.start(first.run);
      const second = pending<string>();
      const secondSettled = job.start(second.run);
      await firstSettled;
      second.release('second');
      await secondSettled;
      await vi.advanceTimersByTimeAsync(SHOW_RUNNING_AFTER_MS * 2);
      expect(results).toEqual(['first', 'second']);
      expect(statuses.map((status) => status.state)).toEqual(['done']);
    });
  });
});
