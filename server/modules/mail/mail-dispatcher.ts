import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

import type { FastifyBaseLogger } from 'fastify';

import type { Db } from '../../db/database.ts';
import type { Mail, Mailer, MailTransport } from '../../lib/mailer.ts';
import { claimDueMails, enqueueMail, markMailFailedAttempt, markMailSent } from './outbox.repository.ts';

export interface DispatcherOptions {
  /** How often an idle instance looks for due mail (also picks up mail queued by instances that died). */
  pollMs?: number;
  /** How long a claim holds: longer than any SMTP exchange, short enough that a dead instance's mail is not late. */
  leaseMs?: number;
  batch?: number;
  /** Attempts before a mail is marked failed (kept in the table with its last error). */
  maxAttempts?: number;
  now?: () => Date;
}

/** Retry delays: 30 s, 1 min, 2 min, ... capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/**
 * Delivers the mail outbox. Every instance runs one; each claims due rows with a lease (outbox.repository.ts), so a
 * mail is sent by exactly one instance at a time, and a mail claimed by an instance that is killed is delivered by
 * another when the lease runs out. A failed delivery is retried with backoff.
 */
export class MailDispatcher implements Mailer {
  readonly owner = `${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly batch: number;
  private readonly maxAttempts: number;
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly log: FastifyBaseLogger,
    options: DispatcherOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 2_000;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.batch = options.batch ?? 10;
    this.maxAttempts = options.maxAttempts ?? 8;
    this.now = options.now ?? (() => new Date());
  }

  /** Queues the mail in the database (durable once this resolves) and nudges delivery. */
  async send(mail: Mail): Promise<void> {
    await enqueueMail(this.db, mail, this.now());
    void this.runOnce();
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.runOnce(), this.pollMs);
    this.timer.unref();
    void this.runOnce();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One pass over due mail; passes never overlap within an instance. Returns when the pass is done. */
  runOnce(): Promise<void> {
    this.running ??= this.deliverDue().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async deliverDue(): Promise<void> {
    try {
      const now = this.now();
      const claimed = await claimDueMails(
        this.db,
        this.owner,
        now,
        new Date(now.getTime() + this.leaseMs),
        this.batch,
      );
      for (const row of claimed) {
        try {
          await this.transport.deliver({ to: row.recipient, subject: row.subject, text: row.body });
          await markMailSent(this.db, row.id, this.owner, this.now());
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          const retryAt =
            row.attempts < this.maxAttempts
              ? new Date(this.now().getTime() + retryDelayMs(row.attempts))
              : null;
          await markMailFailedAttempt(this.db, row.id, this.owner, reason, retryAt);
          this.log.warn(
            { mailId: row.id, attempts: row.attempts, retryAt, err: error },
            'mail delivery failed',
          );
        }
      }
    } catch (error) {
      // A database hiccup must not kill the timer; the next pass tries again.
      this.log.error({ err: error }, 'mail outbox pass failed');
    }
  }
}
