// Starts the wasm engine in Node from the same package the browser uses (wasm-pack's web target): `initSync`
// compiles the module from the file beside its glue, then the preflop table, which the module does not embed, is
// read from the package folder and loaded.
import { readFileSync } from 'node:fs';

import * as equityWasm from '../../../crates/equity-wasm/pkg/equity_wasm.js';
import type { EquityWasmModule } from '../engine-api.ts';

const pkgUrl = new URL('../../../crates/equity-wasm/pkg/', import.meta.url);
const wasmUrl = new URL('equity_wasm_bg.wasm', pkgUrl);
/** The preflop table the build copies into the package (crates/equity/data/preflop.bin). */
export const preflopTableUrl = new URL('preflop.bin', pkgUrl);
/** The three-way all-in table of table push/fold solves, loaded by the solve that needs it (EngineClient). */
export const threeWayTableUrl = new URL('threeway.bin', pkgUrl);

/** The engine module, started and with the preflop table loaded (once per thread; later calls reuse it). */
export async function loadEquityWasm(): Promise<EquityWasmModule> {
  equityWasm.initSync({ module: readFileSync(wasmUrl) });
  if (!equityWasm.preflopTableLoaded()) equityWasm.loadPreflopTable(readFileSync(preflopTableUrl));
  return Promise.resolve(equityWasm);
}

/** Size of the optimised wasm file in bytes (for benchmark tables). */
export function wasmFileSize(): number {
  return readFileSync(wasmUrl).length;
}
