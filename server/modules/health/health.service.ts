import type { Health } from '../../../contract/health.ts';
import type { Db } from '../../db/database.ts';
import { schemaVersion } from '../../db/migrate.ts';
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

export class HealthService {
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
