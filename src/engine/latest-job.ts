// The one equity job layer every equity view uses: latest wins. Starting a job aborts the one it supersedes at
// once (the pool drops its queued shards and Monte Carlo streams), and only the newest job may report. Its status is
// one tagged union, with live Monte Carlo figures while sampling runs.

/**
 * While a finished result is on screen, a new job reports 'running' only once it has run this long. A paint's job
 * usually ends within a frame or two: reporting 'running' at once made every view show and hide its progress bar
 * around each paint, two extra renders on the main thread while the workers compute, for a bar nobody could see.
 */
export const SHOW_RUNNING_AFTER_MS = 100;

/** Live figures of a running Monte Carlo job: samples so far, the first range's equity and its standard error. */
export interface LiveEstimate {
  samples: number;
  estimate: number;
  stdError: number;
}

export type JobStatus =
  | { state: 'idle' }
  | { state: 'running'; progress: number; live: LiveEstimate | null }
  | { state: 'done'; ms: number }
  | { state: 'error'; message: string };

export const IDLE: JobStatus = { state: 'idle' };

/** What a running job may do: watch for being superseded, and report progress and live figures. */
export interface JobContext {
  signal: AbortSignal;
  progress(fraction: number): void;
  live(estimate: LiveEstimate): void;
}

export const isAbortError = (error: unknown) =>
  (error instanceof DOMException || error instanceof Error) && error.name === 'AbortError';

const clamp = (fraction: number) => Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0));

export class LatestJob<T> {
  private controller: AbortController | null = null;
  /** The state of the last status reported. */
  private shown: JobStatus['state'] | null = null;

  /**
   * @param onStatus receives every status change of the newest job.
   * @param onResult receives the result of a finished job, just before its 'done' status.
   */
  private readonly onStatus: (status: JobStatus) => void;

  /**
   * @param settle runs a finished job's result and 'done' status together; the React binding passes flushSync, so
   * the figures are rendered in the task that brought them instead of one scheduler task (and maybe a frame) later.
   */
  constructor(
    onStatus: (status: JobStatus) => void,
    private readonly onResult: (result: T) => void,
    private readonly settle: (report: () => void) => void = (report) => report(),
  ) {
    this.onStatus = (status) => {
      this.shown = status.state;
      onStatus(status);
    };
  }

  /** Starts `run` now, aborting the job it supersedes; resolves when it has settled (never rejects). */
  async start(run: (context: JobContext) => Promise<T>): Promise<void> {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    const { signal } = controller;
    const current = () => !signal.aborted && this.controller === controller;
    let live: LiveEstimate | null = null;
    let progress = 0;
    const started = performance.now();
    // Over a finished result the job stays quiet for SHOW_RUNNING_AFTER_MS or until its first live figures;
    // otherwise (nothing shown yet, an error, or a superseded job's progress bar) it reports 'running' at once.
    let running = this.shown !== 'done';
    const report = () => {
      if (running && current()) this.onStatus({ state: 'running', progress, live });
    };
    const timer = running
      ? undefined
      : setTimeout(() => {
          running = true;
          report();
        }, SHOW_RUNNING_AFTER_MS);
    report();
    try {
      const result = await run({
        signal,
        progress: (fraction) => {
          if (!current()) return;
          progress = clamp(fraction);
          report();
        },
        live: (estimate) => {
          if (!current()) return;
          live = estimate;
          // Live Monte Carlo figures are there to be watched while sampling runs: they show at once.
          running = true;
          report();
        },
      });
      if (!current()) return;
      const ms = performance.now() - started;
      this.settle(() => {
        this.onResult(result);
        this.onStatus({ state: 'done', ms });
      });
    } catch (error) {
      if (!current() || isAbortError(error)) return;
      this.onStatus({ state: 'error', message: error instanceof Error ? error.message : String(error) });
    } finally {
      clearTimeout(timer);
      if (this.controller === controller) this.controller = null;
    }
  }

  /** Aborts the running job (if any) and reports idle: the inputs no longer describe a job. */
  clear(): void {
    this.cancel();
    this.onStatus(IDLE);
  }

  /** Aborts the running job without reporting (the view is going away). */
  cancel(): void {
    this.controller?.abort();
    this.controller = null;
  }
}
