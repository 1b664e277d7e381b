import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/api-client';
import { TRAINER_BATCH_MAX, TRAINER_FLUSH_AT, TRAINER_FLUSH_MS } from '@contract/limits';
import type { TrainerAnswerBody } from '@contract/trainer';

import { AnswerQueue, type QueueState } from './answer-queue';

const answer = (index: number): TrainerAnswerBody => ({
  category_id: 5,
  combo: index % 2 ? 'AsAd' : 'KsKd',
  color: null,
});

describe('AnswerQueue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function queue(send: (answers: TrainerAnswerBody[], options: { keepalive: boolean }) => Promise<unknown>) {
    const states: QueueState[] = [];
    const spy = vi.fn(send);
    return { queue: new AnswerQueue(spy, (state) => states.push(state)), spy, last: () => states.at(-1)! };
  }

  it('holds answers for TRAINER_FLUSH_MS after the first, then sends them in one batch', async () => {
    const { queue: q, spy, last } = queue(async () => undefined);
    q.add(answer(1));
    await vi.advanceTimersByTimeAsync(TRAINER_FLUSH_MS - 1);
    q.add(answer(2));
    expect(spy).not.toHaveBeenCalled();
    expect(last().unsaved).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls[0]![0]).toEqual([answer(1), answer(2)]);
    expect(last()).toEqual({ unsaved: 0, retrying: false, dropped: null });
  });

  it('sends at once when TRAINER_FLUSH_AT wait, and never more than TRAINER_BATCH_MAX in one request', async () => {
    let release: () => void = () => undefined;
    const { queue: q, spy } = queue(() => new Promise<void>((resolve) => (release = resolve)));
    for (let index = 0; index < TRAINER_FLUSH_AT; index += 1) q.add(answer(index));
    expect(spy).toHaveBeenCalledTimes(1);
    // Answers given while a batch is on its way wait for it; then the full ones go at once.
    for (let index = 0; index < TRAINER_BATCH_MAX + 10; index += 1) q.add(answer(index));
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(spy).toHaveBeenCalledTimes(2);
    expect(spy.mock.calls[1]![0]).toHaveLength(TRAINER_BATCH_MAX);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(spy.mock.calls.map(([batch]) => batch.length)).toEqual([TRAINER_FLUSH_AT, TRAINER_BATCH_MAX]);
    await vi.advanceTimersByTimeAsync(TRAINER_FLUSH_MS);
    expect(spy.mock.calls.map(([batch]) => batch.length)).toEqual([TRAINER_FLUSH_AT, TRAINER_BATCH_MAX, 10]);
  });

  it('tries a batch again later after a network failure, 429 or 5xx, waiting longer each time', async () => {
    const failures = [new ApiError(0, 'offline'), new ApiError(429, 'busy'), new ApiError(503, 'down')];
    const {
      queue: q,
      spy,
      last,
    } = queue(async () => {
      const failure = failures.shift();
      if (failure) throw failure;
    });
    q.add(answer(1));
    await vi.advanceTimersByTimeAsync(TRAINER_FLUSH_MS);
    expect(last()).toMatchObject({ unsaved: 1, retrying: true });
    await vi.advanceTimersByTimeAsync(2000);
    expect(spy).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3999);
    expect(spy).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(spy).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(8000);
    expect(spy).toHaveBeenCalledTimes(4);
    expect(spy.mock.calls.every(([batch]) => batch.length === 1)).toBe(true);
    expect(last()).toEqual({ unsaved: 0, retrying: false, dropped: null });
  });

  it('drops a batch the server refuses for good (400) and says why', async () => {
    const {
      queue: q,
      spy,
      last,
    } = queue(async () => {
      throw new ApiError(400, 'Invalid request', 'invalidRequest');
    });
    q.add(answer(1));
    q.add(answer(2));
    await vi.advanceTimersByTimeAsync(TRAINER_FLUSH_MS);
    expect(last()).toEqual({ unsaved: 0, retrying: false, dropped: { count: 2, reason: 'Invalid request' } });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('sends everything waiting with keepalive when the player leaves, and takes no more', () => {
    const { queue: q, spy } = queue(async () => undefined);
    for (let index = 0; index < 3; index += 1) q.add(answer(index));
    q.leave();
    expect(spy).toHaveBeenCalledWith([answer(0), answer(1), answer(2)], { keepalive: true });
    q.add(answer(4));
    vi.advanceTimersByTime(TRAINER_FLUSH_MS * 2);
    expect(spy).toHaveBeenCalledTimes(1);
  });
});
