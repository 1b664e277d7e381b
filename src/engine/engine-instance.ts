// The app's single engine pool: module Web Workers, started as the page loads when it shows equity and otherwise on
// first use, so pages without equity start none. The preflop table is its own content-hashed asset, downloaded once
// the workers are warm or at the first preflop job (see preflop-table.ts).
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

/** Pages whose first screen shows equity: the range tool (cash and tournament) and the flop report. */
const EQUITY_PAGES = new Set(['/', '/tournament', '/flop-report']);

/**
 * Starts the engine pool at once when the page opened shows equity, before React renders it: the workers load and
 * warm up the engine while the page's own code is parsed and drawn, so the player's first equity does not wait for
 * the module. Other pages start no workers.
 */
export function startEngineForPage(pathname: string): void {
  const page = pathname.replace(/\/+$/, '') || '/';
  if (EQUITY_PAGES.has(page))
    getEngineClient()
      .warm()
      // Every worker has loaded the engine and run its warm-up job (bench:cold reads the mark).
      .then(() => performance.mark('rangeforge:engine-warm'))
      .catch(() => undefined);
}
