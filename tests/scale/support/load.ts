// A steady load of what players do, through one address (the balancer): reads of the session, the store and the
// library, and now and then a library write, each worker as its own signed-in player. Every answer that is not the
// expected success is a failure, with what it was.

export interface LoadResult {
  requests: number;
  writes: number;
  failures: string[];
}

export interface Load {
  stop(): Promise<LoadResult>;
}

/** Pause between a worker's requests; one write every WRITE_EVERY requests keeps each player far below its budget. */
const PAUSE_MS = 15;
const WRITE_EVERY = 40;

export function startLoad(url: string, tokens: string[]): Load {
  const result: LoadResult = { requests: 0, writes: 0, failures: [] };
  let running = true;
  const worker = async (token: string, player: number) => {
    const headers = { authorization: `Bearer ${token}` };
    for (let n = 0; running; n += 1) {
      const write = n % WRITE_EVERY === WRITE_EVERY - 1;
      const reads = ['/api/v1/auth/user', '/api/shop', '/api/v1/categories/tree?root_type=preflop_root'];
      const path = write ? '/api/v1/categories' : (reads[n % reads.length] as string);
      try {
        const response = await fetch(`${url}${path}`, {
          method: write ? 'POST' : 'GET',
          headers: write ? { ...headers, 'content-type': 'application/json' } : headers,
          body: write
            ? JSON.stringify({ name: `rolling ${player}-${n}`, kind: 'folder', root_type: 'preflop_root' })
            : undefined,
        });
        const body = await response.text();
        if (response.status !== 200)
          result.failures.push(`${path}: ${response.status} ${body.slice(0, 200)}`);
      } catch (error) {
        result.failures.push(`${path}: ${(error as Error).message}`);
      }
      result.requests += 1;
      if (write) result.writes += 1;
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
  };
  const workers = tokens.map((token, player) => worker(token, player));
  return {
    stop: async () => {
      running = false;
      await Promise.all(workers);
      return result;
    },
  };
}
