// A write-behind queue for range saves: every edit is queued, never debounced away. Edits to
// one range coalesce into one request (each save carries the whole range, so the newest body is all that counts),
// requests go out one at a time in the order the ranges were first edited, failures are retried with backoff, and
// every waiting save is also held in a PendingStore (IndexedDB in the app), behind a synchronous journal
// (localStorage), so a reload or a closed tab replays it, even one that comes right after the edit.
// A save the server refuses because the range moved meanwhile (a conflict) is set aside, still held, until the
// player chooses which version to keep: it is never retried over the newer copy nor dropped. So is a save of a range
// the server no longer has (deleted in another tab or on another device): the player decides what becomes of it.

import {
  type FailureKind,
  type PendingSave,
  type SaveQueueOptions,
  type SaveStatus,
  SaveTimeoutError,
} from './save-queue-types';

export const KEEPALIVE_LIMIT_BYTES = 64 * 1024;
/**
 * Thirty requests as fast as edits come, then one a second: at most 90 in any minute of painting without pause, within
 * the server's default write budget of 120 a minute (WRITE_RATE_LIMIT), which the library's other writes (renames,
 * moves, copies) share. A player's ordinary pace never meets it.
 */
export const SAVE_PACE = { burst: 30, intervalMs: 1000 } as const;
/** Long enough for a whole chart's body on a slow mobile upload, short enough that a hung request is not waited on. */
export const SAVE_TIMEOUT_MS = 30_000;

export const retryDelay = (attempt: number, baseMs: number, maxMs: number) =>
  Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));

export class SaveQueue<B> {
  private readonly waiting = new Map<string, PendingSave<B>>();
  private inFlight: PendingSave<B> | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private failed: FailureKind | null = null;
  /** Keys of saves set aside by a conflict: held in the store, not sent, until the player decides. */
  private readonly conflicts = new Set<string>();
  /** Keys of ranges the server no longer has: their newest save is held in the store, never sent, until discard(). */
  private readonly gone = new Map<string, PendingSave<B>>();
  private flushWaiters: ((saved: boolean) => void)[] = [];
  private status: SaveStatus = 'idle';
  /** Store writes in call order, so a removal never overtakes the put of a newer body. */
  private storeChain: Promise<void> = Promise.resolve();
  private readonly coalesceMs: number;
  private readonly retryBaseMs: number;
  private readonly retryMaxMs: number;
  private readonly keepaliveBytes: number;
  private readonly timeoutMs: number;
  private readonly pace: { burst: number; intervalMs: number };
  /** Requests the pace allows now, and when that was counted (performance.now()). */
  private allowance: number;
  private allowanceAt = performance.now();

  constructor(private readonly options: SaveQueueOptions<B>) {
    this.coalesceMs = options.coalesceMs ?? 400;
    this.pace = options.pace ?? SAVE_PACE;
    this.allowance = this.pace.burst;
    this.retryBaseMs = options.retryBaseMs ?? 1000;
    this.retryMaxMs = options.retryMaxMs ?? 30_000;
    this.keepaliveBytes = options.keepaliveBytes ?? KEEPALIVE_LIMIT_BYTES;
    this.timeoutMs = options.timeoutMs ?? SAVE_TIMEOUT_MS;
  }

  get state(): SaveStatus {
    return this.status;
  }

  /** True while any edit is not yet confirmed by the server. */
  get hasPending(): boolean {
    return this.inFlight !== null || this.waiting.size > 0;
  }

  /** The newest body not yet confirmed for a range, so a reload shows the edit the server has not got yet. */
  pendingBody(key: string): B | undefined {
    return this.waiting.get(key)?.body ?? (this.inFlight?.key === key ? this.inFlight.body : undefined);
  }

  /** Queues the newest state of one range; held in the store at once. */
  enqueue(save: PendingSave<B>): void {
    const deleted = this.gone.get(save.key);
    if (deleted) {
      // Sending it would only meet the same 404: the newer body is held in its place and reported.
      const held = { ...deleted, body: save.body };
      this.gone.set(save.key, held);
      this.persist(held.key, held);
      this.options.onGone?.(held);
      return;
    }
    this.conflicts.delete(save.key);
    const earlier = this.waiting.get(save.key);
    // Map.set on an existing key keeps its place: the range keeps its turn, with the newest body.
    this.waiting.set(save.key, earlier ? { ...earlier, body: save.body } : save);
    this.persist(save.key, save);
    this.refreshStatus();
    if (this.timer === null && this.inFlight === null)
      this.schedule(this.paced(this.failed ? 0 : this.coalesceMs));
  }

