// Worker entry: exposes the engine API at once; the wasm module (wasm-pack's web target) starts behind it from its
// content-hashed asset URL, compiled while it streams in.
import { expose } from 'comlink';

import init, * as equityWasm from '@equity-wasm';
import wasmUrl from '@equity-wasm-pkg/equity_wasm_bg.wasm?url';

import { openAnswerChannel, workerEndpoint } from './answer-channel.ts';
import { createDeferredEngineApi } from './engine-api.ts';

// Start-up marks on the worker's own timeline (bench:cold reads them): script running, then the module compiled,
// instantiated and its lookup tables built.
performance.mark('rangeforge:worker-start');
const ready = init({ module_or_path: wasmUrl }).then(() => {
  performance.mark('rangeforge:wasm-ready');
  return equityWasm;
});
// Answers also travel on the channel named after the worker (the pool names each one), which Chromium does not hold
// back after an input.
const answers = openAnswerChannel(self.name);
expose(createDeferredEngineApi(ready), answers ? workerEndpoint(self, answers) : self);
