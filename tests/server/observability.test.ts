import { PassThrough } from 'node:stream';

import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../server/app.ts';
import { knownMigrationNames } from '../../server/db/migrate.ts';
import type { Clock } from '../../server/lib/time.ts';
import { READY_CACHE_MS } from '../../server/modules/health/health.service.ts';
import { insertUserRow, registerUser } from './helpers/api.ts';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

const TOKEN = 'metrics-token-for-the-observability-suite-0123';

/** The value of one sample line of the exposition text, or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const movableClock = () => {
  let now = Date.now();
  const clock: Clock & { advance(ms: number): void } = {
    now: () => now,
    advance: (ms) => {
      now += ms;
    },
  };
  return clock;
};

describeEachDatabase('health: liveness and readiness', (kind) => {
  let t: TestApp;
  const clock = movableClock();
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { clock });
  });
  afterAll(async () => t.close());

  it('is live without touching the database, and ready once every migration is applied', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/v1/health/live' });
    expect([live.statusCode, live.json()]).toEqual([200, { data: { status: 'live' } }]);
    const ready = await t.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      data: { ready: true, database: 'ok', pending_migrations: [], draining: false },
    });
  });

  it('is not ready while a migration of this build is missing, and names it', async () => {
    const names = await knownMigrationNames(t.app.services.db);
    const last = names.at(-1) as string;
    const { kysely } = t.app.services.db;
    const row = await kysely
      .selectFrom('kysely_migration' as never)
      .selectAll()
      .where(sql.ref('name'), '=', last)
      .executeTakeFirstOrThrow();
    await sql`DELETE FROM kysely_migration WHERE name = ${last}`.execute(kysely);
    try {
      clock.advance(READY_CACHE_MS);
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json().data).toMatchObject({
        ready: false,
        database: 'ok',
        pending_migrations: [last],
      });
    } finally {
      await kysely
        .insertInto('kysely_migration' as never)
        .values(row as never)
        .execute();
    }
    clock.advance(READY_CACHE_MS);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/health/ready' })).statusCode).toBe(200);
  });

  it('is not ready when the database does not answer', async () => {
    const { kysely } = t.app.services.db;
    await sql`ALTER TABLE kysely_migration RENAME TO kysely_migration_away`.execute(kysely);
    try {
      clock.advance(READY_CACHE_MS);
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json().data).toMatchObject({ ready: false, database: 'unavailable' });
      // Liveness reads no database: a database outage must not make the orchestrator restart every instance.
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/health/live' })).statusCode).toBe(200);
    } finally {
      await sql`ALTER TABLE kysely_migration_away RENAME TO kysely_migration`.execute(kysely);
    }
    clock.advance(READY_CACHE_MS);
  });

  it('answers readiness false while draining, still serves, and asks clients to close their connections', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/shop' });
    expect(before.headers.connection).not.toBe('close');
    t.app.services.health.drain();
    const ready = await t.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().data).toMatchObject({ ready: false, database: 'ok', draining: true });
    const shop = await t.app.inject({ method: 'GET', url: '/api/shop' });
    expect(shop.statusCode).toBe(200);
    expect(shop.headers.connection).toBe('close');
  });
});

describeEachDatabase('metrics', (kind) => {
  let open: TestApp;
  let closed: TestApp;
  beforeAll(async () => {
    open = await createTestApp(kind, {
      METRICS_TOKEN: TOKEN,
      METRICS_ALLOW: '10.9.0.0/16',
      WRITE_RATE_LIMIT: '2',
    });
    closed = await createTestApp(kind);
  });
  afterAll(async () => {
    await open.close();
    await closed.close();
  });

  const scrape = (app: FastifyInstance, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
    app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });

  it('is closed by default, even to this machine and to any token', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Record<string, string>[]) {
      const response = await scrape(closed.app, headers);
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain('rangeforge_');
    }
  });

  it('opens to the bearer token or an allowed address, and to nobody else', async () => {
    expect((await scrape(open.app, { authorization: `Bearer ${TOKEN}` })).statusCode).toBe(200);
    expect((await scrape(open.app, { authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(403);
    expect((await scrape(open.app, { authorization: TOKEN })).statusCode).toBe(403);
    expect((await scrape(open.app)).statusCode).toBe(403);
    expect((await scrape(open.app, {}, '10.9.4.2')).statusCode).toBe(200);
    expect((await scrape(open.app, {}, '10.10.4.2')).statusCode).toBe(403);
    // A client cannot claim an allowed address: no proxy is trusted, so X-Forwarded-For is ignored.
    expect((await scrape(open.app, { 'x-forwarded-for': '10.9.4.2' }, '203.0.113.7')).statusCode).toBe(403);
  });

  it('counts requests by route template and status, with latencies and rate-limit refusals', async () => {
    const { app } = open;
    const user = await registerUser(app);
    for (const id of [99991, 99992, 99993]) {
      await app.inject({
        method: 'GET',
        url: `/api/v1/categories/${id}`,
        headers: { authorization: `Bearer ${user.token}` },
      });
    }
    const statuses: number[] = [];
    for (let n = 0; n < 4; n += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/categories',
        headers: { authorization: `Bearer ${user.token}` },
        payload: { name: `folder ${n}`, kind: 'folder', root_type: 'preflop_root' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
    const text = (await scrape(app, { authorization: `Bearer ${TOKEN}` })).body;
    expect(
      sample(
        text,
        'rangeforge_http_requests_total{method="GET",route="/api/v1/categories/:id",status="404"}',
      ),
    ).toBe(3);
    expect(
      sample(text, 'rangeforge_http_requests_total{method="POST",route="/api/v1/categories",status="429"}'),
    ).toBe(2);
    expect(sample(text, 'rangeforge_rate_limit_refusals_total{route="/api/v1/categories"}')).toBe(2);
    expect(
      sample(
        text,
        'rangeforge_http_request_duration_seconds_count{method="GET",route="/api/v1/categories/:id"}',
      ),
    ).toBe(3);
    expect(
      sample(
        text,
        'rangeforge_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/v1/categories/:id"}',
      ),
    ).toBe(3);
    // The raw URLs never become labels: one series per route, whatever the ids.
    expect(text).not.toContain('categories/99991');
    expect(sample(text, 'rangeforge_database_up')).toBe(1);
    expect(sample(text, 'rangeforge_db_pool_max_connections')).toBe(kind === 'postgres' ? 10 : 1);
    expect(text).toContain('process_resident_memory_bytes');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('reads the mail outbox and the payments waiting for an admin from the database', async () => {
    const { app } = open;
    const { kysely } = app.services.db;
    const user = await registerUser(app);
    const oldest = new Date(Date.now() - 600_000).toISOString();
    const mail = (status: 'pending' | 'sent' | 'failed', created: string) => ({
      recipient: 'x@example.com',
      subject: 's',
      body: 'b',
      status,
      next_attempt_at: created,
      created_at: created,
    });
    await kysely
      .insertInto('mail_outbox')
      .values([
        mail('pending', oldest),
        mail('pending', new Date().toISOString()),
        mail('failed', oldest),
        mail('sent', oldest),
      ])
      .execute();
    const order = (values: Record<string, unknown>) => ({
      user_id: user.id,
      method: 'btc',
      status: 'pending',
      amount: 2900,
      currency: 'USD',
      pay_for_premium: 1,
      package_id: null,
      products: '[]',
      video_courses: '[]',
      sandbox: 0,
      refund_amount: 0,
      refund_review: 0,
      refunded_at: null,
      created_at: oldest,
      updated_at: oldest,
      ...values,
    });
    await kysely
      .insertInto('orders')
      .values([
        order({ claim_key: 'btc:tx-shared', payment_source: `btc:u${user.id}:a` }),
        order({ claim_key: 'btc:tx-shared', payment_source: `btc:u${user.id}:b` }),
        order({ claim_key: 'btc:tx-alone', payment_source: `btc:u${user.id}:c` }),
        order({ method: 'cloudpayments', status: 'paid', refund_amount: 900 }),
        order({ method: 'cloudpayments', status: 'paid', refund_review: 1 }),
        order({ method: 'cloudpayments', status: 'paid', sandbox: 1 }),
      ] as never)
      .execute();
    const text = (await scrape(app, {}, '10.9.0.1')).body;
    expect(sample(text, 'rangeforge_mail_outbox_messages{status="pending"}')).toBe(2);
    expect(sample(text, 'rangeforge_mail_outbox_messages{status="failed"}')).toBe(1);
    const age = sample(text, 'rangeforge_mail_outbox_oldest_pending_seconds') as number;
    expect(age).toBeGreaterThanOrEqual(600);
    expect(age).toBeLessThan(700);
    expect(sample(text, 'rangeforge_payments_orders{method="btc",status="pending"}')).toBe(3);
    // The sandbox order is a test payment: not counted.
    expect(sample(text, 'rangeforge_payments_orders{method="cloudpayments",status="paid"}')).toBe(2);
    expect(sample(text, 'rangeforge_payments_flagged{reason="shared_claim"}')).toBe(2);
    expect(sample(text, 'rangeforge_payments_flagged{reason="refund_due"}')).toBe(1);
    expect(sample(text, 'rangeforge_payments_flagged{reason="refund_review"}')).toBe(1);
    expect(sample(text, 'rangeforge_payments_flagged{reason="extra_charge"}')).toBe(0);
  });
});

describe('request ids', () => {
  async function appWithLog(env: Record<string, string>) {
    const base = await createTestApp('sqlite', env);
    await base.app.close();
    const lines: Record<string, unknown>[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    });
    const failing = { send: async () => Promise.reject(new Error('smtp down')) };
    const app = await buildApp({ ...base.config, logLevel: 'info' }, { logStream: stream, mailer: failing });
    await app.ready();
    return {
      app,
      lines,
      close: async () => {
        await app.close();
        await base.close();
      },
    };
  }

  it('sends one back, puts it on every log line of the request, services included', async () => {
    const t = await appWithLog({});
    try {
      // Made in the database: this app's mail always fails, so a sign-up's code could never arrive.
      const user = await insertUserRow(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/recover',
        payload: { email: user.email },
        headers: { 'x-request-id': 'chosen-by-the-client' },
      });
      expect(response.statusCode).toBe(200);
      const id = response.headers['x-request-id'] as string;
      // No proxy is trusted: a client does not choose the id it is logged under.
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const mine = t.lines.filter((line) => line.reqId === id);
      expect(mine.map((line) => line.msg)).toEqual(
        expect.arrayContaining(['incoming request', 'restore mail failed', 'request completed']),
      );
      // The service's line is the request's, not an orphan written through the app's logger.
      expect(t.lines.filter((line) => line.msg === 'restore mail failed' && line.reqId !== id)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it("keeps a trusted proxy's sane id, and replaces an insane one", async () => {
    const t = await appWithLog({ TRUST_PROXY: '10.0.0.0/8' });
    try {
      const viaProxy = await t.app.inject({
        method: 'GET',
        url: '/api/v1/health/live',
        remoteAddress: '10.1.2.3',
        headers: { 'x-request-id': 'lb-7f3a.42' },
      });
      expect(viaProxy.headers['x-request-id']).toBe('lb-7f3a.42');
      const insane = await t.app.inject({
        method: 'GET',
        url: '/api/v1/health/live',
        remoteAddress: '10.1.2.3',
        headers: { 'x-request-id': 'bad id\nforged: line' },
      });
      expect(insane.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const stranger = await t.app.inject({
        method: 'GET',
        url: '/api/v1/health/live',
        remoteAddress: '203.0.113.9',
        headers: { 'x-request-id': 'lb-7f3a.43' },
      });
      expect(stranger.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(t.lines.some((line) => line.reqId === 'lb-7f3a.42' && line.msg === 'request completed')).toBe(
        true,
      );
    } finally {
      await t.close();
    }
  });
});
