// What this machine lets two threads do at all: two bare worker threads (the engine, no pool, no Comlink, no
// messages but one each way) compute the two halves of random vs random on the flop at the same moment, timed
// alternately with one thread computing the whole job and with one thread computing a half alone. A VM's two cores
// need not be equal (each shares its host core with other guests): the halves then end apart, and no pool can finish
// the split job before the slower half does. The pool's 2-worker speed-up is read against this ceiling.
import { Worker } from 'node:worker_threads';

import { type Stats, stats } from './stats.ts';

const entry = new URL('./two-thread-ceiling.worker.ts', import.meta.url).href;
// As in src/engine/node/node-engine-client.ts: the worker registers tsx's loader before importing its entry.
const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;

export interface TwoThreadCeiling {
  /** The whole job on one thread, wall time from the message to the answer. */
  whole: Stats;
  /** One half alone on one thread, wall time. */
  half: Stats;
  /** Both halves at once on the two threads, wall time until both have answered. */
  together: Stats;
  /** Of the two halves computed at once, each one's own compute time in its thread: the faster and the slower. */
  faster: Stats;
  slower: Stats;
}

function startThread(): Promise<Worker> {
  const worker = new Worker(bootstrap, { eval: true });
  return new Promise((resolve, reject) => {
    worker.once('message', () => resolve(worker));
    worker.once('error', reject);
  });
}

/** Shard `index` of `count` on `worker`; resolves with the thread's own compute time. */
function shard(worker: Worker, index: number, count: number): Promise<number> {
  return new Promise((resolve) => {
    worker.once('message', (ms: number) => resolve(ms));
    worker.postMessage({ index, count });
  });
}

/**
 * Two bare threads for a benchmark to time beside its own calls: `whole` runs the job on one thread, `together` its
 * two halves on both at once (alternating which thread takes which part); each resolves with the wall time.
 */
export interface BareThreads {
  whole(): Promise<number>;
  together(): Promise<number>;
  stop(): Promise<void>;
}

export async function startBareThreads(): Promise<BareThreads> {
  const threads = await Promise.all([startThread(), startThread()]);
  let turn = 0;
  const timedWall = async (run: () => Promise<unknown>) => {
    const started = performance.now();
    await run();
    return performance.now() - started;
  };
  return {
    whole: () => timedWall(() => shard(threads[turn++ % 2]!, 0, 1)),
    together: () =>
      timedWall(() => {
        const [first, second] = turn++ % 2 ? [threads[1]!, threads[0]!] : [threads[0]!, threads[1]!];
        return Promise.all([shard(first, 0, 2), shard(second, 1, 2)]);
      }),
    stop: async () => {
      await Promise.all(threads.map((thread) => thread.terminate()));
    },
  };
}

/** `warmUp` rounds, then `runs` timed rounds of the three jobs in turn; the threads swap roles every round. */
export async function measureTwoThreadCeiling(warmUp: number, runs: number): Promise<TwoThreadCeiling> {
  const threads = await Promise.all([startThread(), startThread()]);
  const samples = { whole: [] as number[], half: [] as number[], together: [] as number[] };
  const [faster, slower] = [[] as number[], [] as number[]];
  try {
    for (let round = 0; round < warmUp + runs; round += 1) {
      const [first, second] = round % 2 ? [threads[1]!, threads[0]!] : [threads[0]!, threads[1]!];
      let started = performance.now();
      await shard(first, 0, 1);
      const whole = performance.now() - started;
      started = performance.now();
      await shard(second, round % 2, 2);
      const half = performance.now() - started;
      started = performance.now();
      const halves = await Promise.all([shard(first, 0, 2), shard(second, 1, 2)]);
      const together = performance.now() - started;
      if (round < warmUp) continue;
      samples.whole.push(whole);
      samples.half.push(half);
      samples.together.push(together);
      faster.push(Math.min(...halves));
      slower.push(Math.max(...halves));
    }
  } finally {
    await Promise.all(threads.map((thread) => thread.terminate()));
  }
  return {
    whole: stats(samples.whole),
    half: stats(samples.half),
    together: stats(samples.together),
    faster: stats(faster),
    slower: stats(slower),
  };
}
