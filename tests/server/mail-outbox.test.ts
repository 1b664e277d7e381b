import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Db } from '../../server/db/database.ts';
import type { Mail, MailTransport } from '../../server/lib/mailer.ts';
import { MailDispatcher, retryDelayMs } from '../../server/modules/mail/mail-dispatcher.ts';
import { enqueueMail, findMail } from '../../server/modules/mail/outbox.repository.ts';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

const silentLog = { info() {}, warn() {}, error() {} } as never;

/** A transport that records deliveries; `failures` makes the next N deliveries throw. */
function recordingTransport(failures = 0): MailTransport & { delivered: Mail[]; failures: number } {
  const transport = {
    name: 'test',
    delivered: [] as Mail[],
    failures,
    async deliver(mail: Mail) {
      if (transport.failures > 0) {
        transport.failures -= 1;
        throw new Error('SMTP 451 try later');
      }
      transport.delivered.push(mail);
    },
  };
  return transport;
}

const mail = (n: number): Mail => ({ to: `player${n}@example.com`, subject: `code ${n}`, text: `body ${n}` });

describeEachDatabase('mail outbox', (kind) => {
  let t: TestApp;
  let db: Db;
  beforeAll(async () => {
    t = await createTestApp(kind);
    db = t.app.services.db;
  });
  afterAll(async () => t.close());

  it('two instances polling together deliver each mail exactly once', async () => {
    const now = new Date();
    for (let n = 0; n < 30; n += 1) await enqueueMail(db, mail(n), now);
    const a = recordingTransport();
    const b = recordingTransport();
    const first = new MailDispatcher(db, a, silentLog, { batch: 4 });
    const second = new MailDispatcher(db, b, silentLog, { batch: 4 });
    for (let pass = 0; pass < 10; pass += 1) await Promise.all([first.runOnce(), second.runOnce()]);
    const subjects = [...a.delivered, ...b.delivered].map((m) => m.subject).sort();
    expect(subjects).toEqual(Array.from({ length: 30 }, (_, n) => `code ${n}`).sort());
    if (kind === 'postgres') {
      // SKIP LOCKED lets both instances work side by side instead of one waiting on the other's locks.
      expect(a.delivered.length).toBeGreaterThan(0);
      expect(b.delivered.length).toBeGreaterThan(0);
    }
  });

  it('a mail claimed by an instance that died is delivered by another once the lease runs out', async () => {
    let clock = new Date('2026-01-01T00:00:00Z');
    const now = () => clock;
    const id = await enqueueMail(db, mail(100), clock);
    // The "dead" instance claims the mail and never reports back (its transport hangs for ever).
    const hanging: MailTransport = { name: 'hang', deliver: () => new Promise(() => {}) };
    const dead = new MailDispatcher(db, hanging, silentLog, { leaseMs: 60_000, now });
    void dead.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const survivor = recordingTransport();
    const live = new MailDispatcher(db, survivor, silentLog, { leaseMs: 60_000, now });
    await live.runOnce();
    expect(survivor.delivered.map((m) => m.subject)).not.toContain('code 100');
    clock = new Date(clock.getTime() + 61_000);
    await live.runOnce();
    expect(survivor.delivered.map((m) => m.subject)).toContain('code 100');
    const row = await findMail(db, id);
    expect(row?.status).toBe('sent');
    expect(row?.claimed_by).toBe(live.owner);
  });

  it('retries a failed delivery with backoff, then marks it failed after the last attempt', async () => {
    let clock = new Date('2026-02-01T00:00:00Z');
    const now = () => clock;
    const id = await enqueueMail(db, mail(200), clock);
    const transport = recordingTransport(1);
    const dispatcher = new MailDispatcher(db, transport, silentLog, { now, maxAttempts: 2 });
    await dispatcher.runOnce();
    let row = await findMail(db, id);
    expect(row?.status).toBe('pending');
    expect(row?.last_error).toContain('451');
    expect(row?.next_attempt_at).toBe(new Date(clock.getTime() + retryDelayMs(1)).toISOString());
    await dispatcher.runOnce();
    expect(transport.delivered.map((m) => m.subject)).not.toContain('code 200'); // not due yet
    clock = new Date(clock.getTime() + retryDelayMs(1));
    await dispatcher.runOnce();
    row = await findMail(db, id);
    expect(row?.status).toBe('sent');
    expect(row?.attempts).toBe(2);

    const doomed = await enqueueMail(db, mail(201), clock);
    const broken = recordingTransport(10);
    const giving = new MailDispatcher(db, broken, silentLog, { now, maxAttempts: 2 });
    await giving.runOnce();
    clock = new Date(clock.getTime() + retryDelayMs(1));
    await giving.runOnce();
    expect((await findMail(db, doomed))?.status).toBe('failed');
  });
});

describe('retry delays', () => {
  it('double from 30 s and stop at one hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20)).toBe(3_600_000);
  });
});
