// What the workers send back for an exact heads-up job: each shard's tally goes worker to worker on the port the
// worker got when it joined, the finishing worker returns the report, and the per-combo equities travel only when
// the job asks for them. Checked on the worker API in this thread (with real MessageChannels) and on the pool,
// whose main-thread side records every message the workers post to it.
import { MessageChannel, MessagePort } from 'node:worker_threads';

import type { Endpoint } from 'comlink';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { EngineClient } from '../../src/engine/engine.client.ts';
import { createEngineApi, type EngineApi, type TallyPort } from '../../src/engine/engine-api.ts';
import { loadEquityWasm } from '../../src/engine/node/load-wasm.ts';
import { createNodeEngineWorker } from '../../src/engine/node/node-engine-client.ts';
import { unpackReport } from '../../src/engine/packed-report.ts';

let api: EngineApi;
let tallyLength = 0;
beforeAll(async () => {
  api = createEngineApi(await loadEquityWasm());
  const random = api.parseRange('random');
  tallyLength = api.equityTally(random, random, 'Qs7h2d5c', '', 0, 1).length;
});

const asPort = (port: unknown) => port as TallyPort;

/** Every message that arrives on `port`, as it arrives. */
function record(port: TallyPort): unknown[] {
  const messages: unknown[] = [];
  port.addEventListener('message', ({ data }) => messages.push(data));
  port.start();
  return messages;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('worker API of a sharded job', () => {
  it('posts one tally per shard on the join port and returns nothing; the ranges come once', async () => {
    const random = api.parseRange('random');
    const { port1, port2 } = new MessageChannel();
    const posted = record(asPort(port1));
    const join = { hero: random, villain: random, board: 'Qs7h2d5c', dead: '', port: asPort(port2) };
    expect(await api.shardRun('job', 0, 3, join)).toBeUndefined();
    expect(await api.shardRun('job', 1, 3)).toBeUndefined();
    await tick();
    expect(posted).toHaveLength(2);
    expect(posted.map((tally) => tally instanceof Float64Array)).toEqual([true, true]);
    expect(posted[0]).toEqual(api.equityTally(random, random, 'Qs7h2d5c', '', 0, 3));
    api.shardDrop('job');
    await expect(api.shardRun('job', 2, 3)).rejects.toThrow(/Unknown sharded job/);
    port1.close();
  });

  it('posts null for a failed shard, and the finishing worker then fails the job', async () => {
    const aces = api.parseRange('AA');
    const { port1, port2 } = new MessageChannel();
    const join = { hero: aces, villain: aces, board: 'AhAdKc', dead: '', port: asPort(port2) };
    // Two aces on the board leave AA one combo against itself: no valid deal.
    await expect(api.shardRun('bad', 0, 2, join)).rejects.toThrow();
    const random = api.parseRange('random');
    const finisher = { hero: random, villain: random, board: 'Qs7h2d', dead: '', port: asPort(port2) };
    const finish = { keepThreshold: 0.02, perCombo: false, ports: [asPort(port1)], expected: 1 };
    await expect(api.shardRun('bad-finish', 1, 2, { ...finisher }, finish)).rejects.toThrow(/failed/);
  });

  it('finishes from the tallies on the ports: the report equals the whole job, per-combo equities only if asked', async () => {
    const random = api.parseRange('random');
    const whole = api.finishEquity(api.equityTally(random, random, 'Kh9d4c', '', 0, 1), 0.02);
    for (const perCombo of [false, true]) {
      const [first, last] = [new MessageChannel(), new MessageChannel()];
      const id = `finish-${perCombo}`;
      // One worker's API plays both workers: shard 0 joins on one channel, the finishing shard on the other.
      await api.shardRun(id, 0, 2, {
        hero: random,
        villain: random,
        board: 'Kh9d4c',
        dead: '',
        port: asPort(first.port2),
      });
      const finisher = `${id}-last`;
      const finished = await api.shardRun(
        finisher,
        1,
        2,
        { hero: random, villain: random, board: 'Kh9d4c', dead: '', port: asPort(last.port2) },
        { keepThreshold: 0.02, perCombo, ports: [asPort(first.port1), asPort(last.port1)], expected: 1 },
      );
      api.shardDrop(id);
      // The finishing worker also says how long its own shard took: the pool's rate is measured from it.
      expect(finished!.shardMs).toBeGreaterThan(0);
      // Without per-combo equities the report comes packed: one array, read back on the main thread.
      expect(finished!.report instanceof Float64Array).toBe(!perCombo);
      const packed = finished!.report;
      const report = packed instanceof Float64Array ? unpackReport(packed) : packed;
      if (perCombo) {
        // Integer weights: every partial sum is exact, so the merged report equals the whole one to the last bit.
        expect(report).toEqual(whole);
      } else {
        expect(Object.keys(report!).sort()).toEqual(['hero', 'matrix', 'next_cards', 'villain']);
        const { combo_equity: _perCombo, ...summary } = whole;
        expect(report).toEqual(summary);
      }
    }
  });
});

describe('worker API of a worker that joins a sharded job with its last shard', () => {
  it("finishes without a port of its own, from the others' tallies, as the whole job", async () => {
    const random = api.parseRange('random');
    const { combo_equity: _portless, ...whole } = api.finishEquity(
      api.equityTally(random, random, 'Qs7h2d5c', '', 0, 1),
      0.02,
    );
    const first = new MessageChannel();
    await api.shardRun('portless', 0, 2, {
      hero: random,
      villain: random,
      board: 'Qs7h2d5c',
      dead: '',
      port: asPort(first.port2),
    });
    const finished = await api.shardRun(
      'portless-last',
      1,
      2,
      { hero: random, villain: random, board: 'Qs7h2d5c', dead: '' },
      { keepThreshold: 0.02, perCombo: false, ports: [asPort(first.port1)], expected: 1 },
    );
    api.shardDrop('portless');
    expect(unpackReport(finished!.report as Float64Array)).toEqual(whole);
  });

  it('rejects a shard before the last that has nowhere to post its tally', async () => {
    const random = api.parseRange('random');
    const join = { hero: random, villain: random, board: 'Qs7h2d5c', dead: '' };
    await expect(api.shardRun('no-port', 0, 2, join)).rejects.toThrow(/no port/);
    api.shardDrop('no-port');
  });
});

/**
 * Whether `value` holds a tally anywhere (Comlink wraps return values in plain objects): a Float64Array as long as
 * the engine's tallies, much longer than a packed report.
 */
function holdsTally(value: unknown, depth = 0): boolean {
  if (value instanceof Float64Array) return value.length === tallyLength;
  if (depth > 6 || typeof value !== 'object' || value === null) return false;
  return Object.values(value).some((inner) => holdsTally(inner, depth + 1));
}

describe('pool messages', () => {
  const received: unknown[] = [];
  /** What the main thread posts to the workers, with the number of ports each message moves. */
  const posted: Array<{ message: unknown; ports: number }> = [];
  let pool: EngineClient;
  beforeAll(async () => {
    pool = new EngineClient({
      size: 2,
      createWorker: () => {
        const handle = createNodeEngineWorker();
        // Records what reaches the main thread from the worker, before Comlink reads it.
        const endpoint: Endpoint = {
          ...handle.endpoint,
          postMessage: (message, transfer) => {
            posted.push({
              message,
              ports: (transfer ?? []).filter((item) => item instanceof MessagePort).length,
            });
            handle.endpoint.postMessage(message, transfer);
          },
          addEventListener: (type, listener) =>
            handle.endpoint.addEventListener(type, (event) => {
              received.push((event as MessageEvent).data);
              (listener as (event: Event) => void)(event);
            }),
          removeEventListener: (type, listener) => handle.endpoint.removeEventListener(type, listener),
        };
        return { endpoint, terminate: handle.terminate };
      },
    });
    await pool.warm();
  });
  afterAll(() => pool.terminate());

  it('brings no tally to the main thread and the report without per-combo equities', async () => {
    const random = api.parseRange('random');
    received.length = 0;
    const report = await pool.equity({ hero: random, villain: random, board: 'Qs7h2d5c', shards: 4 });
    expect(received.length).toBeGreaterThan(0);
    expect(received.some((message) => holdsTally(message))).toBe(false);
    expect(report.combo_equity).toBeUndefined();
    const whole = api.finishEquity(api.equityTally(random, random, 'Qs7h2d5c', '', 0, 1), 0.02);
    expect(report.hero).toEqual(whole.hero);
    expect(report.matrix).toEqual(whole.matrix);
    expect(report.next_cards).toEqual(whole.next_cards);
  });

  it('moves one port per other worker: the last shard joins without a channel, and the drops follow the answer', async () => {
    const random = api.parseRange('random');
    await tick();
    posted.length = 0;
    const methods = () => posted.map(({ message }) => (message as { path?: string[] }).path?.join('.'));
    const report = await pool.equity({ hero: random, villain: random, board: 'Qs7h2d5c', shards: 2 });
    const shardPosts = posted.filter((_, index) => methods()[index] === 'shardRun');
    expect(shardPosts.map(({ ports }) => ports)).toEqual([1, 1]);
    // The other worker forgets the job once the caller has the report, not on its way.
    expect(methods()).not.toContain('shardDrop');
    await tick();
    expect(methods().filter((method) => method === 'shardDrop')).toHaveLength(1);
    const { combo_equity: _perCombo, ...whole } = api.finishEquity(
      api.equityTally(random, random, 'Qs7h2d5c', '', 0, 1),
      0.02,
    );
    expect(report).toEqual(whole);
  });

  it("stops cleanly right after a split job: the other workers' drops find the pool stopped", async () => {
    const random = api.parseRange('random');
    const stopped = new EngineClient({ size: 2, createWorker: createNodeEngineWorker });
    await stopped.warm();
    await stopped.equity({ hero: random, villain: random, board: 'Qs7h2d5c', shards: 2 });
    // The drops are posted after the answer; the pool is stopped before they are. An error thrown then would be
    // uncaught and fail this run.
    stopped.terminate();
    await tick();
  });

  it('keeps measuring its rate from split jobs, so a rate understated once does not split every later job', async () => {
    const random = api.parseRange('random');
    const before = pool.unitsPerMs;
    // More split jobs than the runs the rate is taken from: without their timing the rate would stay as it was.
    for (let run = 0; run < 13; run += 1) {
      await pool.equity({ hero: random, villain: random, board: 'Qs7h2d5c', shards: 2 });
    }
    expect(pool.unitsPerMs).not.toBe(before);
    expect(Number.isFinite(pool.unitsPerMs) && pool.unitsPerMs > 0).toBe(true);
  });

  it('runs a small job whole on one worker: one call, whose answer is the report', async () => {
    const hero = api.parseRange('77+, ATs+, KJs+, QJs, AJo+, KQo');
    const villain = api.parseRange('22+, A2s+, K9s+, QTs+, JTs, T9s, 98s, ATo+, KJo+, QJo');
    expect(pool.plan({ hero, villain, board: 'Qs7h2d5c' })).toBe(1);
    // The previous job's workers answer their last message (forget the job) after its report.
    await tick();
    received.length = 0;
    const report = await pool.equity({ hero, villain, board: 'Qs7h2d5c' });
    expect(received).toHaveLength(1);
    expect(report.combo_equity).toBeUndefined();
    const withCombos = await pool.equity({ hero, villain, board: 'Qs7h2d5c', comboEquity: true });
    expect(withCombos).toEqual(api.finishEquity(api.equityTally(hero, villain, 'Qs7h2d5c', '', 0, 1), 0.02));
  });
});
