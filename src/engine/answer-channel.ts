// A worker's answers travel to the page twice: on the worker's own port and on a BroadcastChannel private to that
// worker. Chromium defers a page's tasks after a discrete input (a click, a key) until it has produced the next
// frame (its DeferRendererTasksAfterInput scheduling, on by default), and a message from a worker is such a task: an
// equity answer computed in 1.5 ms after a paint waited for the frame, about 10 ms, and reached the screen one frame
// after the paint. A BroadcastChannel message is not deferred (bench:input measures both routes), but it crosses the
// browser process and takes about 0.5 ms longer when nothing is deferred. So each answer goes both ways and the page
// takes whichever arrives first: Comlink settles a call on the first answer with its id and ignores the second.
import type { Endpoint } from 'comlink';

/** The part of BroadcastChannel this module uses (the DOM's and Node's channels both fit). */
export interface AnswerChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

/** The part of a worker (or of its global scope) a Comlink endpoint needs. */
type Port = Pick<Endpoint, 'postMessage' | 'addEventListener' | 'removeEventListener'>;

/**
 * A channel name no other page or worker uses: a BroadcastChannel reaches every context of the origin, other tabs
 * included. `crypto.getRandomValues` also works where `randomUUID` does not (a page served over plain HTTP).
 */
export function answerChannelName(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `rangeforge-engine-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The answer channel called `name`, or undefined where there is none to open (no name, or a browser without
 * BroadcastChannel in this context): the worker's port then carries every answer alone, as before.
 */
export function openAnswerChannel(name: string): AnswerChannel | undefined {
  if (!name || typeof BroadcastChannel === 'undefined') return undefined;
  return new BroadcastChannel(name);
}

/**
 * The page's endpoint for one worker: calls go to the worker, and answers are listened for on both the worker and
 * `answers`. Comlink's one listener per endpoint settles a call by its id once, so the later copy is dropped.
 */
export function pageEndpoint(worker: Port, answers: AnswerChannel): Endpoint {
  return {
    postMessage: (message, transfer) => worker.postMessage(message, transfer),
    addEventListener: (type, listener, options) => {
      worker.addEventListener(type, listener, options);
      if (type === 'message') answers.addEventListener('message', listener as (event: MessageEvent) => void);
    },
    removeEventListener: (type, listener, options) => {
      worker.removeEventListener(type, listener, options);
      if (type === 'message')
        answers.removeEventListener('message', listener as (event: MessageEvent) => void);
    },
  };
}

/**
 * The worker's endpoint for `expose`: each answer goes on the worker's own port first, with its transfer list (the
 * fast route whenever nothing is deferred is not held up by the other), then a copy goes on `answers`. The copy of an
 * answer that moves buffers is taken before they move. An answer the channel cannot copy (one carrying a
 * MessagePort) goes on the port alone.
 */
export function workerEndpoint(scope: Port, answers: AnswerChannel): Endpoint {
  return {
    postMessage: (message, transfer) => {
      let copy: unknown;
      try {
        copy = transfer?.length ? structuredClone(message) : message;
      } catch {
        // Not structured-cloneable without its transfer list: the port alone carries it.
      }
      scope.postMessage(message, transfer);
      if (copy !== undefined) answers.postMessage(copy);
    },
    addEventListener: (type, listener, options) => scope.addEventListener(type, listener, options),
    removeEventListener: (type, listener, options) => scope.removeEventListener(type, listener, options),
  };
}
