#!/usr/bin/env node
// `npm run build`: the production build. Makes sure the toolchains are there (bootstrap), then builds the wasm
// engine, the SPA with precompressed assets, and the server compiled to JavaScript (build/server).
// `npm run serve` then starts an instance from that build with no bootstrap and no build.
import { bootstrap } from './bootstrap.mjs';
import { buildServerStep, buildWasmStep, buildWebStep } from './lib/build-steps.mjs';
import { ensureProjectNode } from './lib/node-runtime.mjs';

ensureProjectNode();
const started = Date.now();
bootstrap('build');
buildWasmStep();
buildWebStep();
buildServerStep();
console.log(`build finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
