import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';

import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../server/app.ts';
import type { Mail } from '../../server/lib/mailer.ts';
import { ManualClock } from '../../server/lib/time.ts';
import { PROBE_INTERVAL_MS } from '../../server/modules/health/health.service.ts';
import { as, registerUser, type Session } from './helpers/api.ts';
import {
  collectMail,
  createTestApp,
  describeEachDatabase,
  memoryMailer,
  type TestApp,
} from './helpers/test-app.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** An app on the same config whose JSON log lines are kept, to check what an operator would read. */
async function loggedApp(
  base: TestApp,
  migrate = true,
): Promise<{ app: FastifyInstance; logs: () => string }> {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const mails: Mail[] = [];
  const app = await buildApp(
    { ...base.config, logLevel: 'info' },
    { mailer: memoryMailer(mails), logStream: stream, migrate },
  );
  await app.ready();
  collectMail(app, mails);
  return { app, logs: () => text };
}

const createFolder = (app: FastifyInstance, user: Session, name = 'x'.repeat(100)) =>
  as(app, user, {
    method: 'POST',
    url: '/api/v1/categories',
    payload: { name, kind: 'range', root_type: 'preflop_root', note: 'n'.repeat(1900) },
  });

describeEachDatabase('clean failures', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t.close());

  it('a truncated multipart upload answers 400, not 500', async () => {
    const user = await registerUser(t.app);
    const boundary = 'rangeforge-boundary';
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\n` +
      'Content-Type: image/png\r\n\r\n';
    for (const payload of [`${head}\x89PNG\r\n\x1a\npartial`, `--${boundary}\r\nContent-Dispo`]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users/userprofile/update/avatar',
        payload,
        headers: {
          authorization: `Bearer ${user.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().code).toBe('uploadIncomplete');
    }
  });

  it('health runs a write probe and says ok while writes work', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.status).toBe('ok');
    const probe = await t.app.services.db.kysely
      .selectFrom('rate_counters')
      .select('count')
      .where('counter_key', '=', 'health:write-probe')
      .executeTakeFirst();
    expect(probe?.count).toBeGreaterThan(0);
  });

  it("a stranger's flood of health calls writes once per probe interval, not once per call", async () => {
    const clock = new ManualClock();
    const flooded = await createTestApp(kind, {}, { clock });
    try {
      const writes = async () =>
        Number(
          (
            await flooded.app.services.db.kysely
              .selectFrom('rate_counters')
              .select('count')
              .where('counter_key', '=', 'health:write-probe')
              .executeTakeFirst()
          )?.count ?? 0,
        );
      const call = () => flooded.app.inject({ method: 'GET', url: '/api/v1/health' });
      const together = await Promise.all(Array.from({ length: 20 }, call));
      for (let i = 0; i < 20; i += 1) together.push(await call());
      expect(together.every((response) => response.json().data.status === 'ok')).toBe(true);
      expect(await writes()).toBe(1);
      clock.advance(PROBE_INTERVAL_MS);
      expect((await call()).statusCode).toBe(200);
      expect(await writes()).toBe(2);
    } finally {
      await flooded.close();
    }
  });
});