  /**
   * Puts the saves a previous page left back in the queue (only those of `userId`): the store's, each replaced by the
   * journal's newer record of its range (a page that went away before the store had its last edit, or its removal).
   */
  async restore(userId: number): Promise<number> {
    const stored = await this.options.store.all().catch((error: unknown) => {
      // Without a store (private mode) the journal may still hold what the last page left.
      if (!this.options.journal) throw error;
      return [];
    });
    const byKey = new Map(stored.map((save) => [save.key, save]));
    for (const [key, record] of this.options.journal?.read() ?? []) {
      const before = byKey.get(key);
      if (record) byKey.set(key, record);
      else if (!before || before.userId === userId) {
        // Settled on the last page before the store had forgotten it: not to be sent again.
        byKey.delete(key);
        this.persist(key, null);
      }
    }
    const held = [...byKey.values()].filter((save) => save.userId === userId);
    for (const save of held)
      if (!this.waiting.has(save.key) && this.inFlight?.key !== save.key) this.enqueue(save);
    return held.length;
  }

  /**
   * Sends everything now (no coalescing wait, no backoff wait) and resolves true once the server has all of it,
   * false as soon as an attempt fails (the saves stay queued, held and retried).
   */
  flush(): Promise<boolean> {
    if (!this.hasPending) return Promise.resolve(true);
    const done = new Promise<boolean>((resolve) => this.flushWaiters.push(resolve));
    if (this.inFlight === null) this.schedule(0);
    return done;
  }

  /** Retries at once (the browser says it is online again). */
  retryNow(): void {
    if (this.inFlight === null && this.waiting.size > 0) this.schedule(0);
  }

  /**
   * The page is going away: whatever is not confirmed goes out with fetch keepalive, which outlives the page,
   * newest edits first within the keepalive budget. Every save also stays in the store until a response confirms
   * it, so what does not fit (or does not arrive) is replayed by the next page's restore(). A page that comes back
   * (the back/forward cache) gets the answers: a confirmed save is saved like any other (onSaved, the status).
   */
  flushOnExit(): void {
    this.clearTimer();
    // A range with a newer body waiting goes out with that one only: sent beside it from the same base, the older
    // body in flight could land first and have the newer one refused as a conflict with the player's own edit.
    const inFlight = this.inFlight && !this.waiting.has(this.inFlight.key) ? [this.inFlight] : [];
    const saves = [...inFlight, ...this.waiting.values()];
    let budget = this.keepaliveBytes;
    for (const save of saves) {
      const size = new TextEncoder().encode(JSON.stringify(save.body)).length;
      if (size > budget) continue;
      budget -= size;
      this.options.send(save, { keepalive: true }).then(
        (result) => {
          this.options.onSaved?.(save, result);
          if (this.pendingBody(save.key) === save.body) this.forget(save);
          this.refreshStatus();
        },
        () => undefined,
      );
    }
  }

  /**
   * Forgets the waiting saves `leave` picks (another account's, after a sign-out) without sending them, and those of
   * its ranges found deleted; their stored copies stay for that account's next restore().
   */
  release(leave: (save: PendingSave<B>) => boolean): void {
    for (const save of [...this.waiting.values()]) if (leave(save)) this.waiting.delete(save.key);
    for (const save of [...this.gone.values()]) if (leave(save)) this.gone.delete(save.key);
    if (this.waiting.size === 0) this.clearTimer();
    this.refreshStatus();
  }

  /**
   * Forgets a range's unconfirmed save for good (the player kept the server's copy, or let a deleted range's edit
   * go): out of the queue and store.
   */
  discard(key: string): void {
    this.conflicts.delete(key);
    this.gone.delete(key);
    this.waiting.delete(key);
    this.persist(key, null);
    if (this.waiting.size === 0) this.clearTimer();
    this.refreshStatus();
  }

  /** True while a save of `key` waits for the player's choice after a conflict. */
  inConflict(key: string): boolean {
    return this.conflicts.has(key);
  }

  /** The held save of a range the server no longer has, while it waits for the player's choice. */
  goneSave(key: string): PendingSave<B> | undefined {
    return this.gone.get(key);
  }

  /** Stops timers (tests, sign-out); held saves stay in the store. */
  dispose(): void {
    this.clearTimer();
  }

  /** The allowance of requests now, refilled at the pace's rate up to its burst. */
  private refill(): number {
    const now = performance.now();
    this.allowance = Math.min(
      this.pace.burst,
      this.allowance + (now - this.allowanceAt) / this.pace.intervalMs,
    );
    this.allowanceAt = now;
    return this.allowance;
  }

  /** `delay`, or longer until the pace allows a request; no wait while a flush waits. */
  private paced(delay: number): number {
    if (this.flushWaiters.length > 0) return delay;
    return Math.max(delay, (1 - this.refill()) * this.pace.intervalMs);
  }

