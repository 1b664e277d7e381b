// The pool's warm-up behind a gate (the browser's first paint): nothing but the module load runs before the gate
// opens, a job asked for meanwhile runs at once, and the workers then warm up one at a time.
import { afterEach, describe, expect, it } from 'vitest';

import type { EngineApi } from '../../src/engine/engine-api.ts';
import { standInClient } from './support/stand-in-client.ts';

const ROUND_MS = 30;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Worker stand-ins on MessageChannels; every call is logged in order as "worker:call". */
function gatedPool(size: number, loadMs = 0) {
  const calls: string[] = [];
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const { client, close, created } = standInClient(
    (index): Partial<EngineApi> => ({
      version: (async () => {
        calls.push(`${index}:version`);
        await sleep(loadMs);
        calls.push(`${index}:loaded`);
        return 'test';
      }) as unknown as EngineApi['version'],
      warmUp: (async (rounds: number) => {
        calls.push(`${index}:warmUp ${rounds}`);
        await sleep(ROUND_MS);
        calls.push(`${index}:warmUp done`);
        return { units: 1000, ms: ROUND_MS };
      }) as unknown as EngineApi['warmUp'],
      parseRange: () => (calls.push(`${index}:parseRange`), new Float32Array(1326)),
    }),
    { size, warmUpAfter: () => gate },
  );
  return { calls, client, close, open: () => open(), created };
}

let close = () => undefined as void;
afterEach(() => close());

describe('pool warm-up behind a gate', () => {
  it('loads the engine but warms up nothing before the gate, and serves a job at once', async () => {
    const pool = gatedPool(2);
    close = pool.close;
    void pool.client.warm();
    expect(pool.created()).toBe(2);
    await sleep(ROUND_MS);
    expect([...pool.calls].sort()).toEqual(['0:loaded', '0:version', '1:loaded', '1:version']);
    // A job while the gate is shut runs on the loaded worker without waiting for any warm-up round.
    await pool.client.parseRange('AA');
    expect(pool.calls.filter((call) => call.includes('warmUp'))).toEqual([]);
    expect(pool.calls.filter((call) => call.endsWith(':parseRange'))).toHaveLength(1);
  });

  it('posts a job before the module has answered: the worker queues it behind its own load', async () => {
    const pool = gatedPool(1, 3 * ROUND_MS);
    close = pool.close;
    void pool.client.warm();
    await sleep(ROUND_MS);
    await pool.client.parseRange('AA');
    // The job reached the worker (and here, in the stand-in, even came back) while its module was still loading: the
    // pool did not hold it until the main thread had the module's answer.
    expect(pool.calls).toContain('0:parseRange');
    expect(pool.calls).not.toContain('0:loaded');
  });

  it('warms the workers one at a time once the gate opens', async () => {
    const pool = gatedPool(2);
    close = pool.close;
    const warm = pool.client.warm();
    await sleep(ROUND_MS);
    expect(pool.calls.some((call) => call.includes('warmUp'))).toBe(false);
    pool.open();
    await warm;
    const rounds = pool.calls.filter((call) => call.includes('warmUp'));
    // Worker 0's three rounds end before worker 1's first begins.
    const lastOfFirst = rounds.lastIndexOf('0:warmUp done');
    const firstOfSecond = rounds.indexOf('1:warmUp 1');
    expect(rounds.filter((call) => call === '0:warmUp 1')).toHaveLength(3);
    expect(rounds.filter((call) => call === '1:warmUp 1')).toHaveLength(3);
    expect(lastOfFirst).toBeLessThan(firstOfSecond);
  });

  it('lets a job that arrives during the warm-up go before the next round', async () => {
    const pool = gatedPool(1);
    close = pool.close;
    const warm = pool.client.warm();
    pool.open();
    await sleep(ROUND_MS / 2);
    await pool.client.parseRange('AA');
    await warm;
    const job = pool.calls.indexOf('0:parseRange');
    const roundsBefore = pool.calls.slice(0, job).filter((call) => call === '0:warmUp 1').length;
    expect(roundsBefore).toBeLessThanOrEqual(1);
    // The worker stays usable after its warm-up.
    expect(await pool.client.version()).toBe('test');
  });
});
