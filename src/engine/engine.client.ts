// The one place that owns engine workers: a lazily started pool, a queue, job splitting, cancellation, progress and
// idle shutdown. It runs unchanged in the browser (Web Workers) and in Node (worker_threads), because the caller
// injects the worker factory.
import { type Endpoint, releaseProxy, type Remote, transfer, wrap } from 'comlink';

import { parseCards } from '../../contract/hands.ts';
import type { EngineApi, MonteCarloSnapshot } from './engine-api.ts';
import type { EquityReport, SideTotals } from './engine-types.ts';
import { estimateWork, shardCount } from './equity-schedule.ts';

export interface WorkerHandle {
  endpoint: Endpoint;
  terminate(): void;
}

export type WorkerFactory = () => WorkerHandle;

export interface EngineClientOptions {
  createWorker: WorkerFactory;
  /** Number of workers; one per hardware thread is the sweet spot (the work is pure CPU). */
  size: number;
  /** Workers are terminated after this long without work, to give the memory back. */
  idleTimeoutMs?: number;
}

export interface EquityJob {
  hero: Float32Array;
  villain: Float32Array;
  board?: string;
  dead?: string;
  /** Equity change (fraction) under which a next card counts as "keep". */
  keepThreshold?: number;
}

export interface RunOptions {
  signal?: AbortSignal;
  /** Called with the finished fraction of the job, from 0 to 1. */
  onProgress?: (fraction: number) => void;
}

export interface MultiwayOptions extends RunOptions {
  /** Largest exact enumeration (hand evaluations) before Monte Carlo takes over. */
  exactBudget?: number;
  /** Monte Carlo stops once the first range's equity has this standard error... */
  targetStdError?: number;
  /** ...or after this long. */
  timeBudgetMs?: number;
  seed?: number;
  /** Skip the exact attempt (Monte Carlo as an option, also heads-up). */
  forceMonteCarlo?: boolean;
  /** Called after every batch with the pooled Monte Carlo figures so far (samples, estimates, standard error). */
  onSnapshot?: (snapshot: MultiwayResult) => void;
}

export interface MultiwayResult {
  method: 'exact' | 'monte-carlo';
  results: SideTotals[];
  /** Standard error of the first range's equity; 0 for exact results. */
  stdError: number;
  samples: number;
}

interface PooledWorker {
  api: Remote<EngineApi>;
  handle: WorkerHandle;
  /** Settles with the engine version once the worker has loaded the engine and run its warm-up job. */
  ready: Promise<string>;
}

export const DEFAULT_KEEP_THRESHOLD = 0.02;
const MONTE_CARLO_BATCH = 20_000;
/** Rounds of the warm-up job each worker runs right after it starts (enough for V8's optimising wasm tier). */
const WARM_UP_ROUNDS = 3;

/** A copy of `array` whose buffer moves to the worker (the caller keeps its own array intact). */
function send<T extends Float32Array | Float64Array>(array: T): T {
  const copy = array.slice() as T;
  return transfer(copy, [copy.buffer]);
}

export class EngineClient {
  private readonly options: Required<EngineClientOptions>;
  private workers: PooledWorker[] = [];
  private idle: PooledWorker[] = [];
  private waiting: Array<(worker: PooledWorker) => void> = [];
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private nextJobId = 0;

  constructor(options: EngineClientOptions) {
    this.options = { idleTimeoutMs: 60_000, ...options, size: Math.max(1, options.size) };
  }

  get size(): number {
    return this.options.size;
  }

  /**
   * Starts every worker and waits until each has loaded the engine and run its warm-up job (queued first by
   * `start`); returns the engine version.
   */
  async warm(): Promise<string> {
    this.start();
    const versions = await Promise.all(this.workers.map((worker) => worker.ready));
    return versions[0] ?? '';
  }

  async version(options: RunOptions = {}): Promise<string> {
    return this.withWorker((api) => api.version(), options.signal);
  }

  async rankHand(cards: string, options: RunOptions = {}) {
    return this.withWorker((api) => api.rankHand(cards), options.signal);
  }

  async parseRange(text: string, options: RunOptions = {}): Promise<Float32Array> {
    return this.withWorker((api) => api.parseRange(text), options.signal);
  }

  /** 169 grid-class weights (row-major, ace first) to 1326 combo weights. */
  async classWeightsToRange(grid: Float32Array, options: RunOptions = {}): Promise<Float32Array> {
    return this.withWorker((api) => api.classWeightsToRange(send(grid)), options.signal);
  }

