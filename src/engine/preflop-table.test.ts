// The preflop table's download: one fetch shared by every caller, kept in Cache Storage under the hashed URL with
// older builds' entries deleted, checked before it is kept, and tried again after a failure. The browser suite runs
// the same code against chromium's real Cache Storage (tests/e2e/preflop-table.spec.ts).
import { describe, expect, it } from 'vitest';

import {
  createPreflopTableSource,
  PREFLOP_CACHE,
  preflopTableProblem,
  usesPreflopTable,
} from './preflop-table';

/** A table file in the engine's format (header, byte planes, FNV-1a checksum) with `count` entries. */
function tableFile(count: number): Uint8Array {
  const body = 16 + count * 9;
  const bytes = new Uint8Array(body + 4);
  const view = new DataView(bytes.buffer);
  bytes.set([0x52, 0x46, 0x50, 0x46]); // RFPF
  view.setUint32(4, 2, true);
  view.setUint32(8, count, true);
  view.setUint32(12, 1_712_304, true);
  for (let index = 16; index < body; index += 1) bytes[index] = (index * 7) & 0xff;
  let hash = 0x811c9dc5;
  for (let index = 0; index < body; index += 1) hash = Math.imul(hash ^ bytes[index]!, 0x01000193) >>> 0;
  view.setUint32(body, hash, true);
  return bytes;
}

const TABLE = tableFile(1000);
const BASE = 'https://rangeforge.test/ranges';
const URL_V2 = '/assets/preflop-B2.bin';

/** Cache Storage in memory, enough of it for the source: open, match, put, delete, keys. */
class MemoryCaches {
  readonly caches = new Map<string, Map<string, Uint8Array>>();
  refuse = false;

  open(name: string): Promise<Cache> {
    if (this.refuse) return Promise.reject(new DOMException('denied', 'SecurityError'));
    const entries = this.caches.get(name) ?? new Map<string, Uint8Array>();
    this.caches.set(name, entries);
    const key = (request: RequestInfo | URL) =>
      typeof request === 'string' ? request : 'url' in request ? request.url : request.href;
    const cache = {
      match: async (request: RequestInfo | URL) => {
        const bytes = entries.get(key(request));
        return bytes ? new Response(bytes.slice()) : undefined;
      },
      put: async (request: RequestInfo | URL, response: Response) => {
        entries.set(key(request), new Uint8Array(await response.arrayBuffer()));
      },
      delete: async (request: RequestInfo | URL) => entries.delete(key(request)),
      keys: async () => [...entries.keys()].map((url) => new Request(url)),
    };
    return Promise.resolve(cache as unknown as Cache);
  }

  entries(): string[] {
    return [...(this.caches.get(PREFLOP_CACHE)?.keys() ?? [])];
  }
}

