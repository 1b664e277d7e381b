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
export class HealthService {
  constructor(
    private readonly db: Db,
    private readonly counters: CounterStore,
    private readonly clock: Clock,
  ) {}

  async check(): Promise<{ health: Health; failure: unknown }> {
    const version = await schemaVersion(this.db);
    let failure: unknown = null;
    try {
      await this.counters.hit('health:write-probe', 60_000, this.clock.now());
    } catch (error) {
      failure = error;
    }
    const status = failure === null ? ('ok' as const) : ('degraded' as const);
    return { health: { status, database: this.db.dialect, schema_version: version }, failure };
  }
}
