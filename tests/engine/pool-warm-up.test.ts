// The pool's warm-up against a worker whose calls are recorded: it runs right after start, and a real job that
// arrives meanwhile goes first instead of waiting for every warm-up round.
import { afterEach, describe, expect, it } from 'vitest';

import type { EngineApi } from '../../src/engine/engine-api.ts';
import { standInClient } from './support/stand-in-client.ts';

const ROUND_MS = 40;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A worker stand-in on a MessageChannel: each warm-up round takes ROUND_MS; every call is logged in order. */
function recordingPool(size: number) {
  const calls: string[] = [];
  const api: Partial<EngineApi> = {
    version: () => (calls.push('version'), 'test'),
    // A round ends after ROUND_MS without blocking this thread, which runs the test as well as the stand-in.
    warmUp: (async (rounds: number) => {
      calls.push(`warmUp ${rounds}`);
      await sleep(ROUND_MS);
      return ROUND_MS;
    }) as unknown as EngineApi['warmUp'],
    parseRange: () => (calls.push('parseRange'), new Float32Array(1326)),
  };
  const { client, close } = standInClient(() => api, { size });
  return { calls, client, close };
}

let close = () => undefined as void;
afterEach(() => close());

describe('pool warm-up', () => {
  it('runs every warm-up round right after start when no job comes', async () => {
    const pool = recordingPool(1);
    close = pool.close;
    await pool.client.warm();
    expect(pool.calls).toEqual(['version', 'warmUp 1', 'warmUp 1', 'warmUp 1']);
  });

  it('lets a real job go first after at most the round that is running', async () => {
    const pool = recordingPool(1);
    close = pool.close;
    const warm = pool.client.warm();
    await sleep(ROUND_MS / 2);
    await pool.client.parseRange('AA');
    await warm;
    const job = pool.calls.indexOf('parseRange');
    expect(job).toBeGreaterThan(0);
    const roundsBefore = pool.calls
      .slice(0, job)
      .filter((call) => call.startsWith('warmUp'))
      .reduce((sum, call) => sum + Number(call.split(' ')[1]), 0);
    expect(roundsBefore).toBeLessThanOrEqual(1);
    // The worker stays usable: the job ran on the warmed module.
    expect(await pool.client.version()).toBe('test');
  });
});
