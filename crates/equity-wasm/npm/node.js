// Node entry of the package: the web build, started synchronously (`initSync`) from the module beside it that this
// Node runs (the simd128 one when it validates, see simd.js), and given the preflop and three-way tables from the same
// folder, so `import { ... } from '@rangeforge/equity-wasm'` is ready to use.
import { readFileSync } from 'node:fs';

import { initSync, loadPreflopTable, loadThreeWayTable } from './equity_wasm.js';
import { engineWasmFile } from './simd.js';

initSync({ module: readFileSync(new URL(`./${engineWasmFile()}`, import.meta.url)) });
loadPreflopTable(readFileSync(new URL('./preflop.bin', import.meta.url)));
loadThreeWayTable(readFileSync(new URL('./threeway.bin', import.meta.url)));

export * from './equity_wasm.js';
export { default } from './equity_wasm.js';
