import type { FastifyRequest } from 'fastify';

import type { AdminAuditEntry, AuditAction } from '../../../contract/admin.ts';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/time.ts';

type AuditValue = string | number | boolean | null;
export type AuditDetail = Record<string, AuditValue | AuditValue[]>;

/**
 * The admin's audit log: who confirmed, rejected, took back or refunded which order, and who changed the settings
 * or the store. Written by the admin routes once the action has succeeded, with the request's id, so the entry
 * leads to the request's log lines.
 */
export class AuditLog {
  constructor(private readonly db: Db) {}

  async record(
    request: FastifyRequest,
    action: AuditAction,
    targetId: number | null,
    detail: AuditDetail = {},
  ): Promise<void> {
    const admin = request.user;
    await this.db.kysely
      .insertInto('admin_audit')
      .values({
        admin_id: admin?.id ?? null,
        admin_username: admin?.username ?? '',
        action,
        target_id: targetId,
        detail: JSON.stringify(detail),
        request_id: request.id,
        created_at: nowIso(),
      })
      .execute();
  }

  /** Newest first. */
  async list(page: number, perPage: number): Promise<{ total: number; list: AdminAuditEntry[] }> {
    const { kysely } = this.db;
    const total = await kysely
      .selectFrom('admin_audit')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const rows = await kysely
      .selectFrom('admin_audit')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute();
    return {
      total: Number(total.count),
      list: rows.map((row) => ({
        id: row.id,
        admin: row.admin_username,
        action: row.action as AuditAction,
        target_id: row.target_id,
        detail: JSON.parse(row.detail) as AuditDetail,
        request_id: row.request_id,
        datetime: row.created_at,
      })),
    };
  }
}

/** The settings an update changed, each as `[before, after]`; unchanged ones are left out. */
export function settingsChanges<T extends Record<string, AuditValue>>(before: T, after: T): AuditDetail {
  const changes: AuditDetail = {};
  for (const key of Object.keys(after)) {
    if (before[key] !== after[key]) changes[key] = [before[key] ?? null, after[key] ?? null];
  }
  return changes;
}
