// An EngineClient whose workers are stand-ins on MessageChannels in this thread: the pool's scheduling and warm-up
// are tested against APIs whose calls the test records and times, without wasm or worker threads.
import { MessageChannel } from 'node:worker_threads';

import { expose } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';

import { EngineClient, type EngineClientOptions } from '../../../src/engine/engine.client.ts';
import type { EngineApi } from '../../../src/engine/engine-api.ts';

/** `apiFor(index)` serves the index-th worker the pool creates; `close` stops the client and its channels. */
export function standInClient(
  apiFor: (index: number) => Partial<EngineApi>,
  options: Omit<EngineClientOptions, 'createWorker'>,
) {
  const ports: Array<{ close(): void }> = [];
  let created = 0;
  const client = new EngineClient({
    ...options,
    createWorker: () => {
      const { port1, port2 } = new MessageChannel();
      expose(apiFor(created++), nodeEndpoint(port1));
      ports.push(port1, port2);
      return { endpoint: nodeEndpoint(port2), terminate: () => undefined };
    },
  });
  const close = () => {
    client.terminate();
    for (const port of ports) port.close();
  };
  return { client, close, created: () => created };
}
