import 'fake-indexeddb/auto';

import { describe, expect, it } from 'vitest';

import { indexedDbStore } from './pending-store';
import { type JournalStorage, localStorageJournal } from './save-journal';
import { SaveQueue } from './save-queue';
import type { PendingSave, PendingStore } from './save-queue-types';

type Body = { pairs: string[] };
const isBody = (value: unknown): value is Body =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as Body).pairs) &&
  (value as Body).pairs.every((pair) => typeof pair === 'string');
const save = (categoryId: number, pairs: string[], userId = 7): PendingSave<Body> => ({
  key: `${userId}:${categoryId}`,
  userId,
  categoryId,
  body: { pairs },
});

/** localStorage as a map; `full` makes every write throw as a full storage does. */
class MemoryStorage implements JournalStorage {
  readonly items = new Map<string, string>();
  full = false;
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.full) throw new DOMException('full', 'QuotaExceededError');
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

/** A store whose writes never finish: the page went away before IndexedDB had written them. */
const stalled = (): PendingStore<Body> => ({
  all: () => Promise.resolve([]),
  put: () => new Promise<void>(() => undefined),
  remove: () => new Promise<void>(() => undefined),
});

let databases = 0;
const database = () => `save-journal-test-${(databases += 1)}`;

/** A page's save queue whose server answers every save; what it sent. */
function page(
  store: PendingStore<Body>,
  storage: MemoryStorage,
  answer: () => Promise<void> = async () => {},
) {
  const sent: Array<[string, string[]]> = [];
  const queue = new SaveQueue<Body>({
    store,
    journal: localStorageJournal(isBody, storage),
    classify: () => 'offline',
    coalesceMs: 10,
    send: async (entry) => {
      sent.push([entry.key, entry.body.pairs]);
      await answer();
    },
  });
  return { queue, sent };
}

describe('save journal', () => {
  it('records a save at once and lets go of it once the store has written it, unless a newer one came', () => {
    const storage = new MemoryStorage();
    const journal = localStorageJournal(isBody, storage);
    const first = journal.record('7:1', save(1, ['AA']))!;
    expect(journal.read()).toEqual(new Map([['7:1', save(1, ['AA'])]]));
    const second = journal.record('7:1', save(1, ['AA', 'KK']))!;
    // The store's write of the first body finishes after the second was recorded: the second stays.
    journal.written('7:1', first);
    expect(journal.read().get('7:1')).toEqual(save(1, ['AA', 'KK']));
    journal.written('7:1', second);
    expect(journal.read().size).toBe(0);
    expect(storage.items.size).toBe(0);
    journal.record('7:2', null);
    expect(journal.read()).toEqual(new Map([['7:2', null]]));
  });

  it('reads back only items of its own shape, and removes the others', () => {
    const storage = new MemoryStorage();
    const journal = localStorageJournal(isBody, storage);
    journal.record('7:1', save(1, ['AA']));
    const good = storage.getItem('rangeforge.pendingSave.7:1')!;
    const item = JSON.parse(good) as { save: PendingSave<Body> };
    storage.setItem('rangeforge.pendingSave.7:2', '{not json');
    storage.setItem('rangeforge.pendingSave.7:3', JSON.stringify({ ...item, v: 2 }));
    storage.setItem(
      'rangeforge.pendingSave.7:4',
      JSON.stringify({ ...item, save: { ...item.save, key: '7:4' } }),
    );
    storage.setItem(
      'rangeforge.pendingSave.8:1',
      JSON.stringify({ ...item, save: { ...item.save, key: '8:1', body: { pairs: [1] } } }),
    );
    storage.setItem('rangeforge.language', 'ru-RU');
    expect([...journal.read().keys()]).toEqual(['7:1']);
    expect([...storage.items.keys()]).toEqual(['rangeforge.pendingSave.7:1', 'rangeforge.language']);
  });

  it('records nothing in a full storage, and drops the older record it can no longer replace', () => {
    const storage = new MemoryStorage();
    const journal = localStorageJournal(isBody, storage);
    journal.record('7:1', save(1, ['AA']));
    storage.full = true;
    expect(journal.record('7:1', save(1, ['AA', 'KK']))).toBeNull();
    expect(journal.read().size).toBe(0);
    expect(localStorageJournal(isBody, null).record('7:1', save(1, ['AA']))).toBeNull();
  });
});

describe('a save queue with a journal', () => {
  it('replays an edit whose page went away before the store had written it', async () => {
    const storage = new MemoryStorage();
    const left = page(stalled(), storage);
    left.queue.enqueue(save(1, ['AA']));
    left.queue.enqueue(save(1, ['AA', 'KK']));
    left.queue.dispose();
    // The next page: its own connection to a database that never got the edit.
    const store = indexedDbStore<Body>(database());
    const next = page(store, storage);
    expect(await next.queue.restore(7)).toBe(1);
    expect(next.queue.pendingBody('7:1')).toEqual({ pairs: ['AA', 'KK'] });
    expect(await next.queue.flush()).toBe(true);
    expect(next.sent).toEqual([['7:1', ['AA', 'KK']]]);
    await next.queue.settled();
    expect(await store.all()).toEqual([]);
    expect(storage.items.size).toBe(0);
  });

  it("prefers the journal's newer body to the store's older one of the same range", async () => {
    const storage = new MemoryStorage();
    const name = database();
    const store = indexedDbStore<Body>(name);
    await store.put(save(1, ['AA']));
    await store.put(save(2, ['QQ']));
    localStorageJournal(isBody, storage).record('7:1', save(1, ['AA', 'KK']));
    const next = page(indexedDbStore<Body>(name), storage);
    expect(await next.queue.restore(7)).toBe(2);
    expect(next.queue.pendingBody('7:1')).toEqual({ pairs: ['AA', 'KK'] });
    expect(next.queue.pendingBody('7:2')).toEqual({ pairs: ['QQ'] });
  });

  it('does not send again a save confirmed on a page that went away before the store forgot it', async () => {
    const storage = new MemoryStorage();
    const name = database();
    const writes = indexedDbStore<Body>(name);
    // The store writes the save but never its removal.
    const left = page({ ...writes, remove: () => new Promise<void>(() => undefined) }, storage);
    left.queue.enqueue(save(1, ['AA']));
    expect(await left.queue.flush()).toBe(true);
    left.queue.dispose();
    expect((await writes.all()).map((held) => held.key)).toEqual(['7:1']);
    const next = page(indexedDbStore<Body>(name), storage);
    expect(await next.queue.restore(7)).toBe(0);
    expect(await next.queue.flush()).toBe(true);
    expect(next.sent).toEqual([]);
    await next.queue.settled();
    expect(await writes.all()).toEqual([]);
  });

  it('still replays the journal when the store cannot be opened at all', async () => {
    const storage = new MemoryStorage();
    const broken: PendingStore<Body> = {
      all: () => Promise.reject(new Error('no IndexedDB')),
      put: () => Promise.reject(new Error('no IndexedDB')),
      remove: () => Promise.reject(new Error('no IndexedDB')),
    };
    const left = page(broken, storage);
    left.queue.enqueue(save(1, ['AA']));
    left.queue.dispose();
    const next = page(broken, storage);
    expect(await next.queue.restore(7)).toBe(1);
    expect(await next.queue.flush()).toBe(true);
    expect(next.sent).toEqual([['7:1', ['AA']]]);
  });
});
