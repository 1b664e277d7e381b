import { describe, expect, it } from 'vitest';

import { HttpError } from './http-error.ts';
import { KeyedLock, Semaphore } from './semaphore.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('Semaphore', () => {
  it('runs at most `max` tasks at once, in arrival order, and refuses past the queue with 503', async () => {
    const slots = new Semaphore(2, 3);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const task = (id: number) =>
      slots.run(async () => {
        running += 1;
        peak = Math.max(peak, running);
        await tick();
        order.push(id);
        running -= 1;
        return id;
      });
    const accepted = [1, 2, 3, 4, 5].map(task);
    const refused = task(6);
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    await expect(refused).rejects.toMatchObject({ statusCode: 503, code: 'serverBusy', retryAfter: 1 });
    expect(await Promise.all(accepted)).toEqual([1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect(order.slice(2)).toEqual([3, 4, 5]);
    // Slots come back after failures too.
    await expect(slots.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await slots.run(async () => 'free again')).toBe('free again');
    expect(slots.queued).toBe(0);
  });
});

describe('KeyedLock', () => {
  it('runs tasks of one key one after another and other keys alongside', async () => {
    const lock = new KeyedLock();
    const log: string[] = [];
    const task = (key: string, id: string) =>
      lock.run(key, async () => {
        log.push(`start ${id}`);
        await tick();
        log.push(`end ${id}`);
      });
    await Promise.all([task('a', 'a1'), task('a', 'a2'), task('b', 'b1')]);
    expect(log.indexOf('end a1')).toBeLessThan(log.indexOf('start a2'));
    expect(log.indexOf('start b1')).toBeLessThan(log.indexOf('end a1'));
    // A failing task releases the key.
    await expect(lock.run('a', async () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(await lock.run('a', async () => 'next')).toBe('next');
  });
});
