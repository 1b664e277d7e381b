// The preflop table (47,008 heads-up matchups, 413 KB, about 175 KB brotli) is not part of the engine module: it is
// its own content-hashed asset, fetched once on the main thread after the workers have started and warmed up (or at
// once by the first preflop job), kept in Cache Storage under its hashed URL, and copied to each worker (see
// EngineClient). Only exact preflop equity waits for it; postflop equity never does. The three-way all-in table of
// table push/fold solves (three-way-table.ts) is downloaded and kept the same way, by `createTableSource`.

/** Where the table is: not asked for yet, on its way, in hand, or failed (the next load tries again). */
export type PreflopTableState =
  { state: 'idle' } | { state: 'loading' } | { state: 'ready' } | { state: 'error'; message: string };

/** A checked, cached table download (the preflop table, the three-way all-in table). */
export interface TableSource {
  /** The table's bytes: one download (or Cache Storage hit) shared by every caller; after a failure, a new try. */
  load(): Promise<Uint8Array>;
  state(): PreflopTableState;
  /** Calls `listener` on every state change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

export interface PreflopTableEnvironment {
  fetch: typeof fetch;
  /** Cache Storage; absent outside secure contexts (plain http on a LAN address), then every load downloads. */
  caches?: CacheStorage | undefined;
  /** Base for a relative table URL (the page's address). */
  baseUrl: string;
}

export type PreflopTableSource = TableSource;

/** How to keep and check one table file. */
export interface TableFormat {
  /** Cache Storage cache of this table alone; entries of earlier builds (other hashed URLs) are deleted. */
  cache: string;
  /** Why the bytes are not this table (a cheap transport check), or null. */
  problem(bytes: Uint8Array): string | null;
}

/** One Cache Storage cache for the table; entries of earlier builds (other hashed URLs) are deleted. */
export const PREFLOP_CACHE = 'rangeforge-preflop-table';

const HEADER_BYTES = 16;
const ENTRY_BYTES = 9;

/**
 * Cheap transport check before bytes are cached or sent to the workers: header, length and FNV-1a checksum of the
 * engine's format (crates/equity/src/preflop.rs). The engine checks everything again when it loads the table.
 */
export function preflopTableProblem(bytes: Uint8Array): string | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = String.fromCharCode(...bytes.subarray(0, 4));
  if (bytes.length < HEADER_BYTES + 4 || magic !== 'RFPF') return 'not a preflop table file';
  const end = HEADER_BYTES + view.getUint32(8, true) * ENTRY_BYTES;
  if (bytes.length !== end + 4) return 'truncated or oversized';
  return checksumProblem(bytes, end);
}

/** Whether the FNV-1a checksum of the first `end` bytes is the little-endian word stored at `end`. */
export function checksumProblem(bytes: Uint8Array, end: number): string | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let hash = 0x811c9dc5;
  for (let index = 0; index < end; index += 1) hash = Math.imul(hash ^ bytes[index]!, 0x01000193) >>> 0;
  return hash === view.getUint32(end, true) ? null : 'checksum mismatch';
}

async function download(url: string, environment: PreflopTableEnvironment): Promise<Uint8Array> {
  const response = await environment.fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function openCache(environment: PreflopTableEnvironment, name: string): Promise<Cache | null> {
  try {
    return (await environment.caches?.open(name)) ?? null;
  } catch {
    // Storage can be refused (private windows, quota, disabled by policy): the table still downloads.
    return null;
  }
}

/** Deletes what earlier builds cached under other hashed URLs. */
async function pruneCache(cache: Cache, keep: string): Promise<void> {
  for (const request of await cache.keys()) {
    if (request.url !== keep) await cache.delete(request);
  }
}

async function fetchTable(
  url: string,
  environment: PreflopTableEnvironment,
  format: TableFormat,
): Promise<Uint8Array> {
  const cache = await openCache(environment, format.cache);
  const cached = await cache?.match(url).catch(() => undefined);
  if (cache && cached) {
    const bytes = new Uint8Array(await cached.arrayBuffer());
    if (!format.problem(bytes)) {
      void pruneCache(cache, url).catch(() => undefined);
      return bytes;
    }
    await cache.delete(url);
  }
  const bytes = await download(url, environment);
  const problem = format.problem(bytes);
  if (problem) throw new Error(problem);
  if (cache) {
    const stored = new Response(bytes.slice(), { headers: { 'content-type': 'application/octet-stream' } });
    // Caching is an optimisation: a full or refused store must not fail the load.
    await cache
      .put(url, stored)
      .then(() => pruneCache(cache, url))
      .catch(() => undefined);
  }
  return bytes;
}

export function createPreflopTableSource(
  tableUrl: string,
  environment: PreflopTableEnvironment,
): PreflopTableSource {
  return createTableSource(tableUrl, environment, { cache: PREFLOP_CACHE, problem: preflopTableProblem });
}

/** A table file's download: fetched once, checked, kept in its cache, tried again after a failure. */
export function createTableSource(
  tableUrl: string,
  environment: PreflopTableEnvironment,
  format: TableFormat,
): TableSource {
  const url = new URL(tableUrl, environment.baseUrl).href;
  const listeners = new Set<() => void>();
  let current: PreflopTableState = { state: 'idle' };
  let pending: Promise<Uint8Array> | null = null;
  const set = (next: PreflopTableState) => {
    current = next;
    for (const listener of listeners) listener();
  };
  return {
    load() {
      if (pending) return pending;
      set({ state: 'loading' });
      pending = fetchTable(url, environment, format).then(
        (bytes) => {
          set({ state: 'ready' });
          return bytes;
        },
        (error: unknown) => {
          pending = null;
          set({ state: 'error', message: error instanceof Error ? error.message : String(error) });
          throw error;
        },
      );
      return pending;
    },
    state: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Whether exact heads-up equity of a job reads the table: no board and no dead cards (with dead cards the engine
 * enumerates boards instead; see crates/equity/src/exact.rs). Board and dead cards as engine text.
 */
export const usesPreflopTable = (board: string, dead: string): boolean =>
  board.trim() === '' && dead.trim() === '';
