import { createHash, timingSafeEqual } from 'node:crypto';

import { compile } from '@fastify/proxy-addr';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/time.ts';
import { flaggedPayments, ordersByStatus, outboxState } from './metrics.repository.ts';

/**
 * The process's own figures (CPU, memory, event-loop delay, handles), registered once per process: every app built
 * in it (tests build many) shares them, and the event-loop monitor behind them is not started again for each.
 */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Latency buckets in seconds: the API answers in milliseconds; uploads and slow database moments in seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * Prometheus metrics of one app. Requests, latencies and rate-limit refusals are counted by this instance as they
 * happen; the queue figures (mail outbox, orders, flagged payments) are read from the database at each scrape, so
 * every instance reports the same totals (aggregate them with max(), not sum()).
 */
export class MetricsService {
  private readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'rangeforge_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: 'rangeforge_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method and route template',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly refusals = new Counter({
    name: 'rangeforge_rate_limit_refusals_total',
    help: 'Requests refused with 429 by a rate limit or budget, by route template',
    labelNames: ['route'] as const,
    registers: [this.registry],
  });
  private readonly databaseUp = this.gauge(
    'rangeforge_database_up',
    '1 when the last scrape could read the database',
  );
  private readonly pool = this.gauge('rangeforge_db_pool_connections', 'Database connections by state', [
    'state',
  ]);
  private readonly poolMax = this.gauge('rangeforge_db_pool_max_connections', 'Size of the database pool');
  private readonly poolWaiting = this.gauge(
    'rangeforge_db_pool_waiting_queries',
    'Queries waiting for a free database connection',
  );
  private readonly outbox = this.gauge('rangeforge_mail_outbox_messages', 'Mail in the outbox by status', [
    'status',
  ]);
  private readonly outboxAge = this.gauge(
    'rangeforge_mail_outbox_oldest_pending_seconds',
    'Age of the oldest undelivered mail (0 when none waits)',
  );
  private readonly orders = this.gauge(
    'rangeforge_payments_orders',
    'Orders (test payments excluded) by method and status; status="paid" are the settled ones',
    ['method', 'status'],
  );
  private readonly flagged = this.gauge(
    'rangeforge_payments_flagged',
    "Payments waiting for an admin's decision, by reason",
    ['reason'],
  );

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private gauge<L extends string>(name: string, help: string, labelNames: readonly L[] = []) {
    return new Gauge<L>({ name, help, labelNames, registers: [this.registry] });
  }

  /** One answered request: `route` is the route's template (`/api/v1/categories/:id`), never the raw URL. */
  observe(method: string, route: string, status: number, seconds: number): void {
    this.requests.inc({ method, route, status: String(status) });
    this.latency.observe({ method, route }, seconds);
    if (status === 429) this.refusals.inc({ route });
  }

  /** The exposition text: this app's figures, the database's as of now, and the process's. */
  async render(): Promise<{ contentType: string; body: string }> {
    await this.readDatabase();
    const body = (await this.registry.metrics()) + (await processMetrics().metrics());
    return { contentType: this.registry.contentType, body };
  }

  private async readDatabase(): Promise<void> {
    const stats = this.db.poolStats();
    this.pool.set({ state: 'in_use' }, stats.inUse);
    this.pool.set({ state: 'idle' }, stats.idle);
    this.poolMax.set(stats.max);
    this.poolWaiting.set(stats.waiting);
    const queues = [this.outbox, this.outboxAge, this.orders, this.flagged];
    try {
      const outbox = await outboxState(this.db.kysely);
      const orders = await ordersByStatus(this.db.kysely);
      const flagged = await flaggedPayments(this.db.kysely);
      for (const gauge of queues) gauge.reset();
      this.outbox.set({ status: 'pending' }, outbox.pending);
      this.outbox.set({ status: 'failed' }, outbox.failed);
      const oldest = outbox.oldest === null ? null : Date.parse(outbox.oldest);
      this.outboxAge.set(oldest === null ? 0 : Math.max(0, (this.clock.now() - oldest) / 1000));
      for (const row of orders) this.orders.set({ method: row.method, status: row.status }, row.count);
      for (const [reason, count] of Object.entries(flagged)) this.flagged.set({ reason }, count);
      this.databaseUp.set(1);
    } catch {
      // The scrape still answers (requests, latencies, the pool) and says the database did not; stale queue
      // figures would look healthy, so they are left out until it answers again.
      for (const gauge of queues) gauge.reset();
      this.databaseUp.set(0);
    }
  }
}

/**
 * Who may read /metrics: a client address in METRICS_ALLOW (as resolved through TRUST_PROXY), or the bearer token
 * METRICS_TOKEN (compared in constant time). With neither configured nobody may.
 */
export function metricsAccess(settings: { allow: string[]; token: string | null }) {
  const allowed = settings.allow.length > 0 ? compile(settings.allow) : () => false;
  // Digests of equal length, so the comparison takes the same time whatever was offered.
  const digest = (text: string) => createHash('sha256').update(text).digest();
  const token = settings.token === null ? null : digest(settings.token);
  return (address: string, authorization: string | undefined): boolean => {
    if (allowed(address, 0)) return true;
    const offered = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    return token !== null && offered !== undefined && timingSafeEqual(digest(offered), token);
  };
}
