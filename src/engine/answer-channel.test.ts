// A MessageChannel stands in for the page ↔ worker port and a BroadcastChannel for the answer channel (Node's, under
// the browser's names): both routes are real, and each can be cut to prove the other carries the answers.
import { type Endpoint, expose, transfer, wrap } from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  type AnswerChannel,
  answerChannelName,
  openAnswerChannel,
  pageEndpoint,
  workerEndpoint,
} from './answer-channel.ts';

interface TestApi {
  double(value: number): number;
  numbers(): Float64Array;
  withPort(): { port: MessagePort };
}

const api: TestApi = {
  double: (value) => value * 2,
  numbers: () => {
    const numbers = new Float64Array([1.5, 2.5]);
    return transfer(numbers, [numbers.buffer]);
  },
  withPort: () => {
    const { port1 } = new MessageChannel();
    return transfer({ port: port1 }, [port1]);
  },
};

const opened: Array<{ close(): void }> = [];
afterEach(() => opened.splice(0).forEach((closable) => closable.close()));

/** A channel that carries nothing (the route under test is cut). */
const silentChannel: AnswerChannel = {
  postMessage: () => undefined,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  close: () => undefined,
};

/**
 * A page and a worker exposing `api`, joined by a port and an answer channel. `portCarriesAnswers: false` loses
 * what the worker posts on its port; `channel: false` leaves the channel out on both sides.
 */
function connect({ portCarriesAnswers = true, channel = true } = {}) {
  const { port1: pageSide, port2: workerSide } = new MessageChannel();
  pageSide.start();
  workerSide.start();
  opened.push(pageSide, workerSide);
  const name = answerChannelName();
  const open = () => {
    const answers = new BroadcastChannel(name);
    opened.push(answers);
    return answers;
  };
  const workerPort: Endpoint = workerSide;
  // A cut port still moves what it is given (the buffers leave the worker), to a port nobody reads.
  const { port1: deadEnd, port2: unread } = new MessageChannel();
  opened.push(deadEnd, unread);
  const scope: Endpoint = portCarriesAnswers
    ? workerPort
    : {
        postMessage: (message, transferList) => deadEnd.postMessage(message, transferList ?? []),
        addEventListener: (type, listener) => workerPort.addEventListener(type, listener),
        removeEventListener: (type, listener) => workerPort.removeEventListener(type, listener),
      };
  expose(api, workerEndpoint(scope, channel ? open() : silentChannel));
  return wrap<TestApi>(pageEndpoint(pageSide, channel ? open() : silentChannel));
}

/** `promise`, or a rejection when it has not settled within `ms` (an answer lost on both routes). */
function within<T>(promise: Promise<T>, ms = 2000): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)),
  ]);
}

describe('answers on two routes', () => {
  it('reaches the page by the channel when the port carries no answer', async () => {
    const engine = connect({ portCarriesAnswers: false });
    await expect(within(engine.double(21))).resolves.toBe(42);
  });

  it('reaches the page by the port when there is no channel', async () => {
    const engine = connect({ channel: false });
    await expect(within(engine.double(4))).resolves.toBe(8);
  });

  it('copies a transferred buffer onto the channel before moving it', async () => {
    // Moving the buffer first would leave the channel a detached buffer, which it cannot copy.
    const engine = connect({ portCarriesAnswers: false });
    expect(Array.from(await within(engine.numbers()))).toEqual([1.5, 2.5]);
  });

  it('sends an answer the channel cannot copy (a port) on the port alone', async () => {
    const engine = connect();
    const answer = await within(engine.withPort());
    expect(typeof answer.port.postMessage).toBe('function');
    answer.port.close();
  });

  it('settles every call once, with its own answer, when both routes carry them', async () => {
    const engine = connect();
    const values = Array.from({ length: 40 }, (_, index) => index);
    const answers = await within(Promise.all(values.map((value) => engine.double(value))));
    expect(answers).toEqual(values.map((value) => value * 2));
    // Late copies of the answers above must not settle (or corrupt) the next calls.
    expect(await within(engine.double(1000))).toBe(2000);
  });
});

describe('answerChannelName', () => {
  it('names a channel no other pool uses', () => {
    const names = new Set(Array.from({ length: 100 }, answerChannelName));
    expect(names.size).toBe(100);
    for (const name of names) expect(name).toMatch(/^rangeforge-engine-[0-9a-f]{24}$/);
  });
});

describe('openAnswerChannel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens the channel of that name, which carries what is posted on another of the name', async () => {
    const name = answerChannelName();
    const [page, worker] = [openAnswerChannel(name), openAnswerChannel(name)];
    if (!page || !worker) throw new Error('no answer channel opened');
    opened.push(page, worker);
    const received = new Promise((resolve) =>
      page.addEventListener('message', (event) => resolve(event.data)),
    );
    worker.postMessage({ id: 'answer', value: 42 });
    await expect(within(received)).resolves.toEqual({ id: 'answer', value: 42 });
  });

  it('opens none without a name (a worker not started by the pool)', () => {
    expect(openAnswerChannel('')).toBeUndefined();
  });

  it('opens none where the browser has no BroadcastChannel: the port alone carries the answers', () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    expect(openAnswerChannel(answerChannelName())).toBeUndefined();
  });
});
