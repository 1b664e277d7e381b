import { existsSync } from 'node:fs';

import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type CounterStore, MemoryCounterStore } from '../../server/lib/counters.ts';
import { RedisCounterStore } from '../../server/lib/redis-counters.ts';
import { DatabaseCounterStore } from '../../server/modules/auth/counters.repository.ts';
import { type Service, startRedis } from '../scale/support/services.ts';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

/** The behaviour every counter driver must share (memory for SQLite, the database for PostgreSQL, Redis later). */
/** `prunes`: the driver deletes ended windows on prune() (Redis expires them by itself instead). */
function contract(store: () => CounterStore, prunes = true) {
  const t0 = 1_700_000_000_000;

  it('counts within a fixed window and starts over after it', async () => {
    const s = store();
    expect(await s.hit('fixed', 1000, t0)).toEqual({ count: 1, resetAt: t0 + 1000 });
    expect(await s.hit('fixed', 1000, t0 + 500)).toEqual({ count: 2, resetAt: t0 + 1000 });
    expect(await s.peek('fixed', t0 + 999)).toEqual({ count: 2, resetAt: t0 + 1000 });
    expect(await s.peek('fixed', t0 + 1000)).toBeNull();
    expect(await s.hit('fixed', 1000, t0 + 1000)).toEqual({ count: 1, resetAt: t0 + 2000 });
  });

  it('a sliding window ends windowMs after the last event', async () => {
    const s = store();
    await s.hit('slide', 1000, t0, true);
    expect(await s.hit('slide', 1000, t0 + 900, true)).toEqual({ count: 2, resetAt: t0 + 1900 });
  });

  it('clears one key and prunes ended windows', async () => {
    const s = store();
    await s.hit('a', 1000, t0);
    await s.hit('b', 5000, t0);
    await s.clear('a');
    expect(await s.peek('a', t0)).toBeNull();
    // Other tests' keys share the table: only what happens to 'b' is certain.
    await s.prune(t0 + 2000);
    expect(await s.peek('b', t0)).toEqual({ count: 1, resetAt: t0 + 5000 });
    const pruned = await s.prune(t0 + 6000);
    expect(await s.peek('b', t0 + 6000)).toBeNull();
    if (prunes) {
      expect(pruned).toBeGreaterThanOrEqual(1);
      expect(await s.peek('b', t0)).toBeNull();
    }
  });

  it('counts several events at once when asked (a write charged by the rows it touches)', async () => {
    const s = store();
    expect(await s.hit('bulk', 1000, t0, false, 40)).toEqual({ count: 40, resetAt: t0 + 1000 });
    expect(await s.hit('bulk', 1000, t0 + 10)).toEqual({ count: 41, resetAt: t0 + 1000 });
    expect(await s.hit('bulk', 1000, t0 + 20, false, 9)).toEqual({ count: 50, resetAt: t0 + 1000 });
    expect(await s.hit('bulk', 1000, t0 + 1000, false, 3)).toEqual({ count: 3, resetAt: t0 + 2000 });
  });

  it('counts 100 parallel events exactly', async () => {
    const s = store();
    const states = await Promise.all(Array.from({ length: 100 }, () => s.hit('parallel', 60_000, t0)));
    expect(states.map((state) => state.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 1),
    );
  });
}

describe('memory counter store', () => {
  contract(() => new MemoryCounterStore());
});

describeEachDatabase('database counter store', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t.close());
  contract(() => new DatabaseCounterStore(t.app.services.db));
});

describe.skipIf(!existsSync('/usr/bin/redis-server'))('redis counter store', () => {
  let server: Service;
  let redis: Redis;
  beforeAll(async () => {
    server = await startRedis();
    redis = new Redis(server.url);
  });
  afterAll(async () => {
    await redis?.quit();
    await server?.stop();
  });
  contract(() => new RedisCounterStore(redis), false);

  it('answers a Redis outage with an error the error handler maps to 503', async () => {
    const away = new Redis('redis://127.0.0.1:1', {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      lazyConnect: true,
    });
    try {
      await expect(new RedisCounterStore(away).hit('k', 1000, 0)).rejects.toMatchObject({
        code: 'REDIS_UNAVAILABLE',
      });
    } finally {
      away.disconnect();
    }
  });
});
