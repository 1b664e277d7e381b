// The save queue's synchronous journal (SaveJournal in save-queue-types.ts) in localStorage: one item per range and
// account, written inside the edit's own event, so a reload or a closed tab a few milliseconds later cannot take an
// edit the asynchronous store (IndexedDB) had not written yet. An item holds the newest save of its range, or marks
// its removal, until the store has caught up. What is read back is checked: another version's item, or one that
// does not fit, is left out, never replayed.
import type { PendingSave, SaveJournal } from './save-queue-types';

const PREFIX = 'rangeforge.pendingSave.';
const VERSION = 1;
/** Far above a whole chart's body (~30 KB); an item longer than this is no save of this app. */
const MAX_ITEM_CHARS = 400_000;

/** The part of the Web Storage API the journal uses; localStorage in the app, a map in tests. */
export interface JournalStorage {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

interface Item<B> {
  v: typeof VERSION;
  mark: string;
  save: PendingSave<B> | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

let counter = 0;
/** Unique among the journal's writers (tabs of one browser write the same items). */
const newMark = () =>
  `${Date.now().toString(36)}.${(counter += 1).toString(36)}.${Math.random().toString(36).slice(2, 8)}`;

function browserStorage(): JournalStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * The journal over `storage` (localStorage by default). `isBody` checks a body read back. A storage that is missing,
 * full or refuses writes records nothing: the store alone holds the saves then, as before the journal.
 */
export function localStorageJournal<B>(
  isBody: (value: unknown) => value is B,
  storage: JournalStorage | null = browserStorage(),
): SaveJournal<B> {
  const parse = (key: string, text: string | null): Item<B> | null => {
    if (!text || text.length > MAX_ITEM_CHARS) return null;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return null;
    }
    if (!isRecord(value) || value.v !== VERSION || typeof value.mark !== 'string') return null;
    const save = value.save;
    if (save === null) return { v: VERSION, mark: value.mark, save: null };
    if (!isRecord(save) || save.key !== key || !isId(save.userId) || !isId(save.categoryId)) return null;
    if (key !== `${save.userId}:${save.categoryId}` || !isBody(save.body)) return null;
    const { userId, categoryId, body } = save;
    return { v: VERSION, mark: value.mark, save: { key, userId, categoryId, body } };
  };
  const read = (key: string): Item<B> | null => {
    try {
      return parse(key, storage?.getItem(PREFIX + key) ?? null);
    } catch {
      return null;
    }
  };

  return {
    record(key, save) {
      if (!storage) return null;
      const mark = newMark();
      try {
        storage.setItem(PREFIX + key, JSON.stringify({ v: VERSION, mark, save } satisfies Item<B>));
        return mark;
      } catch {
        // Full or refused: an older record of the range would now be stale, so it goes too.
        try {
          storage.removeItem(PREFIX + key);
        } catch {
          // Nothing more to do without a usable storage.
        }
        return null;
      }
    },
    written(key, mark) {
      if (read(key)?.mark !== mark) return;
      try {
        storage?.removeItem(PREFIX + key);
      } catch {
        // Left for the next page's restore, which writes it through again.
      }
    },
    read() {
      const records = new Map<string, PendingSave<B> | null>();
      if (!storage) return records;
      try {
        const keys: string[] = [];
        for (let index = 0; index < storage.length; index += 1) {
          const name = storage.key(index);
          if (name?.startsWith(PREFIX)) keys.push(name.slice(PREFIX.length));
        }
        for (const key of keys) {
          const item = read(key);
          if (item) records.set(key, item.save);
          // Another version's item, or a damaged one: never replayed, so not kept either.
          else storage.removeItem(PREFIX + key);
        }
      } catch {
        // A storage that cannot be read holds nothing for us.
      }
      return records;
    },
  };
}
