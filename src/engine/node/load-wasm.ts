// Instantiates the wasm engine in Node from the same bundler-target build the browser uses. wasm-bindgen's bundler
// glue expects the host to wire the module to its JS shim; this does that wiring by hand.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import type { EquityWasmModule } from '../engine-api.ts';

const pkgUrl = new URL('../../../crates/equity-wasm/pkg/', import.meta.url);

/** The part of the WebAssembly global used here (Node's types leave it to lib.dom). */
interface WasmInstantiator {
  instantiate(
    bytes: Uint8Array,
    imports: object,
  ): Promise<{ instance: { exports: Record<string, unknown> } }>;
}
const { WebAssembly: wasmRuntime } = globalThis as unknown as { WebAssembly: WasmInstantiator };

export async function loadEquityWasm(): Promise<EquityWasmModule> {
  const shimUrl = new URL('equity_wasm_bg.js', pkgUrl);
  const shim = (await import(shimUrl.href)) as EquityWasmModule & {
    __wbg_set_wasm(exports: Record<string, unknown>): void;
  };
  const bytes = readFileSync(fileURLToPath(new URL('equity_wasm_bg.wasm', pkgUrl)));
  const { instance } = await wasmRuntime.instantiate(bytes, { './equity_wasm_bg.js': shim });
  shim.__wbg_set_wasm(instance.exports);
  const start = instance.exports.__wbindgen_start;
  if (typeof start === 'function') start();
  return shim;
}

/** Size of the optimised wasm file in bytes (for benchmark tables). */
export function wasmFileSize(): number {
  return readFileSync(fileURLToPath(new URL('equity_wasm_bg.wasm', pkgUrl))).length;
}
