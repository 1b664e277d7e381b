// EngineClient over worker_threads, for the command line, benchmarks and tests.
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';

import { EngineClient, type WorkerHandle } from '../engine.client.ts';
import { type EngineBuild, threeWayTableUrl } from './load-wasm.ts';

const workerUrl = new URL('./engine.node-worker.ts', import.meta.url).href;
// Node 20 does not apply `--import tsx` to a worker's entry module, so the worker registers tsx's loader itself
// before importing the TypeScript entry.
const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(workerUrl)}); });`;

/** One engine worker thread (the pool's worker factory in Node), on `build` or else the default build. */
export function createNodeEngineWorker(build?: EngineBuild): WorkerHandle {
  const worker = new Worker(bootstrap, { eval: true, workerData: { build } });
  worker.on('error', (error: Error) => {
    console.error(`engine worker failed: ${error.message}`);
    process.exitCode = 1;
  });
  worker.unref();
  return { endpoint: nodeEndpoint(worker), terminate: () => void worker.terminate() };
}

export function createNodeEngineClient(size = availableParallelism(), build?: EngineBuild): EngineClient {
  return new EngineClient({
    size,
    idleTimeoutMs: 5_000,
    createWorker: () => createNodeEngineWorker(build),
    threeWayTable: async () => new Uint8Array(await readFile(threeWayTableUrl)),
  });
}
