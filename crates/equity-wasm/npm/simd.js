// Which of the package's two engine modules this runtime runs: `equity_wasm_simd_bg.wasm`, built with wasm's 128-bit
// vector instructions (simd128: Chrome 91, Firefox 89, Safari 16.4, Node 16.4 and later), or the scalar
// `equity_wasm_bg.wasm` everywhere else. Both have the same exports and share one glue (equity_wasm.js).
//
// One probe, no user-agent sniffing: a 31-byte module whose only function computes `i8x16.popcnt(i8x16.splat(0))`.
// A runtime validates it only if it implements the final simd128 instruction set (popcnt was among its last
// additions, so the pre-standard encodings some browsers shipped behind flags fail it too).
// prettier-ignore
const SIMD_PROBE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // "\0asm", version 1
  0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b, // type section: one type, () -> v128
  0x03, 0x02, 0x01, 0x00, // function section: one function of that type
  0x0a, 0x0a, 0x01, 0x08, 0x00, // code section: one body of 8 bytes, no locals
  0x41, 0x00, 0xfd, 0x0f, 0xfd, 0x62, 0x0b, // i32.const 0; i8x16.splat; i8x16.popcnt; end
]);

/** The scalar module's file name. */
export const SCALAR_WASM = 'equity_wasm_bg.wasm';
/** The simd128 module's file name. */
export const SIMD_WASM = 'equity_wasm_simd_bg.wasm';

/** Whether `validate` (the runtime's `WebAssembly.validate` unless given) accepts simd128 instructions. */
export function simdSupported(validate = (bytes) => WebAssembly.validate(bytes)) {
  try {
    return validate(SIMD_PROBE);
  } catch {
    // A runtime without WebAssembly at all, or one that throws on what it does not know: the scalar build.
    return false;
  }
}

/** The file name of the module this runtime should start. */
export function engineWasmFile(validate) {
  return simdSupported(validate) ? SIMD_WASM : SCALAR_WASM;
}
