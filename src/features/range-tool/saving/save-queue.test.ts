import 'fake-indexeddb/auto';

import { afterEach, describe, expect, it } from 'vitest';

import { indexedDbStore } from './pending-store';
import { retryDelay, SaveQueue } from './save-queue';
import type { PendingSave, PendingStore, SaveQueueOptions, SaveStatus } from './save-queue-types';

type Body = { pairs: string[] };
const save = (categoryId: number, pairs: string[], userId = 7): PendingSave<Body> => ({
  key: `${userId}:${categoryId}`,
  userId,
  categoryId,
  body: { pairs },
});

class Offline extends Error {}
class Refused extends Error {}
class Missing extends Error {}

const classify: SaveQueueOptions<Body>['classify'] = (error) => {
  if (error instanceof Offline) return 'offline';
  if (error instanceof Missing) return 'gone';
  return error instanceof Refused ? 'drop' : 'retry';
};

let storeCount = 0;
const freshStore = () => indexedDbStore<Body>(`save-queue-test-${(storeCount += 1)}`);

interface Sent {
  key: string;
  body: Body;
  keepalive: boolean;
  at: number;
  signal?: AbortSignal;
}

/** A queue whose server answers with `answer` (resolve, or throw to fail) and records every request. */
function setup(
  answer: (sent: Sent, index: number) => Promise<void> | void = () => undefined,
  extra: Partial<SaveQueueOptions<Body>> = {},
) {
  const sent: Sent[] = [];
  const statuses: SaveStatus[] = [];
  const dropped: string[] = [];
  const store = extra.store ?? freshStore();
  const queue = new SaveQueue<Body>({
    store,
    classify,
    coalesceMs: 20,
    retryBaseMs: 30,
    retryMaxMs: 200,
    onStatus: (status) => statuses.push(status),
    onDrop: (entry) => dropped.push(entry.key),
    send: async (entry, { keepalive, signal }) => {
      const record = { key: entry.key, body: entry.body, keepalive, at: Date.now(), signal };
      sent.push(record);
      await answer(record, sent.length - 1);
    },
    ...extra,
  });
  queues.push(queue);
  return { queue, sent, statuses, dropped, store };
}

const queues: SaveQueue<Body>[] = [];
afterEach(() => {
  for (const queue of queues.splice(0)) queue.dispose();
});

