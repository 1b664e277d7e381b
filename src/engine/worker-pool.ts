// The engine's workers: started lazily, leased one call (or one lane of a sharded job) at a time, queued in order,
// warmed up with a real job right after start, stopped after a while without work. It runs unchanged in the browser
// (Web Workers) and in Node (worker_threads), because the caller injects the worker factory. What the workers
// compute, and how jobs are cut, is the typed API's business (engine.client.ts).
import { type Endpoint, releaseProxy, type Remote, transfer, wrap } from 'comlink';

import { abortError, throwIfAborted, untilAborted } from './abort.ts';
import type { EngineApi, WarmUpRound } from './engine-api.ts';
import type { LeasedWorker } from './sharded-equity.ts';

export interface WorkerHandle {
  endpoint: Endpoint;
  terminate(): void;
}

export type WorkerFactory = () => WorkerHandle;

export interface WorkerPoolOptions {
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
  /** Called with every timed warm-up round, from which the caller measures the workers' rate. */
  onWarmUpRound?: (round: WarmUpRound) => void;
  /**
   * When given, the warm-up waits for it (the browser passes the page's first paint, so the warm-up does not compete
   * with it for the cores) and the workers then warm up one at a time; a worker serves jobs while it waits, and a
   * job that asks for it takes precedence over its next warm-up round.
   */
  warmUpAfter?: () => Promise<void>;
}

interface PooledWorker {
  api: Remote<EngineApi>;
  handle: WorkerHandle;
  /** Settles with the engine version once the worker has loaded the engine and run its warm-up job. */
  ready: Promise<string>;
  /** Set when the preflop table has been posted to the worker; settles when the worker has loaded it. */
  table?: Promise<number>;
}

/** Rounds of the warm-up job each worker runs right after it starts (enough for V8's optimising wasm tier). */
const WARM_UP_ROUNDS = 3;

/** A copy of `array` whose buffer moves to the worker (the caller keeps its own array intact). */
export function send<T extends Float32Array | Float64Array | Uint8Array>(array: T): T {
  const copy = array.slice() as T;
  return transfer(copy, [copy.buffer]);
}

export class WorkerPool {
  readonly size: number;
  private readonly options: WorkerPoolOptions & { idleTimeoutMs: number };
  private workers: PooledWorker[] = [];
  private idle: PooledWorker[] = [];
  private waiting: Array<(worker: PooledWorker) => void> = [];
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  /** With `warmUpAfter`: settles when the last started worker has warmed up, which the next one waits for. */
  private warmUpTurn: Promise<unknown> | undefined;

  constructor(options: WorkerPoolOptions) {
    this.options = { idleTimeoutMs: 60_000, ...options };
    this.size = Math.max(1, options.size);
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

  /**
   * Runs one call on the next free worker: an idle worker is taken without a promise tick, so a job started inside
   * an input event posts its first message before the event's render runs (see useLatestJob).
   */
  async withWorker<T>(task: (api: Remote<EngineApi>) => Promise<T> | T, signal?: AbortSignal): Promise<T> {
    const worker = this.takeIdle(signal) ?? (await this.acquire(signal));
    try {
      throwIfAborted(signal);
      return await task(worker.api);
    } finally {
      this.release(worker);
    }
  }

  /** An idle worker at once for one lane of a job, or undefined when every worker is busy or still warming up. */
  leaseIdle(signal?: AbortSignal): LeasedWorker | undefined {
    const worker = this.takeIdle(signal);
    return worker && this.leased(worker);
  }

  /** The next free worker for one lane of a job; rejects with an AbortError when `signal` aborts first. */
  async lease(signal?: AbortSignal): Promise<LeasedWorker> {
    return this.leased(await this.acquire(signal));
  }

  /**
   * Waits for the preflop table's bytes and posts a copy to every worker that has none. A job posted after this
   * reaches each worker after its table (messages arrive in order); a worker started later gets the table from
   * `start` before it finishes its warm-up. A worker that rejects the bytes remembers why and reports it to the job.
   */
  async sendPreflopTable(signal?: AbortSignal): Promise<void> {
    if (!this.options.preflopTable) return;
    const bytes = await untilAborted(this.options.preflopTable(), signal);
    for (const worker of this.workers) {
      if (worker.table) continue;
      worker.table = worker.api.loadPreflopTable(send(bytes));
      worker.table.catch(() => undefined);
    }
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

  private leased(worker: PooledWorker): LeasedWorker {
    return { api: worker.api, release: () => this.release(worker) };
  }

  /**
   * Starts the missing workers. Each runs a real equity job a few times first, so the first paint meets optimised
   * wasm; a user job queued meanwhile waits for the module to load and at most one round (a few milliseconds).
   */
  private start(): void {
    const started = this.workers.length;
    while (this.workers.length < this.size) {
      const handle = this.options.createWorker();
      const api = wrap<EngineApi>(handle.endpoint);
      const worker: PooledWorker = { api, handle, ready: Promise.resolve('') };
      this.workers.push(worker);
      const gate = this.options.warmUpAfter;
      const turn = gate ? (this.warmUpTurn ?? gate()) : undefined;
      worker.ready = (async () => {
        let held = true;
        if (turn) {
          // Behind a gate the worker takes jobs at once: its API waits for the module itself, so a job asked for
          // while the page renders is posted then and runs as soon as the module is in, instead of waiting for the
          // main thread to be free to take the module's answer first.
          held = false;
          this.release(worker);
        }
        try {
          // The first call waits for the module to load. The warm-up then runs one round per call and yields to
          // a real job as soon as one waits: that job warms the worker as well as a round would.
          const version = await api.version();
          await turn;
          for (let round = 0; round < WARM_UP_ROUNDS && this.waiting.length === 0; round += 1) {
            if (!held) {
              if (!this.takeBack(worker)) break;
              held = true;
            }
            const timed = await api.warmUp(1);
            // The first round runs the baseline compiler's code: it times the compiler, not the engine. A job
            // arriving after that round alone is planned at the default rate, not split for a rate understated
            // several times.
            if (round > 0) this.options.onWarmUpRound?.(timed);
            if (turn) {
              held = false;
              this.release(worker);
            }
          }
          return version;
        } finally {
          if (held) this.release(worker);
        }
      })();
      // A worker that fails to load rejects its jobs with the error; `warm` reports it too.
      worker.ready.catch(() => undefined);
      if (turn) this.warmUpTurn = worker.ready.catch(() => undefined);
    }
    // New workers get the table once they have started and warmed up: its download, checks and copies stay off the
    // path of the first postflop equity. A preflop job before then asks for it at once (see EngineClient.equity).
    if (this.workers.length > started) {
      void Promise.allSettled(this.workers.map((worker) => worker.ready))
        .then(() => this.sendPreflopTable())
        .catch(() => undefined);
    }
  }

  /** Takes `worker` back from the idle list for a warm-up round; false when a job has it (or the pool stopped). */
  private takeBack(worker: PooledWorker): boolean {
    const index = this.idle.indexOf(worker);
    if (index < 0) return false;
    clearTimeout(this.idleTimer);
    this.idle.splice(index, 1);
    return true;
  }

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
}
