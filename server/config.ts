/**
 * Server configuration, read from the environment once at start-up and validated; a bad value stops the start.
 *
 * | Variable                 | Default                          | Meaning                                                 |
 * |--------------------------|----------------------------------|---------------------------------------------------------|
 * | NODE_ENV                 | (unset)                          | `production`: real payments and secrets are required    |
 * | PORT                     | 3000                             | HTTP port                                               |
 * | HOST                     | 127.0.0.1; 0.0.0.0 in production | Interface to listen on (see `host` below)               |
 * | DATABASE_URL             | sqlite:data/rangeforge.sqlite    | `sqlite:<file>` (or `:memory:`), or a postgres:// URL   |
 * | DATA_DIR                 | data                             | Database file, mail outbox (data/outbox/), sandbox key  |
 * | MEDIA_DIR                | media                            | Avatars (media/avatars/) and lesson videos (media/videos)|
 * | STATIC_DIR               | dist                             | Built SPA served with history fallback (optional)       |
 * | PUBLIC_BASE_URL          | http://localhost:PORT            | Absolute links in mails                                 |
 * | SMTP_URL                 | (unset)                          | smtp://user:pass@host:port; unset → data/outbox/ + log  |
 * | MAIL_FROM                | RangeForge <no-reply@rangeforge.app> | Sender of outgoing mail                             |
 * | CLOUDPAYMENTS_PUBLIC_ID  | (unset)                          | Card provider public id; both keys set → real payments  |
 * | CLOUDPAYMENTS_API_SECRET | (unset)                          | Card provider API secret (HMAC key for notifications)   |
 * | PAYMENTS_SANDBOX         | (unset)                          | `1`: test payments in production (no keys); else unused |
 * | AUTH_RATE_LIMIT          | 10                               | Requests per minute per IP on login/register/recover/confirm |
 * | URL_SIGNING_SECRET       | (random per start; required in production) | Signs lesson video links (<video> sends no Bearer) |
 * | LOG_LEVEL                | info                             | pino level: fatal, error, warn, info, debug, trace, silent |
 * | MAIL_POLL_MS, MAIL_LEASE_MS | 2000, 60000                 | Outbox: how often each instance looks for due mail; how long a claim holds |
 * | REDIS_URL                | (unset)                          | redis://host:port: rate limits shared by every instance |
 * | MEDIA_STORAGE            | local                            | `local` (MEDIA_DIR) or `s3` (the S3_* variables below)  |
 * | S3_ENDPOINT, S3_BUCKET   | (unset)                          | S3-compatible endpoint URL and bucket (path-style)      |
 * | S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY | (unset)            | Credentials of the media bucket                         |
 * | S3_REGION                | us-east-1                        | Region name the store expects (MinIO accepts any)       |
 * | TRUST_PROXY              | (unset: no proxy trusted)        | Proxies in front: a hop count (1) or addresses/CIDRs (10.0.0.2,10.1.0.0/16); set → HSTS |
 * | WRITE_RATE_LIMIT         | 120                              | Library and profile writes per minute per user (429 beyond) |
 * | COST_RATE_LIMIT          | 30                               | Store cost calls per minute per user (429 beyond)       |
 * | SIGN_UP_MAIL_LIMIT       | 20                               | Sign-up mails per hour per client address (then none)   |
 * | LESSON_VIDEO_MAX_MB      | 2048                             | Largest lesson video an admin may upload (413 beyond)   |
 * | METRICS_ALLOW            | (unset: nobody)                  | Addresses/CIDRs that may read /metrics without a token  |
 * | METRICS_TOKEN            | (unset)                          | Bearer token that opens /metrics from anywhere (32+ characters) |
 * | SHUTDOWN_DRAIN_MS        | 5000 in production, else 0       | After SIGTERM: time answering "not ready" before closing the listener |
 */
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';

