import { constants as zlib } from 'node:zlib';

import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';

import { AVATAR_MAX_BYTES } from '../contract/limits.ts';
import type { AppConfig } from './config.ts';
import { type Db, openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { COMPRESSION_THRESHOLD } from './lib/cached-body.ts';
import { refuseNonFiniteNumbers } from './lib/finite-numbers.ts';
import { HttpError } from './lib/http-error.ts';
import { createMailTransport, type Mailer } from './lib/mailer.ts';
import { checkStorage } from './lib/preflight.ts';
import { connectRedis } from './lib/redis.ts';
import { requestIdGenerator } from './lib/request-context.ts';
import { type Clock, systemClock } from './lib/time.ts';
import { pruneDeviceTokens } from './modules/auth/devices.repository.ts';
import { pruneRestoreRequests } from './modules/auth/restore-requests.repository.ts';
import { pruneSessions } from './modules/auth/sessions.repository.ts';
import { pruneSignUpRequests } from './modules/auth/sign-up.repository.ts';
import { MailDispatcher } from './modules/mail/mail-dispatcher.ts';
import { forgetOldQuotes } from './modules/payments/crypto-quotes.ts';
import { registerPublicChartPage } from './modules/public-links/public-page.ts';
import { warnOfPlaceholderAccounts } from './modules/settings/manual-accounts.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerErrorHandling, registerNotFound } from './plugins/errors.ts';
import { registerObservability } from './plugins/observability.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerStatic } from './plugins/static.ts';
import { registerRoutes } from './routes/index.ts';
import { createServices } from './services.ts';

export type { AppConfig } from './config.ts';

export interface BuildOptions {
  /** Use this database instead of opening DATABASE_URL (tests share one). The caller then closes it. */
  db?: Db;
  mailer?: Mailer;
  /** Run pending migrations on start (default true: a fresh install works without db:migrate). */
  migrate?: boolean;
  /** Serve the built SPA (history fallback) and avatars, as `npm run serve` does. */
  serveStatic?: boolean;
  /** The clock of session expiry and the abuse counters (tests move it forward). */
  clock?: Clock;
  /** Where the JSON log goes instead of stdout (tests read what was logged). */
  logStream?: NodeJS.WritableStream;
}

/** Trust the nearest `hops` proxies: X-Forwarded-For entries further away are client-supplied and ignored. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Expired sessions and ended counter windows are deleted this often (and once at start). */
const HOUSEKEEPING_MS = 60 * 60 * 1000;

/** Builds the API: plugins (errors, auth, rate limits, multipart, OpenAPI) then routes. Does not listen. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization'],
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // TRUST_PROXY names the proxies allowed to set X-Forwarded-For (the address the rate limits see); none by default.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // Every log line of a request carries this id; a trusted proxy's X-Request-Id is kept (request-context.ts).
    genReqId: requestIdGenerator(config.trustProxy),
    bodyLimit: 1024 * 1024,
    ajv: {
      customOptions: { removeAdditional: true, coerceTypes: 'array', useDefaults: true },
      onCreate: refuseNonFiniteNumbers,
    },
  });

  const ownsDb = !options.db;
  // A data folder that takes no writes fails here with one clear line, not later with SIGBUS or a 500.
  if (ownsDb) checkStorage(config);
  const db = options.db ?? openDatabase(config.databaseUrl, config.dataDir);
  if (options.migrate !== false) await migrateToLatest(db);
  if (ownsDb) app.addHook('onClose', async () => db.close());

  let mailer = options.mailer;
  if (!mailer) {
    const transport = createMailTransport({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      log: app.log,
    });
    const dispatcher = new MailDispatcher(db, transport, app.log, config.mail);
    app.addHook('onReady', async () => dispatcher.start());
    // preClose runs before the onClose hook that closes the database: an in-flight delivery finishes first.
    app.addHook('preClose', async () => dispatcher.stop());
    mailer = dispatcher;
  }
  const clock = options.clock ?? systemClock;
  // One Redis connection (REDIS_URL) for everything several instances must count together.
  const redis = config.redisUrl ? connectRedis(app, config.redisUrl) : null;
  app.decorate('services', createServices(db, config, mailer, app.log, clock, redis));
  if (config.production) warnOfPlaceholderAccounts(app, db);

  registerErrorHandling(app);
  registerObservability(app);
  // API answers over 1 KB (ranges, lists) are compressed on the fly with a cheap brotli level; the store's pages
  // are kept compressed with their cached answers, and static files come precompressed from the build: both are
  // passed through untouched.
  await app.register(compress, {
    threshold: COMPRESSION_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  registerSecurityHeaders(app, config);
  registerAuth(app, db, clock);
  registerHousekeeping(app, clock);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new HttpError(429, 'tooManyRequests'),
    // With REDIS_URL every instance counts in the same place; without it, counters live in this process.
    ...(redis ? { redis, nameSpace: 'rangeforge-rl:', skipOnError: true } : {}),
  });
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'RangeForge API', version: '1.0.0', description: 'Range library, store and payments.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Swagger UI injects <style> elements: its pages alone may use inline styles (never inline scripts). They show
    // no user data, so style injection there has nothing to read.
    transformStaticCSP: (header) => header.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
  });

  await app.register(registerRoutes);
  const spaDir = options.serveStatic ? await registerStatic(app, config) : null;
  // A public link's page carries the chart's preview for chat apps; without the SPA there is no page to carry it.
  if (spaDir) registerPublicChartPage(app, spaDir);
  if (options.serveStatic && !spaDir) {
    app.log.warn(
      { staticDir: config.staticDir },
      'no built SPA found; serving the API only (run npm run build:web)',
    );
  }
  registerNotFound(app, spaDir);
  return app;
}

/**
 * Deletes expired sessions, ended counters, old restore and sign-up requests, old quoted amounts and the avatar files
 * of deleted accounts the storage could not remove at once, hourly; a failure is logged and retried at the next run.
 */
function registerHousekeeping(app: FastifyInstance, clock: Clock): void {
  const run = async () => {
    const { db, counters } = app.services;
    try {
      const sessions = await pruneSessions(db, clock.now());
      const windows = await counters.prune(clock.now());
      const devices = await pruneDeviceTokens(db, clock.now());
      const restores =
        (await pruneRestoreRequests(db, clock.now())) + (await pruneSignUpRequests(db, clock.now()));
      const quotes = await forgetOldQuotes(db.kysely, clock.now());
      const avatars = await app.services.accountDeletion.purgeDeletedAvatars();
      if (sessions + windows + devices + restores + quotes + avatars > 0)
        app.log.info(
          { sessions, counters: windows, devices, restores, quotes, avatars },
          'pruned expired security state',
        );
    } catch (error) {
      app.log.error({ err: error }, 'pruning expired sessions failed');
    }
  };
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    await run();
    timer = setInterval(() => void run(), HOUSEKEEPING_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
