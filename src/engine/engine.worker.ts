// Worker entry: exposes the engine API at once; the wasm module (instantiated by vite-plugin-wasm) loads behind it.
import { expose } from 'comlink';

import { createDeferredEngineApi } from './engine-api.ts';

expose(createDeferredEngineApi(import('@equity-wasm')));
