import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

import type { AppConfig } from './config.ts';
import type { Db } from './db/database.ts';
import { type CounterStore, MemoryCounterStore } from './lib/counters.ts';
import type { Mailer } from './lib/mailer.ts';
import { createMediaStorage, type MediaStorage } from './lib/media-storage.ts';
import { RedisCounterStore } from './lib/redis-counters.ts';
import { requestLogger } from './lib/request-context.ts';
import type { Clock } from './lib/time.ts';
import { WriteBudget } from './lib/write-budget.ts';
import { AccountDeletion } from './modules/account/account-deletion.ts';
import { AccountExport } from './modules/account/account-export.ts';
import { AdminService } from './modules/admin/admin.service.ts';
import { AuditLog } from './modules/admin/audit.ts';
import { AttemptGuard } from './modules/auth/attempts.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { DatabaseCounterStore } from './modules/auth/counters.repository.ts';
import { PasswordHasher } from './modules/auth/passwords.ts';
import { RestoreGuard } from './modules/auth/restore-guard.ts';
import { SignUpGuard } from './modules/auth/sign-up-guard.ts';
import { CategoriesService } from './modules/categories/categories.service.ts';
import { SharesService } from './modules/categories/shares.service.ts';
import { HealthService } from './modules/health/health.service.ts';
import { MetricsService } from './modules/metrics/metrics.service.ts';
import { CloudPaymentsService } from './modules/payments/cloudpayments.ts';
import { QuoteBudget } from './modules/payments/crypto-quote-budget.ts';
import { ExtraChargesService } from './modules/payments/extra-charges.ts';
import { PaymentsService } from './modules/payments/payments.service.ts';
import { SandboxPayments, sandboxSecret } from './modules/payments/sandbox.ts';
import { RefundSettlementService } from './modules/payments/settlement.service.ts';
import { PublicLinksService } from './modules/public-links/public-links.service.ts';
import { ShopService } from './modules/shop/shop.service.ts';
import { TrainerService } from './modules/trainer/trainer.service.ts';
import { ProfileService } from './modules/users/profile.service.ts';

/** Every service, built once per app; routes reach them through `app.services`. */
export interface Services {
  db: Db;
  config: AppConfig;
  /** Avatars, lesson videos and posters: the local folder or the shared object store. */
  media: MediaStorage;
  auth: AuthService;
  profile: ProfileService;
  /** "Delete my account" (account-deletion.ts) and the housekeeping's retry of its avatar files. */
  accountDeletion: AccountDeletion;
  /** "Download my data": the account's entries of the zip the export route streams. */
  accountExport: AccountExport;
  categories: CategoriesService;
  shares: SharesService;
  shop: ShopService;
  payments: PaymentsService;
  cloudPayments: CloudPaymentsService;
  /** The admin's take-backs of refunds the server could not match, and of manual payments refunded by hand. */
  refunds: RefundSettlementService;
  /** Card charges that paid for nothing (a second charge of one invoice): recorded, owed back, settled. */
  extraCharges: ExtraChargesService;
  /** Test card payments; null with real provider keys (its route is then not registered at all). */
  sandbox: SandboxPayments | null;
  admin: AdminService;
  /** What admins did to payments, settings and the store, listed in the admin panel. */
  audit: AuditLog;
  trainer: TrainerService;
  /** Read-only links to charts: publishing, revoking, the public chart and its picture. */
  publicLinks: PublicLinksService;
  /** Security plumbing: the clock of every expiry, shared counters, the capped argon2. */
  clock: Clock;
  counters: CounterStore;
  /** Each player's library and profile writes a minute, charged by the rows they touch. */
  writes: WriteBudget;
  hasher: PasswordHasher;
  /** Liveness, readiness (draining included) and the write probe. */
  health: HealthService;
  /** Request counts and latencies of this instance, and the database's queues, for /metrics. */
  metrics: MetricsService;
}

/**
 * Where the abuse counters live: Redis when REDIS_URL is set (every instance counts together, no database write per
 * counted request); else PostgreSQL, which several instances may share; else, on SQLite (one process owns the file),
 * this process's memory.
 */
function counterStore(db: Db, redis: Redis | null): CounterStore {
  if (redis) return new RedisCounterStore(redis);
  return db.dialect === 'postgres' ? new DatabaseCounterStore(db) : new MemoryCounterStore();
}

export function createServices(
  db: Db,
  config: AppConfig,
  mailer: Mailer,
  log: FastifyBaseLogger,
  clock: Clock,
  redis: Redis | null = null,
): Services {
  const { sandbox, apiSecret } = config.cloudPayments;
  const counters = counterStore(db, redis);
  const payments = new PaymentsService(
    db,
    config,
    sandbox ? sandboxSecret(config.dataDir) : apiSecret,
    new QuoteBudget(counters, clock),
  );
  const media = createMediaStorage(config.media);
  const hasher = new PasswordHasher();
  const attempts = new AttemptGuard(counters, clock);
  const writes = new WriteBudget(counters, clock, config.writeRateLimit);
  return {
    db,
    config,
    media,
    clock,
    counters,
    writes,
    hasher,
    health: new HealthService(db, new DatabaseCounterStore(db), clock),
    metrics: new MetricsService(db, clock),
    // Inside a request its lines carry the request's id (X-Request-Id).
    auth: new AuthService(
      db,
      mailer,
      requestLogger(log),
      hasher,
      attempts,
      clock,
      new RestoreGuard(counters, clock),
      new SignUpGuard(counters, clock, config.signUpMailLimit),
    ),
    profile: new ProfileService(db, media, hasher, attempts, clock),
    accountDeletion: new AccountDeletion(db, media, hasher, attempts, counters),
    accountExport: new AccountExport(db, media),
    categories: new CategoriesService(db, writes),
    shares: new SharesService(db, writes),
    shop: new ShopService(db, config.urlSigningSecret),
    payments,
    cloudPayments: new CloudPaymentsService(db, config, payments),
    refunds: new RefundSettlementService(db),
    extraCharges: new ExtraChargesService(db),
    sandbox: sandbox ? new SandboxPayments(db, payments) : null,
    admin: new AdminService(db, config.mediaDir, media),
    audit: new AuditLog(db),
    trainer: new TrainerService(db),
    publicLinks: new PublicLinksService(db, clock),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
