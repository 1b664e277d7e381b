import { HttpError } from './http-error.ts';

/**
 * At most `max` tasks run at once; up to `maxQueue` more wait in arrival order, and beyond that the caller is told
 * to come back (503) instead of queueing without bound. Used for argon2: each hash takes ~20 MiB and a core for
 * tens of milliseconds, so an unbounded flood would make every login wait behind it.
 */
export class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly max: number,
    readonly maxQueue: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.max) {
      this.active += 1;
    } else {
      if (this.waiting.length >= this.maxQueue) throw new HttpError(503, 'serverBusy', 1);
      // The releasing task hands its slot over directly, so `active` stays counted for us.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }

  get queued(): number {
    return this.waiting.length;
  }
}

/**
 * Runs tasks with the same key one after another (different keys run freely). Password checks of one account go
 * through it, so 60 parallel guesses see the failure counter of the guesses before them instead of all racing
 * past a counter that still reads 0.
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release: () => void = () => {};
    const current = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => current);
    this.tails.set(key, tail);
    await previous;
    try {
      return await task();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}
