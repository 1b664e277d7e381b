// worker_threads entry for Node tools (command line, benchmarks, tests): the same API the browser worker exposes, on
// the build the pool asked for (workerData.build) or else the one this Node runs by default.
import { parentPort, workerData } from 'node:worker_threads';

import { expose } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';

import { createEngineApi } from '../engine-api.ts';
import { type EngineBuild, loadEquityWasm } from './load-wasm.ts';

if (!parentPort) throw new Error('engine.node-worker.ts must run in a worker thread');
const build = (workerData as { build?: EngineBuild } | null)?.build;
expose(createEngineApi(await loadEquityWasm(build)), nodeEndpoint(parentPort));
