// The Node entry exports the web build's API, already initialised and with the preflop table loaded.
export * from './equity_wasm.js';
export { default } from './equity_wasm.js';
