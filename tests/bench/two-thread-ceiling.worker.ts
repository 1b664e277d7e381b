// A bare engine thread for bench:engine's two-thread ceiling: the engine module and the random range, nothing else
// (no pool, no Comlink). Each message names one shard of random vs random on Qs7h2d; the answer is the shard's own
// compute time in this thread.
import { parentPort } from 'node:worker_threads';

import { loadEquityWasm } from '../../src/engine/node/load-wasm.ts';

if (!parentPort) throw new Error('two-thread-ceiling.worker.ts must run in a worker thread');
const port = parentPort;
const wasm = await loadEquityWasm();
const random = wasm.parseRange('random');
port.on('message', ({ index, count }: { index: number; count: number }) => {
  const started = performance.now();
  wasm.equityTally(random, random, 'Qs7h2d', '', index, count);
  port.postMessage(performance.now() - started);
});
port.postMessage('ready');
