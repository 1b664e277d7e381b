// The one place that owns engine workers: a lazily started pool, a queue, job splitting, cancellation, progress and
// idle shutdown. It runs unchanged in the browser (Web Workers) and in Node (worker_threads), because the caller
// injects the worker factory.
import { type Endpoint, releaseProxy, type Remote, transfer, wrap } from 'comlink';

import { parseCards } from '../../contract/hands.ts';
import type { EngineApi, MonteCarloSnapshot, WarmUpRound } from './engine-api.ts';
import type { EquityReport, SideTotals } from './engine-types.ts';
import { estimateWork, measuredUnitsPerMs, shardCount, UNITS_PER_MS } from './equity-schedule.ts';
import { usesPreflopTable } from './preflop-table.ts';
import { runShardedEquity } from './sharded-equity.ts';

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
  /**
   * The preflop table's bytes (the browser's one shared download), copied to every worker once they arrive. Without
   * it the workers load the table themselves (Node reads it from disk).
   */
  preflopTable?: () => Promise<Uint8Array>;
}

export interface EquityJob {
  hero: Float32Array;
  villain: Float32Array;
  board?: string;
  dead?: string;
  /** Equity change (fraction) under which a next card counts as "keep". */
  keepThreshold?: number;
  /** Shard count instead of the estimate's plan (benchmarks compare plans with it); 1 runs the job whole. */
  shards?: number;
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
  /** Set when the preflop table has been posted to the worker; settles when the worker has loaded it. */
  table?: Promise<number>;
}

export const DEFAULT_KEEP_THRESHOLD = 0.02;
const MONTE_CARLO_BATCH = 20_000;
/** Rounds of the warm-up job each worker runs right after it starts (enough for V8's optimising wasm tier). */
const WARM_UP_ROUNDS = 3;
/** Timed runs the measured rate is taken from. */
const TIMED_RUNS = 12;

/** A copy of `array` whose buffer moves to the worker (the caller keeps its own array intact). */
function send<T extends Float32Array | Float64Array | Uint8Array>(array: T): T {
  const copy = array.slice() as T;
  return transfer(copy, [copy.buffer]);
}

export class EngineClient {
  private readonly options: Required<Omit<EngineClientOptions, 'preflopTable'>>;
  private readonly preflopTable: EngineClientOptions['preflopTable'];
  private workers: PooledWorker[] = [];
  private idle: PooledWorker[] = [];
  private waiting: Array<(worker: PooledWorker) => void> = [];
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private nextJobId = 0;
  /** The latest timed runs (warm-up rounds and whole jobs), and the workers' rate they give (units per ms). */
  private timed: WarmUpRound[] = [];
  private rate = UNITS_PER_MS;

  constructor(options: EngineClientOptions) {
    const { preflopTable, ...rest } = options;
    this.options = { idleTimeoutMs: 60_000, ...rest, size: Math.max(1, options.size) };
    this.preflopTable = preflopTable;
  }

  get size(): number {
    return this.options.size;
  }

  /** Work units a worker gets through in a millisecond: measured by the warm-up, UNITS_PER_MS before it. */
  get unitsPerMs(): number {
    return this.rate;
  }

