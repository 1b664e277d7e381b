// The drill's answers on their way to the server. Each answer is graded on the page at once (the contract's grading,
// from the chart the drill loaded); the server records them in batches: TRAINER_FLUSH_AT answers, or
// TRAINER_FLUSH_MS after the first one waiting, or everything when the player leaves. A batch is one write of the
// player's write budget, so a player answering as fast as a hand can be read never meets it.
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { TRAINER_BATCH_MAX, TRAINER_FLUSH_AT, TRAINER_FLUSH_MS } from '@contract/limits';
import type { TrainerAnswerBody } from '@contract/trainer';

export type SendAnswers = (answers: TrainerAnswerBody[], options: { keepalive: boolean }) => Promise<unknown>;

export interface QueueState {
  /** Answers given and not yet recorded by the server (waiting, or in a batch on its way). */
  unsaved: number;
  /** The last batch failed and waits to be sent again. */
  retrying: boolean;
  /** Answers the server refused (not retried), with its reason; null when none. */
  dropped: { count: number; reason: string } | null;
}

/** After a failed batch the next try waits this long, doubling up to RETRY_MAX_MS. */
const RETRY_FIRST_MS = 2000;
const RETRY_MAX_MS = 60_000;

/** Network failures, an overloaded or unavailable server and 429 are worth trying again; anything else is final. */
const retryable = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 0 || error.status === 429 || error.status >= 500;

export class AnswerQueue {
  private waiting: TrainerAnswerBody[] = [];
  private inFlight = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private retryMs = 0;
  private dropped: QueueState['dropped'] = null;
  private closed = false;

  constructor(
    private readonly send: SendAnswers,
    private readonly onState: (state: QueueState) => void,
  ) {}

  /** Queues one answer; a full batch goes at once, otherwise it goes TRAINER_FLUSH_MS after the first waiting one. */
  add(answer: TrainerAnswerBody): void {
    if (this.closed) return;
    this.waiting.push(answer);
    this.report();
    if (this.inFlight > 0 || this.retryMs > 0) return;
    if (this.waiting.length >= TRAINER_FLUSH_AT) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), TRAINER_FLUSH_MS);
  }

  /** Sends what waits now (a batch at a time); a batch that fails for a passing reason is tried again later. */
  async flush(): Promise<void> {
    this.clearTimer();
    if (this.inFlight > 0 || this.waiting.length === 0 || this.closed) return;
    const batch = this.waiting.splice(0, TRAINER_BATCH_MAX);
    this.inFlight = batch.length;
    this.report();
    try {
      await this.send(batch, { keepalive: false });
      this.retryMs = 0;
    } catch (error) {
      if (retryable(error)) {
        this.waiting.unshift(...batch);
        this.retryMs = Math.min(RETRY_MAX_MS, this.retryMs ? this.retryMs * 2 : RETRY_FIRST_MS);
      } else {
        this.dropped = {
          count: (this.dropped?.count ?? 0) + batch.length,
          reason: errorMessage(error),
        };
      }
    } finally {
      this.inFlight = 0;
    }
    this.report();
    if (this.closed || this.waiting.length === 0) return;
    if (this.retryMs > 0) this.timer = setTimeout(() => void this.flush(), this.retryMs);
    else if (this.waiting.length >= TRAINER_FLUSH_AT) await this.flush();
    else this.timer = setTimeout(() => void this.flush(), TRAINER_FLUSH_MS);
  }

  /**
   * The player leaves (another page of the app, or the tab goes away): everything waiting goes now, in requests that
   * outlive the page (keepalive), and the queue takes no more answers.
   */
  leave(): void {
    this.clearTimer();
    const rest = this.waiting.splice(0);
    for (let start = 0; start < rest.length; start += TRAINER_BATCH_MAX) {
      void this.send(rest.slice(start, start + TRAINER_BATCH_MAX), { keepalive: true }).catch(() => {
        // The page is going away: nothing is left to show the failure to.
      });
    }
    this.closed = true;
  }

  /** Sends what waits now when the page is hidden (the tab may be closed or frozen next), keepalive. */
  hide(): void {
    if (this.inFlight > 0 || this.waiting.length === 0) return;
    this.clearTimer();
    const rest = this.waiting.splice(0);
    this.retryMs = 0;
    for (let start = 0; start < rest.length; start += TRAINER_BATCH_MAX) {
      const batch = rest.slice(start, start + TRAINER_BATCH_MAX);
      this.inFlight += batch.length;
      void this.send(batch, { keepalive: true })
        .catch((error: unknown) => {
          if (retryable(error)) this.waiting.unshift(...batch);
        })
        .finally(() => {
          this.inFlight -= batch.length;
          this.report();
          if (this.inFlight === 0 && this.waiting.length > 0 && !this.closed)
            this.timer ??= setTimeout(() => void this.flush(), TRAINER_FLUSH_MS);
        });
    }
    this.report();
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private report(): void {
    this.onState({
      unsaved: this.waiting.length + this.inFlight,
      retrying: this.retryMs > 0,
      dropped: this.dropped,
    });
  }
}
