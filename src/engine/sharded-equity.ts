// One exact heads-up job cut into shards and run on several workers. The main thread only deals shard numbers: each
// worker receives the ranges once, with one end of a MessageChannel, and posts each shard's tally on it the moment
// the shard is done; the worker that runs the last shard receives the other ends (it needs no channel of its own
// when that is its first shard) and finishes the job from the tallies already waiting there. No tally crosses the main thread, and no call is made after a shard to hand it on.
import { type Remote, transfer } from 'comlink';

import { abortError, isAbortError } from './abort.ts';
import type { EngineApi, ShardJoin, ShardRequest } from './engine-api.ts';
import type { EquityReport } from './engine-types.ts';
import { unpackReport } from './packed-report.ts';

/** A worker held for the job; `release` gives it back to the pool. */
export interface LeasedWorker {
  api: Remote<EngineApi>;
  release(): void;
}

export interface ShardedJob {
  /** Unique per job: the workers keep the job's ranges under it. */
  id: string;
  request: ShardRequest;
  shards: number;
  keepThreshold: number;
  /** Whether the report carries the 1326 per-combo equities. */
  perCombo: boolean;
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
  /** Told how long the finishing worker computed its own shard, one of `shards` of about equal estimated work. */
  onShardTimed?(shardMs: number): void;
}

/**
 * Runs `job` on up to `lanes` workers. Each lane takes the next shard as soon as its worker is free, so a worker
 * that the machine slows down (or that was busy with another call when the job began) does less of the job instead
 * of holding up the end. A worker joining the job gets the ranges and the sending end of its own channel; it posts
 * every shard's tally there (a worker joining with the last shard gets no channel: it keeps its own tally). The lane
 * that takes the last shard sends the receiving ends of every channel with it: that worker merges its own tally with the others as they arrive and returns the report. So the job ends one
 * worker-to-worker message after its slowest shard, without a round trip through the main thread, which in the
 * browser is busy rendering the paint meanwhile. Lanes still waiting for a worker then are withdrawn. A superseded
 * job rejects at once; shards already posted run to their end and their tallies are dropped.
 */
export function runShardedEquity(job: ShardedJob, options: ShardedOptions): Promise<EquityReport> {
  const { id, request, shards, keepThreshold, perCombo } = job;
  const { signal, onProgress } = options;
  const withdraw = new AbortController();
  const laneSignal = signal ? AbortSignal.any([signal, withdraw.signal]) : withdraw.signal;
  const participants: LeasedWorker[] = [];
  /** The receiving end of each participant's channel, sent to the finishing worker with the last shard. */
  const receivers: MessagePort[] = [];
  let next = 0;
  let finished = 0;
  let finishing = false;
  let finisher: LeasedWorker | undefined;
  let settled = false;

  return new Promise<EquityReport>((resolve, reject) => {
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      withdraw.abort();
      signal?.removeEventListener('abort', onAbort);
      outcome();
      for (const port of receivers) port.close();
      // The other workers forget the job's ranges (the finishing one already has): a message each, posted after the
      // caller has taken the answer, so the posts are not on the path from the report to the screen.
      const others = participants.filter((worker) => worker !== finisher);
      if (others.length) {
        setTimeout(() => others.forEach((worker) => dropJob(worker, id)), 0);
      }
    };
    const fail = (error: unknown) =>
      settle(() =>
        // A superseded job fails as an abort, whichever lane noticed first.
        reject(signal?.aborted ? abortError() : error instanceof Error ? error : new Error(String(error))),
      );
    const onAbort = () => fail(abortError());
    signal?.addEventListener('abort', onAbort, { once: true });

    const lane = async () => {
      // Without a tick when a worker is idle: every lane's first shard is posted before `runShardedEquity` returns.
      const worker = options.takeIdle?.() ?? (await options.acquire(laneSignal));
      let joined = false;
      try {
        while (next < shards && !settled) {
          const index = next++;
          let join: ShardJoin | undefined;
          if (!joined) {
            joined = true;
            participants.push(worker);
            // A worker that joins with the last shard keeps its own tally: it needs no channel.
            join = joinMessage(request, options.copy, index === shards - 1 ? undefined : receivers);
          }
          if (index === shards - 1) {
            finishing = true;
            finisher = worker;
            withdraw.abort();
            const ports = receivers.splice(0);
            const finished = await worker.api.shardRun(
              id,
              index,
              shards,
              join,
              transfer({ keepThreshold, perCombo, ports, expected: shards - 1 }, ports),
            );
            if (!finished) throw new Error(`Sharded job ${id} finished without a report`);
            const packed = finished.report;
            const report = packed instanceof Float64Array ? unpackReport(packed) : packed;
            settle(() => {
              onProgress?.(1);
              resolve(report);
            });
            options.onShardTimed?.(finished.shardMs);
            return;
          }
          await worker.api.shardRun(id, index, shards, join);
          finished += 1;
          if (!settled) onProgress?.(Math.min(0.99, finished / shards));
        }
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

/**
 * Tells a worker to forget job `id`. The pool may have stopped its workers since the job ended: Comlink then throws
 * at once (a released proxy), and there is nothing left to forget.
 */
function dropJob(worker: LeasedWorker, id: string): void {
  try {
    void worker.api.shardDrop(id).catch(() => undefined);
  } catch {
    // The worker is gone with its jobs.
  }
}

/**
 * What a worker joining the job receives with its first shard: copies of the ranges and, unless it joins with the
 * last shard (`receivers` undefined), the sending end of a new channel, all moved (Comlink transfers what the list
 * names); the receiving end goes to `receivers`.
 */
function joinMessage(
  request: ShardRequest,
  copy: (range: Float32Array) => Float32Array,
  receivers: MessagePort[] | undefined,
): ShardJoin {
  const hero = copy(request.hero);
  const villain = copy(request.villain);
  const buffers = [hero.buffer as ArrayBuffer, villain.buffer as ArrayBuffer];
  if (!receivers) return transfer({ ...request, hero, villain }, buffers);
  const { port1, port2 } = new MessageChannel();
  receivers.push(port1);
  return transfer({ ...request, hero, villain, port: port2 }, [...buffers, port2]);
}
