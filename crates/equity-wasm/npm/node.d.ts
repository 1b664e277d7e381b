// The Node entry exports the web build's API, already initialised and with the preflop and three-way tables loaded.
export * from './equity_wasm.js';
export { default } from './equity_wasm.js';
