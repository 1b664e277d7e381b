import { sql } from 'kysely';

import type { Health, Readiness } from '../../../contract/health.ts';
import type { Db } from '../../db/database.ts';
import { knownMigrationNames, schemaVersion } from '../../db/migrate.ts';
import type { CounterStore } from '../../lib/counters.ts';
import type { Clock } from '../../lib/time.ts';

/**
 * Health with a write probe: reading alone says "ok" on a full disk or a read-only database, where every save
 * fails. The probe is one upsert of a counter row (the same path as the login counters); when it fails the answer is
 * `degraded` and the cause is logged, so a load balancer can take the instance out. The probe always writes to
 * the database (the counter table), whichever store the abuse counters use.
 */
/**
 * A write probe that succeeded is trusted this long. The route is public: without it every call wrote to the
 * database (on SQLite, taking the one write lock the players' saves need), so a stranger's flood of health calls
 * was a flood of writes. A load balancer polling every few seconds still sees a failing disk at its next poll.
 */
export const PROBE_INTERVAL_MS = 5_000;

/**
 * A readiness answer is reused this long: the route is public and polled by every load balancer, and a stranger's
 * flood of it must not become a flood of database reads. Draining shows at once (it reads no database).
 */
export const READY_CACHE_MS = 1_000;

export class HealthService {
  /** Set once the instance was asked to stop: it still serves, but tells the load balancer to send no more. */
  private drainingSince: number | null = null;
  private readyChecked: { at: number; answer: Promise<Omit<Readiness, 'draining'>> } | null = null;
  /** When the last probe succeeded. */
  private probedOk = Number.NEGATIVE_INFINITY;
  /** The probe under way: calls arriving meanwhile share it. */
  private probing: Promise<unknown> | null = null;

  constructor(
    private readonly db: Db,
    private readonly counters: CounterStore,
    private readonly clock: Clock,
  ) {}

  async check(): Promise<{ health: Health; failure: unknown }> {
    const version = await schemaVersion(this.db);
    const failure = await this.probe();
    const status = failure === null ? ('ok' as const) : ('degraded' as const);
    return { health: { status, database: this.db.dialect, schema_version: version }, failure };
  }

  get draining(): boolean {
    return this.drainingSince !== null;
  }

  /** From now on readiness is false; the caller closes the listener once the load balancer has noticed. */
  drain(): void {
    this.drainingSince ??= this.clock.now();
  }

  /**
   * Ready to take traffic: the database answers, every migration this build knows is applied (a database migrated
   * by a newer release counts: its extra migrations are the next release's), and the instance is not draining.
   */
  async readiness(): Promise<Readiness> {
    const now = this.clock.now();
    if (!this.readyChecked || now - this.readyChecked.at >= READY_CACHE_MS) {
      this.readyChecked = { at: now, answer: this.checkDatabase() };
    }
    const answer = await this.readyChecked.answer;
    const draining = this.draining;
    return { ...answer, ready: answer.ready && !draining, draining };
  }

  private async checkDatabase(): Promise<Omit<Readiness, 'draining'>> {
    try {
      const applied = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(this.db.kysely);
      const done = new Set(applied.rows.map((row) => row.name));
      const pending = (await knownMigrationNames(this.db)).filter((name) => !done.has(name));
      return { ready: pending.length === 0, database: 'ok', pending_migrations: pending };
    } catch {
      return { ready: false, database: 'unavailable', pending_migrations: [] };
    }
  }

  /**
   * The write probe's error, or null once it succeeded: one write per PROBE_INTERVAL_MS while writes work; after a
   * failure every call probes again, so recovery shows at once.
   */
  private probe(): Promise<unknown> {
    if (this.clock.now() - this.probedOk < PROBE_INTERVAL_MS) return Promise.resolve(null);
    this.probing ??= Promise.resolve()
      .then(() => this.counters.hit('health:write-probe', 60_000, this.clock.now()))
      .then(
        () => {
          this.probedOk = this.clock.now();
          return null;
        },
        (error: unknown) => error,
      )
      .finally(() => {
        this.probing = null;
      });
    return this.probing;
  }
}
