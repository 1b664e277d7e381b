// Worker entry: exposes the engine API at once; the wasm module (wasm-pack's web target) starts behind it from its
// content-hashed asset URL, compiled while it streams in.
import { expose } from 'comlink';

import init, * as equityWasm from '@equity-wasm';
import wasmUrl from '@equity-wasm-pkg/equity_wasm_bg.wasm?url';

import { createDeferredEngineApi } from './engine-api.ts';

expose(createDeferredEngineApi(init({ module_or_path: wasmUrl }).then(() => equityWasm)));
