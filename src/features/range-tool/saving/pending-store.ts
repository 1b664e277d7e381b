// Range saves not yet confirmed by the server, held in IndexedDB so they survive a reload, a crash or a closed
// tab and are replayed by the next page (save-queue.ts). Without IndexedDB (private mode in some browsers) the
// queue still saves; only the holding across pages is lost.
import type { PendingSave, PendingStore } from './save-queue-types';

const STORE = 'saves';

function request<T>(call: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    call.onsuccess = () => resolve(call.result);
    call.onerror = () => reject(call.error ?? new Error('IndexedDB request failed'));
  });
}

function open(name: string): Promise<IDBDatabase> {
  const opening = indexedDB.open(name, 1);
  opening.onupgradeneeded = () => {
    if (!opening.result.objectStoreNames.contains(STORE)) {
      opening.result.createObjectStore(STORE, { keyPath: 'key' });
    }
  };
  return request(opening);
}

/** One object store keyed by the save's key; each call is its own transaction, committed in call order. */
export function indexedDbStore<B>(name = 'rangeforge-pending-saves'): PendingStore<B> {
  let database: Promise<IDBDatabase> | null = null;
  const db = () => {
    if (typeof indexedDB === 'undefined') return Promise.reject(new Error('IndexedDB is not available'));
    database ??= open(name).catch((error: unknown) => {
      database = null;
      throw error;
    });
    return database;
  };
  const run = async <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>) => {
    const transaction = (await db()).transaction(STORE, mode);
    // Listening before the request settles: the transaction may commit right after its last request.
    const committed = new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
    });
    const [result] = await Promise.all([request(work(transaction.objectStore(STORE))), committed]);
    return result;
  };
  return {
    all: () => run('readonly', (store) => store.getAll() as IDBRequest<PendingSave<B>[]>),
    put: async (save) => {
      await run('readwrite', (store) => store.put(save));
    },
    remove: async (key) => {
      await run('readwrite', (store) => store.delete(key));
    },
  };
}
