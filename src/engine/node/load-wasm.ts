// Starts the wasm engine in Node from the same package the browser uses (wasm-pack's web target): `initSync`
// compiles one of the package's two modules (the simd128 one when this Node validates it, see the package's simd.js)
// from the file beside the glue, then the preflop table, which the module does not embed, is read from the package
// folder and loaded.
import { readFileSync } from 'node:fs';

import { engineWasmFile, SCALAR_WASM, SIMD_WASM } from '../../../crates/equity-wasm/pkg/simd.js';
import type { EquityWasmModule } from '../engine-api.ts';

/** The package's two builds of the engine: with wasm's 128-bit vector instructions, and without. */
export type EngineBuild = 'simd' | 'scalar';
export const ENGINE_BUILDS: readonly EngineBuild[] = ['simd', 'scalar'];

const pkgUrl = new URL('../../../crates/equity-wasm/pkg/', import.meta.url);
const wasmFiles: Record<EngineBuild, string> = { simd: SIMD_WASM, scalar: SCALAR_WASM };
/** The preflop table the build copies into the package (crates/equity/data/preflop.bin). */
export const preflopTableUrl = new URL('preflop.bin', pkgUrl);
/** The three-way all-in table of table push/fold solves, loaded by the solve that needs it (EngineClient). */
export const threeWayTableUrl = new URL('threeway.bin', pkgUrl);

/**
 * The build a Node process runs unless a caller names one: RANGEFORGE_ENGINE_BUILD (`simd` or `scalar`) when set,
 * so the fallback's tests and benchmarks can run the scalar build on a Node that has simd128; else the build this
 * Node validates, as the browser chooses.
 */
export function defaultEngineBuild(): EngineBuild {
  const forced = process.env.RANGEFORGE_ENGINE_BUILD;
  if (forced === 'simd' || forced === 'scalar') return forced;
  if (forced) throw new Error(`RANGEFORGE_ENGINE_BUILD must be "simd" or "scalar", not "${forced}"`);
  return engineWasmFile() === SIMD_WASM ? 'simd' : 'scalar';
}

type Glue = EquityWasmModule & { initSync(options: { module: BufferSource }): unknown };

const started = new Map<EngineBuild, Promise<EquityWasmModule>>();

/**
 * The engine module of `build`, started and with the preflop table loaded. Each build gets its own instance of the
 * glue (imported under its own URL), so both builds can run side by side in one thread (benchmarks, tests); later
 * calls for the same build reuse it.
 */
export function loadEquityWasm(build: EngineBuild = defaultEngineBuild()): Promise<EquityWasmModule> {
  let module = started.get(build);
  if (!module) {
    module = start(build);
    started.set(build, module);
  }
  return module;
}

async function start(build: EngineBuild): Promise<EquityWasmModule> {
  const glue = (await import(new URL(`equity_wasm.js?build=${build}`, pkgUrl).href)) as Glue;
  glue.initSync({ module: readFileSync(new URL(wasmFiles[build], pkgUrl)) });
  if (!glue.preflopTableLoaded()) glue.loadPreflopTable(readFileSync(preflopTableUrl));
  return glue;
}

/** Size of a build's optimised wasm file in bytes (for benchmark tables). */
export function wasmFileSize(build: EngineBuild = defaultEngineBuild()): number {
  return readFileSync(new URL(wasmFiles[build], pkgUrl)).length;
}