describe('clean failures [sqlite]: full disk and read-only file', () => {
  let base: TestApp;
  beforeAll(async () => {
    base = await createTestApp('sqlite');
    await base.app.close();
  });
  afterAll(async () => base.close());

  it('SQLITE_FULL answers 503 with Retry-After, logs the real cause, and health says degraded', async () => {
    const { app, logs } = await loggedApp(base);
    try {
      const user = await registerUser(app);
      const sqlite = app.services.db.sqlite;
      if (!sqlite) throw new Error('expected SQLite');
      // The database may not grow by one more page: the next insert hits SQLITE_FULL, as on a full disk.
      sqlite.pragma('wal_checkpoint(TRUNCATE)');
      const pages = Number(sqlite.pragma('page_count', { simple: true }));
      sqlite.pragma(`max_page_count = ${pages}`);
      let response = await createFolder(app, user);
      for (let i = 0; i < 50 && response.statusCode === 200; i += 1) response = await createFolder(app, user);
      expect(response.statusCode, response.body).toBe(503);
      expect(response.headers['retry-after']).toBe('30');
      expect(response.json()).toEqual({
        error: 'The service is temporarily unavailable, try again later',
        code: 'serviceUnavailable',
      });
      expect(logs()).toContain('SQLITE_FULL');
      expect(logs()).not.toContain('cannot rollback');
      // The probe updates its row in place (no new page), so a full file may still take it; a read-only one not.
      sqlite.pragma('query_only = 1');
      const degraded = await app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(degraded.statusCode).toBe(503);
      expect(degraded.json().data.status).toBe('degraded');
      const readOnly = await createFolder(app, user);
      expect(readOnly.statusCode).toBe(503);
      expect(logs()).toMatch(/SQLITE_READONLY/);
      sqlite.pragma('query_only = 0');
      sqlite.pragma('max_page_count = 1073741823');
      expect((await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('clean failures [sqlite]: a transaction SQLite already rolled back', () => {
  it('keeps the real error instead of "cannot rollback - no transaction is active"', async () => {
    const base = await createTestApp('sqlite');
    try {
      const { db } = base.app.services;
      // What SQLite does itself after SQLITE_FULL or an I/O error inside a transaction: the transaction is gone.
      const failing = db.kysely.transaction().execute(async (trx) => {
        await trx.selectFrom('users').select('id').execute();
        db.sqlite?.exec('ROLLBACK');
        throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
      });
      await expect(failing).rejects.toMatchObject({ code: 'SQLITE_FULL' });
    } finally {
      await base.close();
    }
  });
});

describe('clean failures [postgres]: read-only database', () => {
  it('a database that refuses writes answers 503 and health says degraded', async () => {
    const { postgresAvailability } = await import('./helpers/postgres.ts');
    if (!postgresAvailability().adminUrl) return;
    const base = await createTestApp('postgres');
    await registerUser(base.app);
    const tokenUser = await registerUser(base.app);
    await base.app.close();
    const name = new URL(base.config.databaseUrl).pathname.slice(1);
    const admin = new pg.Client({ connectionString: postgresAvailability().adminUrl ?? '' });
    await admin.connect();
    await admin.query(`ALTER DATABASE ${name} SET default_transaction_read_only = on`);
    const { app, logs } = await loggedApp(base, false);
    try {
      const response = await createFolder(app, tokenUser);
      expect(response.statusCode, response.body).toBe(503);
      expect(response.headers['retry-after']).toBe('30');
      expect(logs()).toContain('read-only transaction');
      const health = await app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json().data.status).toBe('degraded');
    } finally {
      await app.close();
      await admin.query(`ALTER DATABASE ${name} RESET default_transaction_read_only`);
      await admin.end();
      await base.close();
    }
  });
});

describe('start-up storage check', () => {
  const start = (env: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });

  it('exits non-zero with one clear line when the -shm file cannot be opened for writing', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangeforge-shm-'));
    try {
      const file = path.join(dir, 'db.sqlite');
      fs.mkdirSync(`${file}-shm`);
      const result = start({
        DATABASE_URL: `sqlite:${file}`,
        DATA_DIR: dir,
        MEDIA_DIR: path.join(dir, 'media'),
      });
      expect(result.status).toBe(1);
      expect(result.signal).toBeNull();
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^RangeForge cannot start: .*db\.sqlite-shm cannot be opened for writing \(EISDIR\)/,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exits non-zero with one clear line when DATA_DIR cannot take writes', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangeforge-data-'));
    try {
      const blocker = path.join(dir, 'not-a-folder');
      fs.writeFileSync(blocker, '');
      const result = start({
        DATABASE_URL: `sqlite:${path.join(dir, 'db.sqlite')}`,
        DATA_DIR: path.join(blocker, 'data'),
        MEDIA_DIR: path.join(dir, 'media'),
      });
      expect(result.status).toBe(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^RangeForge cannot start: DATA_DIR .*not-a-folder\/data is not writable \(ENOTDIR\)/,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