  async rangeToNotation(weights: Float32Array, options: RunOptions = {}): Promise<string> {
    return this.withWorker((api) => api.rangeToNotation(send(weights)), options.signal);
  }

  async handCategories(range: Float32Array, board = '', dead = '', options: RunOptions = {}) {
    return this.withWorker((api) => api.handCategories(send(range), board, dead), options.signal);
  }

  /**
   * Exact heads-up equity, scheduled by estimated work: a job one worker finishes in a couple of milliseconds runs
   * whole in one call (the tally never leaves the worker); a larger one is cut into equal shards, a multiple of the
   * worker count, whose tallies come back by transfer and are merged and finished in one call.
   */
  async equity(job: EquityJob, options: RunOptions = {}): Promise<EquityReport> {
    const { signal, onProgress } = options;
    const board = job.board ?? '';
    const dead = job.dead ?? '';
    const keep = job.keepThreshold ?? DEFAULT_KEEP_THRESHOLD;
    const work = estimateWork(job.hero, job.villain, board, dead);
    const shards = shardCount(work, this.options.size, parseCards(board)?.length ?? 0);
    if (shards === 1) {
      const report = await this.withWorker(
        (api) => api.equityReport(send(job.hero), send(job.villain), board, dead, keep),
        signal,
      );
      onProgress?.(1);
      return report;
    }
    let finished = 0;
    const tallies = await Promise.all(
      Array.from({ length: shards }, (_, index) =>
        this.withWorker(async (api) => {
          const tally = await api.equityTally(send(job.hero), send(job.villain), board, dead, index, shards);
          onProgress?.(Math.min(0.99, ++finished / shards));
          return tally;
        }, signal),
      ),
    );
    const report = await this.withWorker(
      (api) =>
        api.finishTallies(
          transfer(
            tallies,
            tallies.map((tally) => tally.buffer),
          ),
          keep,
        ),
      signal,
    );
    onProgress?.(1);
    return report;
  }

  /** Equity of 2 to 6 ranges: exact when small enough, else Monte Carlo on every worker until precise enough. */
  async multiway(
    ranges: Float32Array[],
    board = '',
    dead = '',
    options: MultiwayOptions = {},
  ): Promise<MultiwayResult> {
    const { signal, onProgress } = options;
    const concatenated = concatenate(ranges);
    if (!options.forceMonteCarlo) {
      const exact = await this.withWorker(
        (api) => api.multiwayExact(send(concatenated), board, dead, options.exactBudget ?? 300_000_000),
        signal,
      );
      if (exact) {
        onProgress?.(1);
        return { method: 'exact', results: exact, stdError: 0, samples: 0 };
      }
    }
    return this.monteCarlo(concatenated, board, dead, options);
  }

  /**
   * Runs one call on the next free worker of the pool, for feature clients built on the pool (flop-report.client.ts):
   * it queues like every other call and an abort stops it from starting.
   */
  async run<T>(task: (api: Remote<EngineApi>) => Promise<T> | T, options: RunOptions = {}): Promise<T> {
    return this.withWorker(task, options.signal);
  }

  /** Stops every worker now; the next call starts a fresh pool. */
  terminate(): void {
    clearTimeout(this.idleTimer);
    for (const worker of this.workers) {
      worker.api[releaseProxy]();
      worker.handle.terminate();
    }
    this.workers = [];
    this.idle = [];
  }

  private async monteCarlo(
    ranges: Float32Array,
    board: string,
    dead: string,
    options: MultiwayOptions,
  ): Promise<MultiwayResult> {
    const { signal, onProgress } = options;
    const targetStdError = options.targetStdError ?? 0.0005;
    const timeBudgetMs = options.timeBudgetMs ?? 10_000;
    const jobId = `mc-${this.nextJobId++}`;
    const started = Date.now();
    const latest: MonteCarloSnapshot[] = [];
    let combined: MultiwayResult = { method: 'monte-carlo', results: [], stdError: Infinity, samples: 0 };
    const isDone = () =>
      signal?.aborted || combined.stdError <= targetStdError || Date.now() - started >= timeBudgetMs;

    const stream = (streamIndex: number) =>
      this.withWorker(async (api) => {
        const seed = (options.seed ?? 0x5eed) + streamIndex * 7919;
        await api.monteCarloStart(jobId, send(ranges), board, dead, seed);
        try {
          while (!isDone()) {
            latest[streamIndex] = await api.monteCarloRun(jobId, MONTE_CARLO_BATCH);
            combined = combineSnapshots(latest.filter(Boolean));
            if (!signal?.aborted) options.onSnapshot?.(combined);
            const timeShare = (Date.now() - started) / timeBudgetMs;
            const precisionShare = (targetStdError / combined.stdError) ** 2;
            onProgress?.(Math.min(1, Math.max(timeShare, precisionShare)));
          }
        } finally {
          await api.monteCarloStop(jobId);
        }
      }, signal);

    await Promise.all(Array.from({ length: this.options.size }, (_, index) => stream(index)));
    throwIfAborted(signal);
    onProgress?.(1);
    return combined;
  }

