// worker_threads entry for Node tools (command line, benchmarks, tests): the same API the browser worker exposes.
import { parentPort } from 'node:worker_threads';

import { expose } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';

import { createEngineApi } from '../engine-api.ts';
import { loadEquityWasm } from './load-wasm.ts';

if (!parentPort) throw new Error('engine.node-worker.ts must run in a worker thread');
expose(createEngineApi(await loadEquityWasm()), nodeEndpoint(parentPort));