const until = async (check: () => boolean, timeout = 2000) => {
  const deadline = Date.now() + timeout;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('save queue', () => {
  it('coalesces edits to one range into one request and keeps the order ranges were first edited', async () => {
    const { queue, sent, store } = setup();
    queue.enqueue(save(1, ['AA']));
    queue.enqueue(save(2, ['KK']));
    queue.enqueue(save(1, ['AA', 'QQ']));
    expect(queue.state).toBe('unsaved');
    expect(await queue.flush()).toBe(true);
    expect(sent.map(({ key, body }) => [key, body.pairs])).toEqual([
      ['7:1', ['AA', 'QQ']],
      ['7:2', ['KK']],
    ]);
    expect(queue.state).toBe('saved');
    await queue.settled();
    expect(await store.all()).toEqual([]);
  });

  it('sends edits made while a request is in flight afterwards, never dropping them', async () => {
    let release: () => void = () => undefined;
    const { queue, sent, store } = setup((_, index) =>
      index === 0 ? new Promise<void>((resolve) => (release = resolve)) : undefined,
    );
    queue.enqueue(save(1, ['AA']));
    await until(() => sent.length === 1);
    expect(queue.state).toBe('saving');
    queue.enqueue(save(1, ['AA', 'KK']));
    queue.enqueue(save(1, ['AA', 'KK', 'QQ']));
    expect(queue.pendingBody('7:1')).toEqual({ pairs: ['AA', 'KK', 'QQ'] });
    // The stored copy is the newest body while the older request is still out.
    await queue.settled();
    expect((await store.all()).map((entry) => entry.body.pairs)).toEqual([['AA', 'KK', 'QQ']]);
    release();
    expect(await queue.flush()).toBe(true);
    expect(sent.map((entry) => entry.body.pairs)).toEqual([['AA'], ['AA', 'KK', 'QQ']]);
    await queue.settled();
    expect(await store.all()).toEqual([]);
  });

  it('paces a player painting without pause to one request per interval after a burst, the last edit included', async () => {
    // The server answers at once: only the queue's own pace keeps the requests under the write budget.
    const { queue, sent } = setup(undefined, { pace: { burst: 3, intervalMs: 100 } });
    const started = Date.now();
    let edits = 0;
    while (Date.now() - started < 600) {
      edits += 1;
      queue.enqueue(save(1, [`edit ${edits}`]));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const elapsed = Date.now() - started;
    await until(() => !queue.hasPending);
    expect(sent.at(-1)?.body.pairs).toEqual([`edit ${edits}`]);
    // The burst, then one request per interval at most: far fewer than one per coalescing wait (about 25 here).
    expect(sent.length).toBeGreaterThan(3);
    expect(sent.length).toBeLessThanOrEqual(3 + Math.ceil(elapsed / 100) + 1);
    // A token bucket: any stretch of time holds at most the burst plus one request per interval of it. A timer
    // that fires late (a loaded machine) may let the next request follow closer, never more of them.
    for (let first = 0; first < sent.length; first += 1)
      for (let last = first; last < sent.length; last += 1) {
        const span = sent[last]!.at - sent[first]!.at;
        expect(last - first + 1).toBeLessThanOrEqual(3 + Math.floor((span + 5) / 100) + 1);
      }
  });

  it('sends at once when asked to flush, whatever the pace', async () => {
    const { queue, sent } = setup(undefined, { pace: { burst: 1, intervalMs: 10_000 } });
    queue.enqueue(save(1, ['AA']));
    expect(await queue.flush()).toBe(true);
    queue.enqueue(save(1, ['AA', 'KK']));
    expect(await queue.flush()).toBe(true);
    expect(sent.map((entry) => entry.body.pairs)).toEqual([['AA'], ['AA', 'KK']]);
  });

  it('retries an unreachable server with growing delays and reports offline meanwhile', async () => {
    const { queue, sent, statuses } = setup((_, index) => {
      if (index < 3) throw new Offline('network down');
    });
    queue.enqueue(save(3, ['AKs']));
    // A flush reports the first failure at once rather than waiting through the backoff.
    expect(await queue.flush()).toBe(false);
    expect(queue.state).toBe('offline');
    expect(queue.hasPending).toBe(true);
    await until(() => queue.state === 'saved');
    expect(sent).toHaveLength(4);
    const gaps = sent.slice(1).map((entry, index) => entry.at - sent[index]!.at);
    expect(gaps[0]).toBeGreaterThanOrEqual(25);
    expect(gaps[1]).toBeGreaterThanOrEqual(55);
    expect(gaps[2]).toBeGreaterThanOrEqual(115);
    expect(statuses).toContain('offline');
    expect(statuses.at(-1)).toBe('saved');
  });

  it('gives up on a request that never answers and sends the save again, holding nothing up for good', async () => {
    // A connection that hangs: the first request gets neither an answer nor an error.
    const { queue, sent, statuses } = setup(
      (_, index) => (index === 0 ? new Promise(() => undefined) : undefined),
      {
        timeoutMs: 60,
      },
    );
    queue.enqueue(save(3, ['AKs']));
    queue.enqueue(save(4, ['QQ']));
    // A flush (leaving the tool, signing out) hears of the failure instead of waiting with it.
    expect(await queue.flush()).toBe(false);
    expect(sent[0]?.signal?.aborted).toBe(true);
    expect(statuses).toContain('error');
    await until(() => queue.state === 'saved');
    expect(sent.map((entry) => entry.key)).toEqual(['7:3', '7:3', '7:4']);
    expect(queue.hasPending).toBe(false);
  });

  it('doubles the delay per attempt up to the ceiling', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((attempt) => retryDelay(attempt, 1000, 30_000))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });

  it('drops a save the server refuses for good, says so and goes on with the others', async () => {
    const { queue, sent, dropped, store } = setup((entry) => {
      if (entry.key === '7:1') throw new Refused('not found');
    });
    queue.enqueue(save(1, ['AA']));
    queue.enqueue(save(2, ['KK']));
    expect(await queue.flush()).toBe(false);
    expect(dropped).toEqual(['7:1']);
    await until(() => queue.state === 'saved');
    expect(sent.map((entry) => entry.key)).toEqual(['7:1', '7:2']);
    await queue.settled();
    expect(await store.all()).toEqual([]);
  });

  it('holds a save of a range the server no longer has, sends it no more and goes on with the others', async () => {
    const gone: Body[] = [];
    const { queue, sent, dropped, store } = setup(
      (entry) => {
        if (entry.key === '7:1') throw new Missing('not found');
      },
      { onGone: (entry) => gone.push(entry.body) },
    );
    queue.enqueue(save(1, ['AA']));
    queue.enqueue(save(2, ['KK']));
    expect(await queue.flush()).toBe(false);
    await until(() => sent.length === 2 && queue.state === 'gone');
    expect(dropped).toEqual([]);
    expect(gone).toEqual([{ pairs: ['AA'] }]);
    expect(queue.goneSave('7:1')?.body).toEqual({ pairs: ['AA'] });
    expect(queue.pendingBody('7:1')).toBeUndefined();
    expect(queue.hasPending).toBe(false);

    // A later edit of the range joins the held one, reported again, and is not sent.
    queue.enqueue(save(1, ['AA', 'QQ']));
    expect(gone.at(-1)).toEqual({ pairs: ['AA', 'QQ'] });
    await queue.settled();
    expect((await store.all()).map((entry) => [entry.key, entry.body.pairs])).toEqual([
      ['7:1', ['AA', 'QQ']],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(sent.map((entry) => entry.key)).toEqual(['7:1', '7:2']);
    expect(queue.state).toBe('gone');

    // The player lets it go: out of the queue and the store.
    queue.discard('7:1');
    expect(queue.goneSave('7:1')).toBeUndefined();
    expect(queue.state).toBe('saved');
    await queue.settled();
    expect(await store.all()).toEqual([]);
  });

  it('holds the newest body of a deleted range, one queued while the refused save was out included', async () => {
    let release: () => void = () => undefined;
    const { queue, sent, store } = setup(async (_, index) => {
      if (index === 0) await new Promise<void>((resolve) => (release = resolve));
      throw new Missing('not found');
    });
    queue.enqueue(save(1, ['AA']));
    await until(() => sent.length === 1);
    queue.enqueue(save(1, ['AA', 'KK']));
    release();
    await until(() => queue.state === 'gone');
    expect(sent).toHaveLength(1);
    expect(queue.goneSave('7:1')?.body).toEqual({ pairs: ['AA', 'KK'] });
    await queue.settled();
    expect((await store.all()).map((entry) => entry.body.pairs)).toEqual([['AA', 'KK']]);
  });

  it('holds unsent saves in IndexedDB across a reload and replays them on the next load', async () => {
    const name = `save-queue-reload-${Date.now()}`;
    const first = setup(
      () => {
        throw new Offline('offline');
      },
      { store: indexedDbStore<Body>(name), retryBaseMs: 10_000 },
    );
    first.queue.enqueue(save(1, ['AA']));
    first.queue.enqueue(save(1, ['AA', 'KK']));
    first.queue.enqueue(save(2, ['QQ'], 99));
    expect(await first.queue.flush()).toBe(false);
    await first.queue.settled();
    // The page goes away: a new queue over a new connection to the same database, as after a reload.
    first.queue.dispose();
    const second = setup(undefined, { store: indexedDbStore<Body>(name) });
    expect(await second.queue.restore(7)).toBe(1);
    expect(second.queue.pendingBody('7:1')).toEqual({ pairs: ['AA', 'KK'] });
    expect(await second.queue.flush()).toBe(true);
    expect(second.sent.map(({ key, body }) => [key, body.pairs])).toEqual([['7:1', ['AA', 'KK']]]);
    await second.queue.settled();
    // Another user's held save waits for that user.
    expect((await second.store.all()).map((entry) => entry.key)).toEqual(['99:2']);
  });

  it('sends what is left with keepalive when the page goes away, within the 64 KiB budget', async () => {
    const { queue, sent, store } = setup(undefined, { keepaliveBytes: 100 });
    queue.enqueue(save(1, ['AA']));
    queue.enqueue(save(2, ['x'.repeat(200)]));
    queue.flushOnExit();
    await until(() => sent.length === 1);
    expect(sent[0]).toMatchObject({ key: '7:1', keepalive: true });
    await queue.settled();
    await until(() => queue.pendingBody('7:1') === undefined);
    await queue.settled();
    // The one over the budget is still held for the next page.
    expect((await store.all()).map((entry) => entry.key)).toEqual(['7:2']);
  });

  it('sends only the newest body of a range on leaving, not also the older one still in flight', async () => {
    let release: () => void = () => undefined;
    const { queue, sent } = setup(async (entry) => {
      if (!entry.keepalive) await new Promise<void>((resolve) => (release = resolve));
    });
    queue.enqueue(save(1, ['AA']));
    queue.enqueue(save(2, ['QQ']));
    await until(() => sent.length === 1);
    queue.enqueue(save(1, ['AA', 'KK']));
    queue.flushOnExit();
    await until(() => sent.length === 3);
    const leaving = sent.slice(1).map(({ key, body, keepalive }) => [key, body.pairs, keepalive]);
    expect(leaving.sort()).toEqual([
      ['7:1', ['AA', 'KK'], true],
      ['7:2', ['QQ'], true],
    ]);
    release();
  });

  it('keeps saving to the server when the store cannot write', async () => {
    const broken: PendingStore<Body> = {
      all: () => Promise.reject(new Error('no IndexedDB')),
      put: () => Promise.reject(new Error('no IndexedDB')),
      remove: () => Promise.reject(new Error('no IndexedDB')),
    };
    const { queue, sent } = setup(undefined, { store: broken });
    queue.enqueue(save(1, ['AA']));
    expect(await queue.flush()).toBe(true);
    expect(sent).toHaveLength(1);
  });
});