  /** Shards `job` would be cut into now (1 runs it whole): its estimated work at the measured rate. */
  plan(job: EquityJob): number {
    const board = job.board ?? '';
    const work = estimateWork(job.hero, job.villain, board, job.dead ?? '');
    return job.shards ?? shardCount(work, this.options.size, parseCards(board)?.length ?? 0, this.rate);
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
   * Exact heads-up equity, scheduled by estimated work at the workers' measured rate: a job one worker finishes in a
   * couple of milliseconds runs whole in one call (the tally never leaves the worker); a larger one is cut into
   * shards of equal estimated cost, one per worker (more for long jobs), that the workers take in turn and whose
   * tallies merge from worker to worker (sharded-equity.ts).
   */
  async equity(job: EquityJob, options: RunOptions = {}): Promise<EquityReport> {
    const { signal, onProgress } = options;
    const board = job.board ?? '';
    const dead = job.dead ?? '';
    const keep = job.keepThreshold ?? DEFAULT_KEEP_THRESHOLD;
    // Exact preflop equity reads the preflop table: wait for its download here, before taking a worker, so no
    // worker sits blocked on it and postflop jobs never wait behind it.
    if (usesPreflopTable(board, dead)) await this.sendPreflopTable(signal);
    const shards = this.plan(job);
    if (shards <= 1) {
      const report = await this.withWorker(async (api) => {
        const started = performance.now();
        const whole = await api.equityReport(send(job.hero), send(job.villain), board, dead, keep);
        // Timed from here, a whole job includes its messages: it can only understate the rate.
        if (board)
          this.recordRun(estimateWork(job.hero, job.villain, board, dead), performance.now() - started);
        return whole;
      }, signal);
      onProgress?.(1);
      return report;
    }
    return runShardedEquity(
      {
        id: `eq-${this.nextJobId++}`,
        request: { hero: job.hero, villain: job.villain, board, dead },
        shards,
        keepThreshold: keep,
      },
      {
        lanes: this.options.size,
        signal,
        onProgress,
        copy: (range) => range.slice(),
        // An idle worker is leased without a promise tick, so the first shards are posted inside the paint's event,
        // before React renders it (see useLatestJob).
        takeIdle: () => {
          const worker = this.takeIdle(signal);
          return worker && { api: worker.api, release: () => this.release(worker) };
        },
        acquire: async (laneSignal) => {
          const worker = await this.acquire(laneSignal);
          return { api: worker.api, release: () => this.release(worker) };
        },
      },
    );
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

  /**
   * Keeps the rate the fastest of the latest TIMED_RUNS runs: one run slowed down by the machine changes nothing, a
   * faster engine or machine shows at once, and a machine that stays slower shows after a few jobs.
   */
  private recordRun(units: number, ms: number): void {
    this.timed = [...this.timed.slice(1 - TIMED_RUNS), { units, ms }];
    this.rate = measuredUnitsPerMs(this.timed);
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
   * Starts the missing workers. Each runs a real equity job a few times first, so the first paint meets optimised
   * wasm; a user job queued meanwhile waits for the module to load and at most one round (a few milliseconds).
   */
  private start(): void {
    const started = this.workers.length;
    while (this.workers.length < this.options.size) {
      const handle = this.options.createWorker();
      const api = wrap<EngineApi>(handle.endpoint);
      const worker: PooledWorker = { api, handle, ready: Promise.resolve('') };
      worker.ready = (async () => {
        try {
          // The first call waits for the module to load. The warm-up then runs one round per call and yields to
          // a real job as soon as one waits: that job warms the worker as well as a round would.
          const version = await api.version();
          for (let round = 0; round < WARM_UP_ROUNDS && this.waiting.length === 0; round += 1) {
            const { units, ms } = await api.warmUp(1);
            this.recordRun(units, ms);
          }
          return version;
        } finally {
          this.release(worker);
        }
      })();
      // A worker that fails to load rejects its jobs with the error; `warm` reports it too.
      worker.ready.catch(() => undefined);
      this.workers.push(worker);
    }
    // New workers get the table once they have started and warmed up: its download, checks and copies stay off the
    // path of the first postflop equity. A preflop job before then asks for it at once (see `equity`).
    if (this.workers.length > started) {
      void Promise.allSettled(this.workers.map((worker) => worker.ready))
        .then(() => this.sendPreflopTable())
        .catch(() => undefined);
    }
  }

  /**
   * Waits for the preflop table's bytes and posts a copy to every worker that has none. A job posted after this
   * reaches each worker after its table (messages arrive in order); a worker started later gets the table from
   * `start` before it finishes its warm-up. A worker that rejects the bytes remembers why and reports it to the job.
   */
  private async sendPreflopTable(signal?: AbortSignal): Promise<void> {
    if (!this.preflopTable) return;
    const bytes = await untilAborted(this.preflopTable(), signal);
    for (const worker of this.workers) {
      if (worker.table) continue;
      worker.table = worker.api.loadPreflopTable(send(bytes));
      worker.table.catch(() => undefined);
    }
  }

  /** An idle worker at once, or undefined when every worker is busy or still warming up. */
  private takeIdle(signal?: AbortSignal): PooledWorker | undefined {
    throwIfAborted(signal);
    clearTimeout(this.idleTimer);
    this.start();
    return this.idle.pop();
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
    // An idle worker is taken without a promise tick, so a job started inside an input event posts its first
    // message before the event's render runs (see useLatestJob).
    const worker = this.takeIdle(signal) ?? (await this.acquire(signal));
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

/** `promise`, or an AbortError as soon as `signal` aborts. */
function untilAborted<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  throwIfAborted(signal);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function abortError(): Error {
  return new DOMException('The engine job was superseded', 'AbortError');
}

function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw abortError();
}
