import 'fake-indexeddb/auto';

import { afterEach, describe, expect, it } from 'vitest';

import { indexedDbStore } from './pending-store';
import { SaveQueue } from './save-queue';
import type { PendingSave, SaveStatus } from './save-queue-types';

// A save based on a revision the server has moved past: set aside and held, never retried over the newer copy,
// never dropped, until the player's choice.

type Body = { pairs: string[]; base: number };
const save = (categoryId: number, pairs: string[], base: number): PendingSave<Body> => ({
  key: `7:${categoryId}`,
  userId: 7,
  categoryId,
  body: { pairs, base },
});

class Conflict extends Error {}

let count = 0;
const queues: SaveQueue<Body>[] = [];
afterEach(() => {
  for (const queue of queues.splice(0)) queue.dispose();
});

/** A server holding one revision per range: a save names its base, and a moved range answers a conflict. */
function setup(revisions: Map<number, number>) {
  const sent: PendingSave<Body>[] = [];
  const conflicts: PendingSave<Body>[] = [];
  const statuses: SaveStatus[] = [];
  let gate: Promise<void> = Promise.resolve();
  const store = indexedDbStore<Body>(`save-queue-conflict-${(count += 1)}`);
  const queue = new SaveQueue<Body>({
    store,
    classify: (error) => (error instanceof Conflict ? 'conflict' : 'offline'),
    coalesceMs: 10,
    retryBaseMs: 20,
    onStatus: (status) => statuses.push(status),
    onConflict: (entry) => conflicts.push(entry),
    rebase: (body, result) => ({ ...body, base: (result as { revision: number }).revision }),
    send: async (entry) => {
      sent.push(entry);
      await gate;
      const current = revisions.get(entry.categoryId) ?? 0;
      if (entry.body.base !== current) throw new Conflict('moved');
      revisions.set(entry.categoryId, current + 1);
      return { revision: current + 1 };
    },
  });
  queues.push(queue);
  const hold = () => {
    let open = () => undefined as void;
    gate = new Promise<void>((resolve) => (open = resolve));
    return () => open();
  };
  return { queue, sent, conflicts, statuses, store, hold };
}

describe('save queue conflicts', () => {
  it('sets a stale save aside, keeps it held, reports it and goes on with the other ranges', async () => {
    const { queue, sent, conflicts, store } = setup(new Map([[1, 3]]));
    queue.enqueue(save(1, ['AA'], 2));
    queue.enqueue(save(2, ['KK'], 0));
    expect(await queue.flush()).toBe(false);
    expect(conflicts.map((entry) => entry.body)).toEqual([{ pairs: ['AA'], base: 2 }]);
    // Not retried: one attempt for the conflicted range, the other range saved.
    await queue.flush();
    expect(sent.map((entry) => entry.categoryId)).toEqual([1, 2]);
    expect(queue.inConflict('7:1')).toBe(true);
    expect(queue.state).toBe('conflict');
    await queue.settled();
    expect((await store.all()).map((entry) => entry.body)).toEqual([{ pairs: ['AA'], base: 2 }]);
  });

  it('keeping mine re-queues it on the current revision; keeping theirs forgets it everywhere', async () => {
    const revisions = new Map([
      [1, 5],
      [2, 9],
    ]);
    const { queue, store } = setup(revisions);
    queue.enqueue(save(1, ['AA'], 4));
    queue.enqueue(save(2, ['QQ'], 8));
    await queue.flush();
    await queue.flush();
    expect(queue.inConflict('7:1') && queue.inConflict('7:2')).toBe(true);

    queue.enqueue(save(1, ['AA'], 5));
    expect(queue.inConflict('7:1')).toBe(false);
    queue.discard('7:2');
    expect(await queue.flush()).toBe(true);
    expect(revisions.get(1)).toBe(6);
    expect(revisions.get(2)).toBe(9);
    expect(queue.state).toBe('saved');
    await queue.settled();
    expect(await store.all()).toEqual([]);
  });

  it('brings an edit queued during a save onto the confirmed revision, so it is no conflict with itself', async () => {
    const revisions = new Map([[1, 0]]);
    const { queue, sent, conflicts, store, hold } = setup(revisions);
    const release = hold();
    queue.enqueue(save(1, ['AA'], 0));
    const first = queue.flush();
    while (sent.length === 0) await new Promise((resolve) => setTimeout(resolve, 2));
    // The second edit is made while the first is in flight, still on base 0 as far as the editor knows.
    queue.enqueue(save(1, ['AA', 'KK'], 0));
    await queue.settled();
    release();
    expect(await first).toBe(true);
    expect(await queue.flush()).toBe(true);
    expect(conflicts).toEqual([]);
    expect(revisions.get(1)).toBe(2);
    await queue.settled();
    expect(await store.all()).toEqual([]);
  });

  it('holds a conflicted save across a reload and reports it again on the next page', async () => {
    const name = `save-queue-conflict-reload-${Date.now()}`;
    const revisions = new Map([[1, 2]]);
    const first = new SaveQueue<Body>({
      store: indexedDbStore<Body>(name),
      classify: () => 'conflict',
      coalesceMs: 5,
      send: () => Promise.reject(new Conflict('moved')),
    });
    queues.push(first);
    first.enqueue(save(1, ['AA'], 1));
    expect(await first.flush()).toBe(false);
    await first.settled();
    first.dispose();
    const seen: Body[] = [];
    const second = new SaveQueue<Body>({
      store: indexedDbStore<Body>(name),
      classify: (error) => (error instanceof Conflict ? 'conflict' : 'offline'),
      coalesceMs: 5,
      onConflict: (entry) => seen.push(entry.body),
      send: async (entry) => {
        if (entry.body.base !== revisions.get(1)) throw new Conflict('moved');
        return { revision: 3 };
      },
    });
    queues.push(second);
    expect(await second.restore(7)).toBe(1);
    expect(await second.flush()).toBe(false);
    expect(seen).toEqual([{ pairs: ['AA'], base: 1 }]);
  });
});
