// Worker entry: loads the wasm engine (vite-plugin-wasm instantiates it) and exposes its API. No logic here.
import * as wasm from '@equity-wasm';
import { expose } from 'comlink';

import { createEngineApi } from './engine-api.ts';

expose(createEngineApi(wasm));
