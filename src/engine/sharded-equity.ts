// One exact heads-up job cut into shards and run on several workers. The main thread only deals shard numbers: each
// worker receives the ranges once, keeps its own running tally, and at the end hands it straight to the worker
// that runs the last shard and finishes the job, through a MessagePort (no tally crosses the main thread, no extra
// merge call).
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
  /** A free worker at once, or undefined when none is idle (then the lane waits in `acquire`). */
  takeIdle?(): LeasedWorker | undefined;
  /** Waits for a free worker; rejects with an AbortError when `signal` aborts first. */
  acquire(signal: AbortSignal): Promise<LeasedWorker>;
  /** How many workers may work on the job at once (the pool size). */
  lanes: number;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
  /** Copies a range for one worker (the caller's array stays intact). */
  copy(range: Float32Array): Float32Array;
}

/** A lane that took part in the job: the port its tally goes out on once the job's last shard is dealt. */
interface Participant {
  worker: LeasedWorker;
  port?: MessagePort;
}

/**
 * Runs `job` on up to `lanes` workers. Each lane takes the next shard as soon as its worker is free, so a worker
 * that the machine slows down (or that was busy with another call when the job began) does less of the job instead
 * of holding up the end. The lane that takes the last shard finishes the job in the same call: every other lane
 * that took part gets a MessageChannel to it and hands its tally over as soon as its own shard is done. So the job
 * ends one message after its slowest shard, without another round trip through the main thread, which in the
 * browser is busy rendering the paint meanwhile. Lanes still waiting for a worker then are withdrawn.
 */
export function runShardedEquity(job: ShardedJob, options: ShardedOptions): Promise<EquityReport> {
  const { id, request, shards, keepThreshold } = job;
  const { signal, onProgress } = options;
  const withdraw = new AbortController();
  const laneSignal = signal ? AbortSignal.any([signal, withdraw.signal]) : withdraw.signal;
  const participants: Participant[] = [];
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
      for (const { worker } of participants) void worker.api.shardDrop(id).catch(() => undefined);
      // A superseded job fails as an abort, whichever lane noticed first.
      reject(signal?.aborted ? abortError() : error instanceof Error ? error : new Error(String(error)));
    };

    const lane = async () => {
      // Without a tick when a worker is idle: every lane's first shard is posted before `runShardedEquity` returns.
      const worker = options.takeIdle?.() ?? (await options.acquire(laneSignal));
      const me: Participant = { worker };
      let handedOver = false;
      try {
        while (next < shards && !failed) {
          if (signal?.aborted) throw abortError();
          const index = next++;
          let first: ShardRequest | undefined;
          if (!participants.includes(me)) {
            participants.push(me);
            first = withBuffers({
              ...request,
              hero: options.copy(request.hero),
              villain: options.copy(request.villain),
            });
          }
          if (index === shards - 1) {
            // The last shard: this lane finishes, every other participant hands its tally over on a port.
            finishing = true;
            withdraw.abort();
            const ports = participants
              .filter((other) => other !== me)
              .map((other) => {
                const { port1, port2 } = new MessageChannel();
                other.port = port2;
                return port1;
              });
            const report = await worker.api.shardRun(
              id,
              index,
              shards,
              first,
              transfer({ keepThreshold, ports }, ports),
            );
            if (!report) throw new Error(`Sharded job ${id} finished without a report`);
            if (settled) return;
            settled = true;
            onProgress?.(1);
            resolve(report);
            return;
          }
          await worker.api.shardRun(id, index, shards, first);
          finished += 1;
          onProgress?.(Math.min(0.99, finished / shards));
        }
        if (!me.port) return;
        if (failed || signal?.aborted) throw abortError();
        handedOver = true;
        await worker.api.shardHandOff(id, transfer(me.port, [me.port]));
      } catch (error) {
        // The finishing worker waits for a message on this lane's port: tell it this part is gone.
        if (me.port && !handedOver) me.port.postMessage(null);
        throw error;
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