  private schedule(delay: number): void {
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.sendNext();
    }, delay);
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private async sendNext(): Promise<void> {
    if (this.inFlight !== null) return;
    const next = this.waiting.values().next();
    if (next.done) {
      this.settleFlush(true);
      this.refreshStatus();
      return;
    }
    const save = next.value;
    this.waiting.delete(save.key);
    this.inFlight = save;
    this.refill();
    this.allowance -= 1;
    this.refreshStatus();
    const attempt = new AbortController();
    const timer = setTimeout(() => attempt.abort(new SaveTimeoutError()), this.timeoutMs);
    const givenUp = new Promise<never>((_, reject) =>
      attempt.signal.addEventListener('abort', () => reject(attempt.signal.reason as Error)),
    );
    try {
      // A send that does not stop at the signal is left behind all the same: its late answer changes nothing here.
      const result = await Promise.race([
        this.options.send(save, { keepalive: false, signal: attempt.signal }),
        givenUp,
      ]);
      clearTimeout(timer);
      this.inFlight = null;
      this.attempt = 0;
      this.failed = null;
      this.options.onSaved?.(save, result);
      // A newer body for this range queued meanwhile keeps the stored copy (it already replaced this one), now
      // based on the revision just confirmed, so a reload does not mistake it for a conflict with itself.
      const newer = this.waiting.get(save.key);
      if (!newer) this.persist(save.key, null);
      else if (this.options.rebase) {
        const rebased = { ...newer, body: this.options.rebase(newer.body, result) };
        this.waiting.set(save.key, rebased);
        this.persist(save.key, rebased);
      }
      if (this.waiting.size > 0) this.schedule(this.paced(0));
      else {
        this.settleFlush(true);
        this.status = this.asideStatus() ?? 'saved';
        this.emit();
      }
    } catch (error) {
      clearTimeout(timer);
      this.inFlight = null;
      const kind = this.options.classify(error);
      this.failed = kind;
      if (kind === 'drop') {
        if (!this.waiting.has(save.key)) this.persist(save.key, null);
        this.options.onDrop?.(save, error);
        this.settleFlush(false);
        this.status = 'error';
        this.emit();
        if (this.waiting.size > 0) this.schedule(0);
        return;
      }
      if (kind === 'conflict') {
        // Set aside, still held in the store: the player's choice (or a newer edit) decides what happens to it.
        // A newer body for the range queued meanwhile joins it: it has the same stale base.
        const newer = this.waiting.get(save.key);
        this.waiting.delete(save.key);
        this.conflicts.add(save.key);
        this.failed = null;
        this.options.onConflict?.(newer ?? save, error);
        this.settleFlush(false);
        this.refreshStatus();
        if (this.waiting.size > 0) this.schedule(0);
        return;
      }
      if (kind === 'gone') {
        // Held, not dropped: the newest body of the range (one queued meanwhile included) is written to the store
        // again, in case another tab let go of its copy, and waits for the player's choice.
        const held = this.waiting.get(save.key) ?? save;
        this.waiting.delete(save.key);
        this.conflicts.delete(save.key);
        this.gone.set(save.key, held);
        this.persist(save.key, held);
        this.failed = null;
        this.options.onGone?.(held);
        this.settleFlush(false);
        this.refreshStatus();
        if (this.waiting.size > 0) this.schedule(0);
        return;
      }
      // Back at the head of the queue, unless a newer body for the same range is already waiting.
      if (!this.waiting.has(save.key)) {
        const rest = [...this.waiting.values()];
        this.waiting.clear();
        for (const entry of [save, ...rest]) this.waiting.set(entry.key, entry);
      }
      this.attempt += 1;
      this.settleFlush(false);
      this.refreshStatus();
      this.schedule(retryDelay(this.attempt, this.retryBaseMs, this.retryMaxMs));
    }
  }

  private forget(save: PendingSave<B>): void {
    this.waiting.delete(save.key);
    this.persist(save.key, null);
  }

  /**
   * Holds `save` as the newest body of its range, or lets the range's held save go (null): in the journal at once,
   * then in the store, whose writes keep the order they were asked in.
   */
  private persist(key: string, save: PendingSave<B> | null): void {
    const { store, journal } = this.options;
    const mark = journal?.record(key, save) ?? null;
    this.storeChain = this.storeChain
      .then(() => (save ? store.put(save) : store.remove(key)))
      .then(() => {
        if (mark !== null) journal?.written(key, mark);
      })
      // A store that cannot write (private mode) must not stop saving to the server; the journal keeps the record.
      .catch(() => undefined);
  }

  /** Resolves once every store write issued so far has finished (tests, and before a reload in the app). */
  settled(): Promise<void> {
    return this.storeChain;
  }

  private settleFlush(saved: boolean): void {
    const waiters = this.flushWaiters;
    this.flushWaiters = [];
    for (const resolve of waiters) resolve(saved);
  }

  /** What the saves set aside wait for, when any do: a conflict's choice first, then a deleted range's. */
  private asideStatus(): SaveStatus | null {
    if (this.conflicts.size > 0) return 'conflict';
    return this.gone.size > 0 ? 'gone' : null;
  }

  private refreshStatus(): void {
    let next: SaveStatus;
    const aside = this.asideStatus();
    if (this.inFlight) next = 'saving';
    else if (aside && this.waiting.size === 0) next = aside;
    else if (this.waiting.size === 0)
      next = this.status === 'error' ? 'error' : this.status === 'idle' ? 'idle' : 'saved';
    else if (this.failed === 'offline') next = 'offline';
    else if (this.failed === 'retry') next = 'error';
    else next = 'unsaved';
    if (next !== this.status) {
      this.status = next;
      this.emit();
    }
  }

  private emit(): void {
    this.options.onStatus?.(this.status);
  }
}