import type { MediaStorageSettings } from './lib/media-storage.ts';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export interface AppConfig {
  /** NODE_ENV=production: no sandbox unless asked for, no random secrets, no demo account. */
  production: boolean;
  port: number;
  /**
   * Outside production this machine only (127.0.0.1): card payments there are test payments that take no money, so
   * a development server reachable from the network would give Premium and the store to anyone. HOST opens it.
   */
  host: string;
  databaseUrl: string;
  dataDir: string;
  mediaDir: string;
  staticDir: string;
  publicBaseUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  /**
   * The card provider. With `sandbox` the keys are empty: the public notification routes then refuse every call, and
   * test payments are settled by the sandbox service with its own per-install key (DATA_DIR/payments-sandbox.key).
   */
  cloudPayments: { publicId: string; apiSecret: string; sandbox: boolean };
  /** Max requests per minute per client IP on the credential routes. */
  authRateLimit: number;
  /** HMAC key for signed media links. */
  urlSigningSecret: string;
  logLevel: LogLevel;
  /** Shared store of rate-limit counters when several instances serve; null keeps them in process memory. */
  redisUrl: string | null;
  media: MediaStorageSettings;
  /** Largest lesson video upload in MiB; a bigger one is refused with 413 and nothing of it is kept. */
  lessonVideoMaxMb: number;
  mail: { pollMs: number; leaseMs: number };
  /** Which proxies may set X-Forwarded-For (and X-Request-Id): see trustProxy below. */
  trustProxy: TrustProxy;
  writeRateLimit: number;
  /**
   * Sign-up mails (a code, or "this address has an account") one client address may cause an hour; past it the
   * sign-up is answered as ever and nothing is mailed (modules/auth/sign-up-guard.ts).
   */
  signUpMailLimit: number;
  /** Store cost calls (GET /shop/cost/premium and POST /shop/cost/shop together) a user may make a minute. */
  costRateLimit: number;
  /**
   * Who may read /metrics: client addresses (as TRUST_PROXY resolves them) in `allow`, or a caller sending
   * `Authorization: Bearer <token>`. Both empty: nobody, since the figures (payments, queue depths) are the
   * operator's business and a reverse proxy on the same host would make every stranger look like loopback.
   */
  metrics: { allow: string[]; token: string | null };
  /**
   * After SIGTERM the instance answers "not ready" this long while still serving, so a load balancer polling
   * /api/v1/health/ready stops sending it requests before the listener closes; then in-flight requests finish.
   */
  shutdownDrainMs: number;
}

/**
 * Cost calls a minute per user unless COST_RATE_LIMIT says otherwise. A call for contents or a currency the user
 * has no open card order for opens one, so this bounds how fast a script can insert order rows. A buyer asks once
 * when a payment window opens and once per line ticked or unticked in it: a handful a minute; 30 is a call every two
 * seconds for a whole minute.
 */
export const COST_RATE_LIMIT_DEFAULT = 30;

/**
 * Card orders a user holds open (pending) at once; opening one more expires the oldest. Each payment window, each
 * selection of its lines and each currency opens its own order, and a buyer pays the one the window shows last: an
 * order 20 openings old is one nobody is paying. An expired order is refused by the provider's Check, and a charge
 * the provider completes on it anyway settles it like any order that expired while its buyer sat in the widget.
 */
export const OPEN_CARD_ORDERS_MAX = 20;

/**
 * Strategies one sender may leave pending (neither accepted nor rejected) with one recipient; sharing more is
 * refused (409) until the recipient answers some. A recipient accepts or rejects each strategy alone, so without a
 * cap one Premium account could bury another player's incoming list. A folder or tournament is shared whole as one
 * strategy, so a coach sharing a course of charts with a student stays far below it.
 */
export const PENDING_SHARES_PER_RECIPIENT = 20;

/** The public id the SPA receives in sandbox mode: it names no real merchant account. */
export const SANDBOX_PUBLIC_ID = 'pk_sandbox_rangeforge';

/** A configuration the server must not start with; its message is one line meant for the operator. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

/** MEDIA_STORAGE=s3 needs every S3_* variable but the region; a half-set bucket would lose uploads. */
function mediaSettings(env: NodeJS.ProcessEnv, mediaDir: string): MediaStorageSettings {
  const driver = env.MEDIA_STORAGE || 'local';
  if (driver === 'local') return { driver, dir: mediaDir };
  if (driver !== 's3') throw new ConfigError(`MEDIA_STORAGE must be local or s3, got "${driver}"`);
  const required = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  const missing = required.filter((name) => !env[name]);
  if (missing.length > 0) throw new ConfigError(`MEDIA_STORAGE=s3 needs ${missing.join(', ')}`);
  const endpoint = env.S3_ENDPOINT as string;
  if (!/^https?:\/\//.test(endpoint)) throw new ConfigError('S3_ENDPOINT must be an http(s) URL');
  return {
    driver,
    endpoint,
    bucket: env.S3_BUCKET as string,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID as string,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY as string,
  };
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '' || raw === '0') return false;
  if (raw === '1') return true;
  throw new ConfigError(`${name} must be 1 or 0, got "${raw}"`);
}

