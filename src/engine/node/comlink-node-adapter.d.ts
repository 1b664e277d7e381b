// comlink ships this adapter without .d.mts types, and its .d.ts names DOM types that Node code does not have.
declare module 'comlink/dist/esm/node-adapter.mjs' {
  import type { MessagePort, Worker } from 'node:worker_threads';

  import type { Endpoint } from 'comlink';

  /** Wraps a worker_threads Worker or MessagePort as a Comlink endpoint. */
  export default function nodeEndpoint(endpoint: Worker | MessagePort): Endpoint;
}
