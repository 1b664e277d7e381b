import type { Redis } from 'ioredis';

import type { CounterState, CounterStore } from './counters.ts';

const PREFIX = 'rangeforge-ctr:';

/**
 * One event, atomically (a Lua script runs alone on the server): the same rules as the database driver. Times are
 * the caller's clock in ms; Redis only expires the key when its window has ended. Numbers are formatted with %.0f
 * because Lua's tostring writes 1.7e+12 and would lose the milliseconds.
 */
const HIT = `
local now = tonumber(ARGV[2])
local window = tonumber(ARGV[1])
local amount = tonumber(ARGV[4])
local values = redis.call('HMGET', KEYS[1], 'count', 'reset')
local count = tonumber(values[1])
local reset = tonumber(values[2])
if (not count) or reset <= now then
  count = amount
  reset = now + window
else
  count = count + amount
  if ARGV[3] == '1' then reset = now + window end
end
redis.call('HSET', KEYS[1], 'count', count, 'reset', string.format('%.0f', reset))
redis.call('PEXPIRE', KEYS[1], string.format('%.0f', reset - now))
return {count, string.format('%.0f', reset)}
`;

/** A Redis failure as the error handler knows it: 503 with Retry-After, the cause kept for the log. */
function unavailable(error: unknown): Error {
  return Object.assign(new Error(`redis unavailable: ${(error as Error).message}`), {
    code: 'REDIS_UNAVAILABLE',
    cause: error,
  });
}

/** The Redis driver of the counter store (REDIS_URL): every instance counts in one place, in memory. */
export class RedisCounterStore implements CounterStore {
  constructor(private readonly redis: Redis) {}

  async hit(key: string, windowMs: number, now: number, sliding = false, amount = 1): Promise<CounterState> {
    try {
      const [count, resetAt] = (await this.redis.eval(
        HIT,
        1,
        PREFIX + key,
        String(windowMs),
        String(now),
        sliding ? '1' : '0',
        String(amount),
      )) as [number, string];
      return { count: Number(count), resetAt: Number(resetAt) };
    } catch (error) {
      throw unavailable(error);
    }
  }

  async peek(key: string, now: number): Promise<CounterState | null> {
    try {
      const [count, reset] = await this.redis.hmget(PREFIX + key, 'count', 'reset');
      if (count === null || reset === null || Number(reset) <= now) return null;
      return { count: Number(count), resetAt: Number(reset) };
    } catch (error) {
      throw unavailable(error);
    }
  }

  async clear(key: string): Promise<void> {
    try {
      await this.redis.del(PREFIX + key);
    } catch (error) {
      throw unavailable(error);
    }
  }

  /** Redis expires each key when its window ends: nothing to sweep. */
  async prune(): Promise<number> {
    return 0;
  }
}
