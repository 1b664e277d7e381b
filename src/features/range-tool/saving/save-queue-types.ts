// The save queue's vocabulary (save-queue.ts): what a save is, where it is held, how a failure is classified and
// what the queue reports. Kept apart so the store, the saver and the atoms name them without the queue itself.

export interface PendingSave<B> {
  /** One range of one user: `${userId}:${categoryId}`. */
  key: string;
  userId: number;
  categoryId: number;
  body: B;
}

/** Where waiting saves outlive the page; put/remove must keep the order they are called in. */
export interface PendingStore<B> {
  all(): Promise<PendingSave<B>[]>;
  put(save: PendingSave<B>): Promise<void>;
  remove(key: string): Promise<void>;
}

/**
 * A synchronous record in front of the PendingStore (localStorage in the app, save-journal.ts). The store is
 * asynchronous (IndexedDB): a page reloaded or closed right after an edit can go before the store has written it,
 * and the request sent on leaving may never arrive. The journal has it before the edit's event handler returns, and
 * lets go of each record once the store holds it.
 */
export interface SaveJournal<B> {
  /** Records at once what the store is about to hold for `key`: the save, or none (null); a mark for written(). */
  record(key: string, save: PendingSave<B> | null): string | null;
  /** The store has written what `mark` recorded: the journal forgets it, unless a newer record replaced it. */
  written(key: string, mark: string): void;
  /** The records the store may not have written yet, by key: the save, or null for a removal. */
  read(): Map<string, PendingSave<B> | null>;
}

/**
 * 'unsaved': waiting to be sent; 'offline': the last attempt could not reach the server and will be retried;
 * 'conflict': a save waits for the player to choose between it and the server's newer copy; 'gone': a save of a
 * range the server no longer has waits for the player to save it as a new range or discard it.
 */
export type SaveStatus = 'idle' | 'saved' | 'unsaved' | 'saving' | 'offline' | 'error' | 'conflict' | 'gone';

/** 'gone': the range no longer exists on the server; retrying cannot help, but the edit is still the player's. */
export type FailureKind = 'offline' | 'retry' | 'drop' | 'conflict' | 'gone';

/**
 * Resolves with the server's answer (handed to onSaved and rebase), rejects with the failure. `signal` aborts an
 * attempt the queue has given up on (no answer within timeoutMs).
 */
export type SendSave<B> = (
  save: PendingSave<B>,
  options: { keepalive: boolean; signal?: AbortSignal },
) => Promise<unknown>;

/** The failure of an attempt that got no answer within the queue's timeoutMs: classified like any other. */
export class SaveTimeoutError extends Error {
  constructor() {
    super('The save got no answer in time');
    this.name = 'SaveTimeoutError';
  }
}

export interface SaveQueueOptions<B> {
  send: SendSave<B>;
  store: PendingStore<B>;
  /** Written before the store, synchronously, so an edit survives the page going away at once. */
  journal?: SaveJournal<B>;
  /** How a failure is treated: retried later, or dropped because the server will never accept it. */
  classify: (error: unknown) => FailureKind;
  /** Edits that arrive within this window after the first waiting one share a request. */
  coalesceMs?: number;
  /**
   * The pace of requests (a flush and the page's exit excepted): `burst` go out as fast as edits come, then one per
   * `intervalMs`, the allowance refilling at that rate. Edits made meanwhile wait, coalesced, and are held in the
   * store from the first moment: a player who paints without pause stays within the server's write budget instead of
   * sending one request per coalescing wait.
   */
  pace?: { burst: number; intervalMs: number };
  retryBaseMs?: number;
  retryMaxMs?: number;
  /**
   * An attempt with no answer after this long is given up (aborted) and fails with SaveTimeoutError: a connection
   * that hangs, with no answer and no error, would otherwise hold every later save, and every wait for them (leaving
   * the tool, signing out), for good.
   */
  timeoutMs?: number;
  /** fetch keepalive's budget for all requests still in flight when the page goes away (64 KiB in browsers). */
  keepaliveBytes?: number;
  onStatus?: (status: SaveStatus) => void;
  /** A save the server refused for good (4xx): reported so the editor can say so. */
  onDrop?: (save: PendingSave<B>, error: unknown) => void;
  /** The range moved on the server since this save's base: it stays held until resolve() or discard(). */
  onConflict?: (save: PendingSave<B>, error: unknown) => void;
  /**
   * The range no longer exists on the server: its newest save stays held, and is not sent again, until discard().
   * Reported again with each later edit of the range, which joins it.
   */
  onGone?: (save: PendingSave<B>) => void;
  /** A save the server confirmed, with its answer (the new revision, so the next save names it). */
  onSaved?: (save: PendingSave<B>, result: unknown) => void;
  /** A newer body of the same range, queued while the confirmed one was in flight, brought onto the answer. */
  rebase?: (body: B, result: unknown) => B;
}
