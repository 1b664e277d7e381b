// The app's single engine pool: module Web Workers, created on first use so pages without equity start none. The
// preflop table is its own content-hashed asset, downloaded once the workers are warm or at the first preflop job
// (see preflop-table.ts).
import preflopTableUrl from '@equity-wasm-pkg/preflop.bin?url';

import { EngineClient } from './engine.client.ts';
import { createPreflopTableSource, type PreflopTableSource } from './preflop-table.ts';

/** One worker per hardware thread, at most 8: more only adds start-up cost and memory. */
const poolSize = () => Math.min(8, Math.max(1, navigator.hardwareConcurrency || 2));

let client: EngineClient | undefined;
let preflopTable: PreflopTableSource | undefined;

/** The preflop table's download, shared by the pool and the views that show its state. */
export function getPreflopTable(): PreflopTableSource {
  preflopTable ??= createPreflopTableSource(preflopTableUrl, {
    fetch: (input, init) => fetch(input, init),
    caches: 'caches' in globalThis ? globalThis.caches : undefined,
    baseUrl: location.href,
  });
  return preflopTable;
}

export function getEngineClient(): EngineClient {
  client ??= new EngineClient({
    size: poolSize(),
    createWorker: () => {
      const worker = new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module' });
      return { endpoint: worker, terminate: () => worker.terminate() };
    },
    preflopTable: () => getPreflopTable().load(),
  });
  return client;
}
