/** The scalar module's file name. */
export declare const SCALAR_WASM: 'equity_wasm_bg.wasm';
/** The simd128 module's file name. */
export declare const SIMD_WASM: 'equity_wasm_simd_bg.wasm';
/** Whether `validate` (the runtime's `WebAssembly.validate` unless given) accepts simd128 instructions. */
export declare function simdSupported(validate?: (bytes: Uint8Array) => boolean): boolean;
/** The file name of the module this runtime should start. */
export declare function engineWasmFile(
  validate?: (bytes: Uint8Array) => boolean,
): 'equity_wasm_bg.wasm' | 'equity_wasm_simd_bg.wasm';
