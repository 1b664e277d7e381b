import { type Selectable, sql } from 'kysely';

import type { Db } from '../../db/database.ts';
import type { MailOutboxTable } from '../../db/schema.ts';
import type { Mail } from '../../lib/mailer.ts';

export type OutboxRow = Selectable<MailOutboxTable>;

export async function enqueueMail(db: Db, mail: Mail, now: Date): Promise<number> {
  const row = await db.kysely
    .insertInto('mail_outbox')
    .values({
      recipient: mail.to,
      subject: mail.subject,
      body: mail.text,
      status: 'pending',
      next_attempt_at: now.toISOString(),
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Claims up to `limit` due mails for `owner` until `leaseUntil`. On PostgreSQL the inner SELECT takes row locks
 * with SKIP LOCKED, so instances polling at the same moment claim disjoint rows; SQLite has a single writer, so
 * the UPDATE itself is the lock. A claim whose lease ran out (its instance died mid-send) is due again.
 */
export async function claimDueMails(
  db: Db,
  owner: string,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<OutboxRow[]> {
  const at = now.toISOString();
  const due = db.kysely
    .selectFrom('mail_outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', at)]))
    .orderBy('id')
    .limit(limit);
  return db.kysely
    .updateTable('mail_outbox')
    .set({
      lease_until: leaseUntil.toISOString(),
      claimed_by: owner,
      attempts: sql`attempts + 1`,
    })
    .where('id', 'in', db.dialect === 'postgres' ? due.forUpdate().skipLocked() : due)
    .returningAll()
    .execute();
}

/** Marks a mail sent, only if this instance still holds the claim (a lease that ran out may have moved on). */
export async function markMailSent(db: Db, id: number, owner: string, now: Date): Promise<void> {
  await db.kysely
    .updateTable('mail_outbox')
    .set({ status: 'sent', sent_at: now.toISOString(), lease_until: null, last_error: null })
    .where('id', '=', id)
    .where('claimed_by', '=', owner)
    .execute();
}

export async function markMailFailedAttempt(
  db: Db,
  id: number,
  owner: string,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await db.kysely
    .updateTable('mail_outbox')
    .set({
      status: retryAt ? 'pending' : 'failed',
      next_attempt_at: retryAt?.toISOString() ?? sql`next_attempt_at`,
      lease_until: null,
      last_error: error.slice(0, 500),
    })
    .where('id', '=', id)
    .where('claimed_by', '=', owner)
    .execute();
}

export async function findMail(db: Db, id: number): Promise<OutboxRow | undefined> {
  return db.kysely.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
}
