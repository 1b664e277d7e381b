// Worker entry: exposes the engine API at once; the wasm module (wasm-pack's web target) starts behind it from its
// content-hashed asset URL, compiled while it streams in. Of the package's two modules only the one this browser runs
// is fetched: the simd128 build where it validates (every current browser), the scalar build elsewhere.
import { expose } from 'comlink';

import init, * as equityWasm from '@equity-wasm';
import scalarWasmUrl from '@equity-wasm-pkg/equity_wasm_bg.wasm?url';
import simdWasmUrl from '@equity-wasm-pkg/equity_wasm_simd_bg.wasm?url';
import { simdSupported } from '@equity-wasm-pkg/simd.js';

import { openAnswerChannel, workerEndpoint } from './answer-channel.ts';
import { createDeferredEngineApi } from './engine-api.ts';

// Start-up marks on the worker's own timeline (bench:cold reads them): script running, then the module compiled,
// instantiated and its lookup tables built.
performance.mark('rangeforge:worker-start');
const ready = init({ module_or_path: simdSupported() ? simdWasmUrl : scalarWasmUrl }).then(() => {
  performance.mark('rangeforge:wasm-ready');
  return equityWasm;
});
// Answers also travel on the channel named after the worker (the pool names each one), which Chromium does not hold
// back after an input.
const answers = openAnswerChannel(self.name);
expose(createDeferredEngineApi(ready), answers ? workerEndpoint(self, answers) : self);