  /**
   * Starts the missing workers. Each runs a real equity job first, so the first paint meets optimised wasm; a
   * user job queued meanwhile waits for it (a few milliseconds once the module has loaded).
   */
  private start(): void {
    while (this.workers.length < this.options.size) {
      const handle = this.options.createWorker();
      const api = wrap<EngineApi>(handle.endpoint);
      const worker: PooledWorker = { api, handle, ready: Promise.resolve('') };
      worker.ready = (async () => {
        try {
          await api.warmUp(WARM_UP_ROUNDS);
          return await api.version();
        } finally {
          this.release(worker);
        }
      })();
      // A worker that fails to load rejects its jobs with the error; `warm` reports it too.
      worker.ready.catch(() => undefined);
      this.workers.push(worker);
    }
  }

  private acquire(signal?: AbortSignal): Promise<PooledWorker> {
    throwIfAborted(signal);
    clearTimeout(this.idleTimer);
    this.start();
    const ready = this.idle.pop();
    if (ready) return Promise.resolve(ready);
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.waiting = this.waiting.filter((entry) => entry !== grant);
        reject(abortError());
      };
      const grant = (worker: PooledWorker) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(worker);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(grant);
    });
  }

  private release(worker: PooledWorker): void {
    if (!this.workers.includes(worker)) return;
    const next = this.waiting.shift();
    if (next) {
      next(worker);
      return;
    }
    this.idle.push(worker);
    if (this.idle.length === this.workers.length) {
      clearTimeout(this.idleTimer);
      this.idleTimer = setTimeout(() => this.terminate(), this.options.idleTimeoutMs);
      (this.idleTimer as { unref?: () => void }).unref?.();
    }
  }

  private async withWorker<T>(
    task: (api: Remote<EngineApi>) => Promise<T> | T,
    signal?: AbortSignal,
  ): Promise<T> {
    const worker = await this.acquire(signal);
    try {
      throwIfAborted(signal);
      return await task(worker.api);
    } finally {
      this.release(worker);
    }
  }
}

/** Pools independent Monte Carlo streams: sample-weighted means; the error of a mean of independent means. */
export function combineSnapshots(snapshots: MonteCarloSnapshot[]): MultiwayResult {
  const samples = snapshots.reduce((sum, snapshot) => sum + snapshot.samples, 0);
  const first = snapshots[0];
  if (!first || samples === 0) return { method: 'monte-carlo', results: [], stdError: Infinity, samples: 0 };
  const weighted = (pick: (totals: SideTotals) => number, side: number) =>
    snapshots.reduce((sum, snapshot) => sum + pick(snapshot.results[side]!) * snapshot.samples, 0) / samples;
  const results = first.results.map((_, side) => ({
    equity: weighted((totals) => totals.equity, side),
    win: weighted((totals) => totals.win, side),
    tie: weighted((totals) => totals.tie, side),
    lose: weighted((totals) => totals.lose, side),
    combos: first.results[side]!.combos,
  }));
  const variance = snapshots.reduce((sum, snapshot) => sum + (snapshot.stdError * snapshot.samples) ** 2, 0);
  return { method: 'monte-carlo', results, stdError: Math.sqrt(variance) / samples, samples };
}

function concatenate(ranges: Float32Array[]): Float32Array {
  const result = new Float32Array(ranges.reduce((sum, range) => sum + range.length, 0));
  let offset = 0;
  for (const range of ranges) {
    result.set(range, offset);
    offset += range.length;
  }
  return result;
}

function abortError(): Error {
  return new DOMException('The engine job was superseded', 'AbortError');
}

function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw abortError();
}
