// One exact heads-up job cut into shards and run on several workers. The main thread only deals shard numbers: each
// worker receives the ranges once, keeps its own running tally, and at the end hands it straight to the worker
// that finishes the job, through a MessagePort (no tally crosses the main thread, no extra merge call).
import { type Remote, transfer } from 'comlink';

import type { EngineApi, ShardRequest } from './engine-api.ts';
import type { EquityReport } from './engine-types.ts';

/** A worker held for the job; `release` gives it back to the pool. */
export interface LeasedWorker {
  api: Remote<EngineApi>;
  release(): void;
}

export interface ShardedJob {
  /** Unique per job: the workers keep their part of the job under it. */
  id: string;
  request: ShardRequest;
  shards: number;
  keepThreshold: number;
}

export interface ShardedOptions {
  /** Waits for a free worker; rejects with an AbortError when `signal` aborts first. */
  acquire(signal: AbortSignal): Promise<LeasedWorker>;
  /** How many workers may work on the job at once (the pool size). */
  lanes: number;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
  /** Copies a range for one worker (the caller's array stays intact). */
  copy(range: Float32Array): Float32Array;
}

/**
 * Runs `job` on up to `lanes` workers. Each lane takes the next shard as soon as its worker is free, so a worker
 * that the machine slows down (or that was busy with another call when the job began) does less of the job instead
 * of holding up the end. The lane that completes the last shard finishes the job; every other lane hands its tally
 * over as soon as the shards run out. Lanes still waiting for a worker at the end are withdrawn.
 */
export function runShardedEquity(job: ShardedJob, options: ShardedOptions): Promise<EquityReport> {
  const { id, request, shards, keepThreshold } = job;
  const { signal, onProgress } = options;
  const withdraw = new AbortController();
  const laneSignal = signal ? AbortSignal.any([signal, withdraw.signal]) : withdraw.signal;
  const participants: LeasedWorker[] = [];
  const ports: MessagePort[] = [];
  let next = 0;
  let finished = 0;
  let failed = false;
  let finishing = false;
  let settled = false;

  return new Promise<EquityReport>((resolve, reject) => {
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      failed = true;
      withdraw.abort();
      for (const worker of participants) void worker.api.shardDrop(id).catch(() => undefined);
      for (const port of ports) port.close();
      reject(error instanceof Error ? error : new Error(String(error)));
    };

    const lane = async () => {
      const worker = await options.acquire(laneSignal);
      let joined = false;
      try {
        while (next < shards && !failed) {
          if (signal?.aborted) throw abortError();
          const index = next++;
          let first: ShardRequest | undefined;
          if (!joined) {
            joined = true;
            participants.push(worker);
            first = withBuffers({
              ...request,
              hero: options.copy(request.hero),
              villain: options.copy(request.villain),
            });
          }
          await worker.api.shardRun(id, index, shards, first);
          finished += 1;
          onProgress?.(Math.min(0.99, finished / shards));
        }
        if (!joined || failed) return;
        // A superseded job stops here too: its workers drop their part instead of merging it.
        if (signal?.aborted) throw abortError();
        if (finished < shards) {
          // Shards are still running elsewhere: the last of them finishes the job, and receives this tally.
          const { port1, port2 } = new MessageChannel();
          ports.push(port1);
          await worker.api.shardHandOff(id, transfer(port2, [port2]));
          return;
        }
        finishing = true;
        withdraw.abort();
        const handedOver = ports.splice(0);
        const report = await worker.api.shardFinish(id, keepThreshold, transfer(handedOver, handedOver));
        settled = true;
        onProgress?.(1);
        resolve(report);
      } finally {
        worker.release();
      }
    };

    for (let count = 0; count < Math.min(options.lanes, shards); count += 1) {
      lane().catch((error: unknown) => {
        // A lane withdrawn while it waited for a worker (the job was already finishing) is no failure.
        if (finishing && !signal?.aborted && isAbortError(error)) return;
        fail(error);
      });
    }
  });
}

/** Marks the request's range buffers for transfer (Comlink moves what the transfer list names). */
function withBuffers(request: ShardRequest): ShardRequest {
  return transfer(request, [request.hero.buffer as ArrayBuffer, request.villain.buffer as ArrayBuffer]);
}

const isAbortError = (error: unknown) =>
  (error instanceof DOMException || error instanceof Error) && error.name === 'AbortError';

function abortError(): Error {
  return new DOMException('The engine job was superseded', 'AbortError');
}
