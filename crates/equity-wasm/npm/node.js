// Node entry of the package: the web build, started synchronously from the .wasm file beside it (`initSync`) and
// given the preflop and three-way tables from the same folder, so `import { ... } from '@rangeforge/equity-wasm'` is
// ready to use.
import { readFileSync } from 'node:fs';

import { initSync, loadPreflopTable, loadThreeWayTable } from './equity_wasm.js';

initSync({ module: readFileSync(new URL('./equity_wasm_bg.wasm', import.meta.url)) });
loadPreflopTable(readFileSync(new URL('./preflop.bin', import.meta.url)));
loadThreeWayTable(readFileSync(new URL('./threeway.bin', import.meta.url)));

export * from './equity_wasm.js';
export { default } from './equity_wasm.js';
