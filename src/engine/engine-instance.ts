// The app's single engine pool: module Web Workers, created on first use so pages without equity start none.
import { EngineClient } from './engine.client.ts';

/** One worker per hardware thread, at most 8: more only adds start-up cost and memory. */
const poolSize = () => Math.min(8, Math.max(1, navigator.hardwareConcurrency || 2));

let client: EngineClient | undefined;

export function getEngineClient(): EngineClient {
  client ??= new EngineClient({
    size: poolSize(),
    createWorker: () => {
      const worker = new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module' });
      return { endpoint: worker, terminate: () => worker.terminate() };
    },
  });
  return client;
}