/** A server that answers every table request with `body` (or `status`), counting the requests. */
function server(body: Uint8Array = TABLE, status = 200) {
  const requests: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    requests.push(String(input));
    return new Response(status === 200 ? body.slice() : 'unavailable', { status });
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

describe('preflopTableProblem', () => {
  it('accepts a well-formed table and names what is wrong with damaged bytes', () => {
    expect(preflopTableProblem(TABLE)).toBeNull();
    expect(preflopTableProblem(new TextEncoder().encode('<!doctype html>'))).toBe('not a preflop table file');
    expect(preflopTableProblem(TABLE.subarray(0, TABLE.length - 1))).toBe('truncated or oversized');
    const flipped = TABLE.slice();
    flipped[5000] = flipped[5000]! ^ 1;
    expect(preflopTableProblem(flipped)).toBe('checksum mismatch');
  });
});

describe('createPreflopTableSource', () => {
  it('downloads once for concurrent callers and keeps the table in Cache Storage under its full URL', async () => {
    const { fetch, requests } = server();
    const caches = new MemoryCaches();
    const source = createPreflopTableSource(URL_V2, {
      fetch,
      caches: caches as unknown as CacheStorage,
      baseUrl: BASE,
    });
    expect(source.state()).toEqual({ state: 'idle' });
    const [first, second] = await Promise.all([source.load(), source.load()]);
    expect(first).toEqual(TABLE);
    expect(second).toBe(first);
    expect(requests).toEqual(['https://rangeforge.test/assets/preflop-B2.bin']);
    expect(source.state()).toEqual({ state: 'ready' });
    expect(caches.entries()).toEqual(['https://rangeforge.test/assets/preflop-B2.bin']);
  });

  it('serves a later page from Cache Storage and deletes the tables of earlier builds', async () => {
    const caches = new MemoryCaches();
    const storage = caches as unknown as CacheStorage;
    const old = server();
    await createPreflopTableSource('/assets/preflop-A1.bin', {
      fetch: old.fetch,
      caches: storage,
      baseUrl: BASE,
    }).load();
    const fresh = server();
    await createPreflopTableSource(URL_V2, { fetch: fresh.fetch, caches: storage, baseUrl: BASE }).load();
    expect(caches.entries()).toEqual(['https://rangeforge.test/assets/preflop-B2.bin']);
    const offline = server(TABLE, 503);
    const cached = await createPreflopTableSource(URL_V2, {
      fetch: offline.fetch,
      caches: storage,
      baseUrl: BASE,
    }).load();
    expect(cached).toEqual(TABLE);
    expect(offline.requests).toEqual([]);
  });

  it('replaces a damaged cache entry and never keeps damaged downloads', async () => {
    const caches = new MemoryCaches();
    const storage = caches as unknown as CacheStorage;
    const damaged = TABLE.slice();
    damaged[100] = damaged[100]! ^ 1;
    const bad = server(damaged);
    const source = createPreflopTableSource(URL_V2, { fetch: bad.fetch, caches: storage, baseUrl: BASE });
    await expect(source.load()).rejects.toThrow('checksum mismatch');
    expect(source.state()).toEqual({ state: 'error', message: 'checksum mismatch' });
    expect(caches.entries()).toEqual([]);
    // A damaged entry already in the cache is thrown away and downloaded again.
    caches.caches.get(PREFLOP_CACHE)!.set('https://rangeforge.test/assets/preflop-B2.bin', damaged);
    const good = server();
    const bytes = await createPreflopTableSource(URL_V2, {
      fetch: good.fetch,
      caches: storage,
      baseUrl: BASE,
    }).load();
    expect(bytes).toEqual(TABLE);
    expect(good.requests).toHaveLength(1);
  });

  it('reports a failed download and tries again on the next load', async () => {
    let status = 503;
    const requests: string[] = [];
    const fetch = (async (input: RequestInfo | URL) => {
      requests.push(String(input));
      return new Response(status === 200 ? TABLE.slice() : 'down', { status });
    }) as typeof globalThis.fetch;
    const source = createPreflopTableSource(URL_V2, { fetch, caches: undefined, baseUrl: BASE });
    const states: string[] = [];
    source.subscribe(() => states.push(source.state().state));
    await expect(source.load()).rejects.toThrow('HTTP 503');
    expect(source.state()).toEqual({ state: 'error', message: 'HTTP 503' });
    status = 200;
    await expect(source.load()).resolves.toEqual(TABLE);
    expect(requests).toHaveLength(2);
    expect(states).toEqual(['loading', 'error', 'loading', 'ready']);
  });

  it('still downloads when Cache Storage is missing or refused', async () => {
    const caches = new MemoryCaches();
    caches.refuse = true;
    const refused = server();
    const storage = caches as unknown as CacheStorage;
    await expect(
      createPreflopTableSource(URL_V2, { fetch: refused.fetch, caches: storage, baseUrl: BASE }).load(),
    ).resolves.toEqual(TABLE);
    const none = server();
    await expect(
      createPreflopTableSource(URL_V2, { fetch: none.fetch, caches: undefined, baseUrl: BASE }).load(),
    ).resolves.toEqual(TABLE);
    expect([refused.requests.length, none.requests.length]).toEqual([1, 1]);
  });
});

describe('usesPreflopTable', () => {
  it('is true for exact preflop equity without dead cards only', () => {
    expect(usesPreflopTable('', '')).toBe(true);
    expect(usesPreflopTable('', 'Ah')).toBe(false);
    expect(usesPreflopTable('Kh9d4c', '')).toBe(false);
  });
});
