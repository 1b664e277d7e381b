import { constants as zlib } from 'node:zlib';

import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';

import { AVATAR_MAX_BYTES } from '../contract/profile.ts';
import type { AppConfig } from './config.ts';
import { type Db, openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { HttpError } from './lib/http-error.ts';
import { createMailTransport, type Mailer } from './lib/mailer.ts';
import { connectRedis } from './lib/redis.ts';
import { MailDispatcher } from './modules/mail/mail-dispatcher.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerErrorHandling, registerNotFound } from './plugins/errors.ts';
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
}

/** Builds the API: plugins (errors, auth, rate limits, multipart, OpenAPI) then routes. Does not listen. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization'] },
    // Behind one reverse proxy in production: the client IP (rate limits) comes from X-Forwarded-For.
    trustProxy: ['127.0.0.1', '::1'],
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { removeAdditional: true, coerceTypes: 'array', useDefaults: true } },
  });

  const ownsDb = !options.db;
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
  app.decorate('services', createServices(db, config, mailer, app.log));

  registerErrorHandling(app);
  // API answers over 1 KB (tree, shop, range lists) are compressed on the fly with a cheap brotli level; static
  // files come precompressed at the highest level from the build and are passed through untouched.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  registerAuth(app, db);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new HttpError(429, 'tooManyRequests'),
    // With REDIS_URL every instance counts in the same place; without it, counters live in this process.
    ...(config.redisUrl
      ? { redis: connectRedis(app, config.redisUrl), nameSpace: 'rangeforge-rl:', skipOnError: true }
      : {}),
  });
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'RangeForge API', version: '1.0.0', description: 'Range library, store and payments.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(registerRoutes);
  const spaDir = options.serveStatic ? await registerStatic(app, config) : null;
  if (options.serveStatic && !spaDir) {
    app.log.warn(
      { staticDir: config.staticDir },
      'no built SPA found; serving the API only (run npm run build:web)',
    );
  }
  registerNotFound(app, spaDir);
  return app;
}