/** Real keys, or the sandbox; in production the sandbox must be asked for, so a forgotten key never gives things away. */
function paymentsConfig(env: NodeJS.ProcessEnv, production: boolean): AppConfig['cloudPayments'] {
  const publicId = env.CLOUDPAYMENTS_PUBLIC_ID ?? '';
  const apiSecret = env.CLOUDPAYMENTS_API_SECRET ?? '';
  const sandboxAsked = flag(env, 'PAYMENTS_SANDBOX');
  if (Boolean(publicId) !== Boolean(apiSecret)) {
    throw new ConfigError('Set both CLOUDPAYMENTS_PUBLIC_ID and CLOUDPAYMENTS_API_SECRET, or neither');
  }
  if (publicId && sandboxAsked) {
    throw new ConfigError('PAYMENTS_SANDBOX=1 cannot be combined with CLOUDPAYMENTS_PUBLIC_ID/API_SECRET');
  }
  if (publicId) return { publicId, apiSecret, sandbox: false };
  if (production && !sandboxAsked) {
    throw new ConfigError(
      'NODE_ENV=production needs CLOUDPAYMENTS_PUBLIC_ID and CLOUDPAYMENTS_API_SECRET (real card payments), or PAYMENTS_SANDBOX=1 for test payments',
    );
  }
  return { publicId: SANDBOX_PUBLIC_ID, apiSecret: '', sandbox: true };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const production = env.NODE_ENV === 'production';
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const databaseUrl = env.DATABASE_URL || 'sqlite:data/rangeforge.sqlite';
  if (!/^(sqlite:|postgres(ql)?:\/\/)/.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with sqlite: or postgres://');
  }
  const logLevel = (env.LOG_LEVEL || 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel))
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const cloudPayments = paymentsConfig(env, production);
  const urlSigningSecret = env.URL_SIGNING_SECRET ?? '';
  if (production && urlSigningSecret.length < 32) {
    throw new ConfigError(
      'NODE_ENV=production needs URL_SIGNING_SECRET (at least 32 characters, the same in every server process)',
    );
  }
  const mediaDir = path.resolve(env.MEDIA_DIR || 'media');
  const redisUrl = env.REDIS_URL || null;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl))
    throw new ConfigError('REDIS_URL must start with redis://');
  const metricsToken = env.METRICS_TOKEN || null;
  if (metricsToken !== null && !/^[\x21-\x7e]{32,200}$/.test(metricsToken)) {
    throw new ConfigError('METRICS_TOKEN must be 32 to 200 printable characters without spaces');
  }
  return {
    production,
    port,
    host: env.HOST || (production ? '0.0.0.0' : '127.0.0.1'),
    databaseUrl,
    dataDir: path.resolve(env.DATA_DIR || 'data'),
    mediaDir,
    staticDir: path.resolve(env.STATIC_DIR || 'dist'),
    publicBaseUrl: (env.PUBLIC_BASE_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'RangeForge <no-reply@rangeforge.app>',
    cloudPayments,
    authRateLimit: integer(env, 'AUTH_RATE_LIMIT', 10, 1, 1_000_000),
    urlSigningSecret: urlSigningSecret || randomBytes(32).toString('hex'),
    logLevel,
    redisUrl,
    media: mediaSettings(env, mediaDir),
    // 5 GiB is the most one S3 PUT takes (the bucket driver stores a video in one request).
    lessonVideoMaxMb: integer(env, 'LESSON_VIDEO_MAX_MB', 2048, 1, 5120),
    mail: {
      pollMs: integer(env, 'MAIL_POLL_MS', 2_000, 100, 3_600_000),
      leaseMs: integer(env, 'MAIL_LEASE_MS', 60_000, 1_000, 3_600_000),
    },
    ...securityConfig(env),
    metrics: { allow: addressList('METRICS_ALLOW', env.METRICS_ALLOW), token: metricsToken },
    // A local start stopped with Ctrl+C has no load balancer to tell; a production instance has one.
    shutdownDrainMs: integer(env, 'SHUTDOWN_DRAIN_MS', production ? 5_000 : 0, 0, 120_000),
  };
}

/**
 * Which peers may set X-Forwarded-For/-Proto: false (none: the socket address is the client), a hop count, or
 * addresses and CIDR ranges (proxy-addr also knows `loopback`, `linklocal`, `uniquelocal`). Trusting every peer is
 * not offered: anyone could then choose the address the rate limits see.
 */
export type TrustProxy = false | number | string[];
const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function trustProxy(raw: string | undefined): TrustProxy {
  if (raw === undefined || raw.trim() === '') return false;
  if (/^\d+$/.test(raw.trim())) {
    const hops = Number(raw.trim());
    if (hops < 1 || hops > 10) throw new ConfigError(`TRUST_PROXY hop count must be 1 to 10, got "${raw}"`);
    return hops;
  }
  return addressList('TRUST_PROXY', raw, 'a hop count or ');
}

/** Addresses and CIDR ranges separated by commas (plus proxy-addr's names `loopback`, `linklocal`, `uniquelocal`). */
function addressList(name: string, raw: string | undefined, alternative = ''): string[] {
  const entries = (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address);
    const prefixOk =
      prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
    if (!PROXY_NAMES.includes(entry) && !(family && prefixOk)) {
      throw new ConfigError(
        `${name} must be ${alternative}addresses/CIDRs separated by commas, got "${entry}"`,
      );
    }
  }
  return entries;
}

function securityConfig(
  env: NodeJS.ProcessEnv,
): Pick<AppConfig, 'trustProxy' | 'writeRateLimit' | 'costRateLimit' | 'signUpMailLimit'> {
  return {
    trustProxy: trustProxy(env.TRUST_PROXY),
    writeRateLimit: integer(env, 'WRITE_RATE_LIMIT', 120, 1, 1_000_000),
    costRateLimit: integer(env, 'COST_RATE_LIMIT', COST_RATE_LIMIT_DEFAULT, 1, 1_000_000),
    signUpMailLimit: integer(env, 'SIGN_UP_MAIL_LIMIT', 20, 1, 1_000_000),
  };
}
