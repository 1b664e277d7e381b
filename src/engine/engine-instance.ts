// The app's single engine pool: module Web Workers, started as the page loads when it shows equity and otherwise on
// first use, so pages without equity start none. The preflop table is its own content-hashed asset, downloaded once
// the workers are warm or at the first preflop job (see preflop-table.ts).
import { rangeTextMessage } from '@/lib/range-text';
import { PUBLIC_CHART_PAGE } from '@contract/limits';
import preflopTableUrl from '@equity-wasm-pkg/preflop.bin?url';
import threeWayTableUrl from '@equity-wasm-pkg/threeway.bin?url';

import { answerChannelName, openAnswerChannel, pageEndpoint } from './answer-channel.ts';
import { EngineClient } from './engine.client.ts';
import {
  createPreflopTableSource,
  createTableSource,
  type PreflopTableSource,
  type TableSource,
} from './preflop-table.ts';
import { THREE_WAY_FORMAT } from './three-way-table.ts';

/** One worker per hardware thread, at most 8: more only adds start-up cost and memory. */
const poolSize = () => Math.min(8, Math.max(1, navigator.hardwareConcurrency || 2));

let client: EngineClient | undefined;
let preflopTable: PreflopTableSource | undefined;
let threeWayTable: TableSource | undefined;

/**
 * The app's first paint: the warm-up waits for it, so the workers' warm-up jobs do not compete with the first render
 * for the cores. A page that never reports it (a hidden tab, a page that fails to render) warms up after
 * WARM_UP_FALLBACK_MS all the same.
 */
const WARM_UP_FALLBACK_MS = 3000;
let markPainted: () => void = () => undefined;
const painted = new Promise<void>((resolve) => {
  markPainted = resolve;
});

/** Called by the app once its first render has been painted: the engine may now warm up. */
export function appPainted(): void {
  markPainted();
}

/** The preflop table's download, shared by the pool and the views that show its state. */
export function getPreflopTable(): PreflopTableSource {
  preflopTable ??= createPreflopTableSource(preflopTableUrl, {
    fetch: (input, init) => fetch(input, init),
    caches: 'caches' in globalThis ? globalThis.caches : undefined,
    baseUrl: location.href,
  });
  return preflopTable;
}

/** The three-way all-in table's download: only the first table push/fold solve asks for it. */
export function getThreeWayTable(): TableSource {
  threeWayTable ??= createTableSource(
    threeWayTableUrl,
    {
      fetch: (input, init) => fetch(input, init),
      caches: 'caches' in globalThis ? globalThis.caches : undefined,
      baseUrl: location.href,
    },
    THREE_WAY_FORMAT,
  );
  return threeWayTable;
}

export function getEngineClient(): EngineClient {
  client ??= new EngineClient({
    size: poolSize(),
    createWorker: () => {
      // The worker's name is its answer channel's (see answer-channel.ts).
      const name = answerChannelName();
      const worker = new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name });
      const answers = openAnswerChannel(name);
      return {
        endpoint: answers ? pageEndpoint(worker, answers) : worker,
        terminate: () => {
          worker.terminate();
          answers?.close();
        },
      };
    },
    preflopTable: () => getPreflopTable().load(),
    rangeTextMessage,
    threeWayTable: () => getThreeWayTable().load(),
    warmUpAfter: () => {
      setTimeout(markPainted, WARM_UP_FALLBACK_MS);
      return painted;
    },
  });
  return client;
}

/** Pages whose first screen shows equity: the range tool (cash and tournament), the flop report, public charts. */
const EQUITY_PAGES = new Set(['/', '/tournament', '/flop-report']);
const EQUITY_PAGE_PREFIXES = [PUBLIC_CHART_PAGE];

/**
 * Starts the engine pool at once when the page opened shows equity, before React renders it: the workers load the
 * engine while the page's own code is parsed and drawn, so the player's first equity does not wait for the module.
 * Their warm-up jobs wait for the first paint and then run one worker at a time, a real job always first. Other pages
 * start no workers.
 */
export function startEngineForPage(pathname: string): void {
  const page = pathname.replace(/\/+$/, '') || '/';
  if (EQUITY_PAGES.has(page) || EQUITY_PAGE_PREFIXES.some((prefix) => page.startsWith(prefix)))
    getEngineClient()
      .warm()
      // Every worker has loaded the engine and run its warm-up job (bench:cold reads the mark).
      .then(() => performance.mark('rangeforge:engine-warm'))
      .catch(() => undefined);
}
