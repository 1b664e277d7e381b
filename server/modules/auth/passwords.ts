import { availableParallelism } from 'node:os';

import { hash, verify } from '@node-rs/argon2';

import { Semaphore } from '../../lib/semaphore.ts';

// argon2id (the library default algorithm) with OWASP's minimum: 19 MiB, 2 passes, 1 lane.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** Direct hashing for the command-line tools (seed, admin); the server goes through PasswordHasher. */
export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);
export const verifyPassword = (passwordHash: string, password: string): Promise<boolean> =>
  verify(passwordHash, password).catch(() => false);

/**
 * argon2 behind a cap: at most one hash per core at once (the rest queue, and past `maxQueue` the caller gets 503),
 * so a burst of guesses cannot take every core and the memory of 19 MiB per hash from other users' logins.
 * `runs` counts the hashes computed, which the brute-force tests read.
 */
export class PasswordHasher {
  private readonly slots: Semaphore;
  private dummyHash: Promise<string> | null = null;
  runs = 0;

  constructor(concurrency = Math.max(1, availableParallelism()), maxQueue = 256) {
    this.slots = new Semaphore(concurrency, maxQueue);
  }

  hash(password: string): Promise<string> {
    return this.slots.run(async () => {
      this.runs += 1;
      return hash(password, OPTIONS);
    });
  }

  /** A null hash (unknown account) is checked against a real hash anyway: unknown logins take as long as real ones. */
  verify(passwordHash: string | null, password: string): Promise<boolean> {
    return this.slots.run(async () => {
      this.runs += 1;
      if (passwordHash === null) {
        this.dummyHash ??= hash(`dummy-${Math.random()}`, OPTIONS);
        await verify(await this.dummyHash, password).catch(() => false);
        return false;
      }
      return verify(passwordHash, password).catch(() => false);
    });
  }
}
