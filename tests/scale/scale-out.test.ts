// Three instances of the compiled server on one PostgreSQL, one Redis and one MinIO, as docs/deploying.md runs
// them: nothing a player does may depend on which instance answers, and killing one loses nothing
// it acknowledged.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createThrowawayDatabase, postgresAvailability } from '../server/helpers/postgres.ts';
import { type SmtpSink, startSmtpSink } from '../server/helpers/smtp-sink.ts';
import { startBalancer } from './support/balancer.ts';
import { startLoad } from './support/load.ts';
import {
  database,
  type Instance,
  type ObjectStore,
  scaleOutUnavailable,
  type Service,
  startInstance,
  startMinio,
  startRedis,
} from './support/services.ts';

// Per client address and route, per minute (AUTH_RATE_LIMIT); the suite registers fewer accounts than this.
const LOGIN_LIMIT = 30;
const ADMIN = { email: 'scale-admin@example.com', password: 'scale-admin-pass' };

/** Every value of `key` anywhere inside a JSON document. */
function valuesOf(node: unknown, key: string): unknown[] {
  if (Array.isArray(node)) return node.flatMap((child) => valuesOf(child, key));
  if (node && typeof node === 'object') {
    return Object.entries(node).flatMap(([name, value]) => [
      ...(name === key ? [value] : []),
      ...valuesOf(value, key),
    ]);
  }
  return [];
}

async function call<T = unknown>(
  instance: Instance,
  method: string,
  path: string,
  options: { body?: unknown; token?: string | null; form?: FormData } = {},
): Promise<{ status: number; body: { data?: T; error?: string } }> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${instance.baseUrl}${path}`, {
    method,
    headers,
    body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {} };
}

async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const unavailable =
  scaleOutUnavailable() ?? (postgresAvailability().adminUrl ? null : postgresAvailability().reason);
const suite = unavailable ? describe.skip : describe;

suite(
  `scale-out: three instances, one PostgreSQL, Redis and MinIO${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    let throwaway: { url: string; drop: () => Promise<void> };
    let redis: Service;
    let minio: ObjectStore;
    let mail: SmtpSink;
    let instances: Instance[] = [];
    let sql: pg.Client;
    let adminToken = '';
    let env: NodeJS.ProcessEnv;

    beforeAll(async () => {
      throwaway = await createThrowawayDatabase(postgresAvailability().adminUrl as string);
      [redis, minio, mail] = await Promise.all([startRedis(), startMinio(), startSmtpSink()]);
      env = {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: throwaway.url,
        REDIS_URL: redis.url,
        MEDIA_STORAGE: 's3',
        S3_ENDPOINT: minio.url,
        S3_BUCKET: minio.bucket,
        S3_ACCESS_KEY_ID: minio.accessKeyId,
        S3_SECRET_ACCESS_KEY: minio.secretAccessKey,
        S3_REGION: 'us-east-1',
        SMTP_URL: mail.url,
        URL_SIGNING_SECRET: 'scale-out-suite-url-signing-secret-0123456789',
        CLOUDPAYMENTS_PUBLIC_ID: 'pk_scale_out_suite',
        CLOUDPAYMENTS_API_SECRET: 'scale-out-suite-provider-secret',
        AUTH_RATE_LIMIT: String(LOGIN_LIMIT),
        MAIL_POLL_MS: '300',
        MAIL_LEASE_MS: '3000',
        LOG_LEVEL: 'info',
        STATIC_DIR: '/nonexistent',
        // Well past the balancer's readiness poll (every 200 ms, a poll given up after 1 s) on a loaded machine: it
        // has stopped sending to an instance before that instance stops listening.
        SHUTDOWN_DRAIN_MS: '2500',
      };
      await database('migrate', env);
      // The seed renders the courses' lessons (ffmpeg, cached between runs) and puts them in the shared bucket.
      await database('seed', { ...env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
      instances = await Promise.all(['a', 'b', 'c'].map((name) => startInstance(name, env)));
      // Signed in before the login-limit test spends this client's login budget.
      const login = await call<{ token: string }>(instances[0] as Instance, 'POST', '/api/v1/auth/login', {
        body: { login: ADMIN.email, password: ADMIN.password },
      });
      if (login.status !== 200) throw new Error(`admin login failed: ${JSON.stringify(login.body)}`);
      adminToken = login.body.data?.token as string;
      sql = new pg.Client({ connectionString: throwaway.url });
      await sql.connect();
    }, 180_000);

    afterAll(async () => {
      await sql?.end();
      await Promise.all(instances.map((instance) => instance.stop()));
      await Promise.all([redis?.stop(), minio?.stop(), mail?.stop()]);
      await throwaway?.drop();
    }, 60_000);

    const instance = (index: number) => () => instances[index] as Instance;
    const [a, b, c] = [instance(0), instance(1), instance(2)];

    /** The whole sign-up: the details on `instance`, then the code the sink received, on the next instance. */
    async function register(instance: Instance, name: string): Promise<string> {
      const email = `${name}@example.com`;
      const started = await call<{ request_token: string }>(instance, 'POST', '/api/v1/auth/register', {
        body: { username: name, email, password: 'scale-out-1' },
      });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const codeOf = () =>
        /sign-up code is (\d{6})/.exec(
          mail.received.find((message) => message.to.includes(email))?.raw ?? '',
        )?.[1];
      await eventually(async () => codeOf() !== undefined, `the sign-up code for ${email}`);
      const other = instances[(instances.indexOf(instance) + 1) % instances.length] as Instance;
      const made = await call<{ token: string }>(other, 'POST', '/api/v1/auth/register_confirm', {
        body: { request_token: started.body.data?.request_token, code: codeOf() },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      return made.body.data?.token as string;
    }

    it('a session made on one instance works on the others', async () => {
      const token = await register(a(), 'sessionuser');
      for (const instance of [b(), c()]) {
        const me = await call<{ me: { username: string } }>(instance, 'GET', '/api/v1/auth/user', { token });
        expect(me.status).toBe(200);
        expect(me.body.data?.me.username).toBe('sessionuser');
      }
      const logout = await call(b(), 'POST', '/api/v1/auth/logout', { token });
      expect(logout.status).toBe(200);
      const after = await call<{ me: { id: number | null } }>(c(), 'GET', '/api/v1/auth/user', { token });
      expect(after.body.data?.me.id ?? null).toBeNull();
    });

    it('counts the login limit across instances (Redis)', async () => {
      const statuses: number[] = [];
      // The admin signed in once in beforeAll: that login counts against the same budget.
      for (let attempt = 1; attempt < LOGIN_LIMIT + 1; attempt += 1) {
        const instance = instances[attempt % 3] as Instance;
        // A different unknown login each time: only the per-client limit is in play, not a per-account lock.
        const response = await call(instance, 'POST', '/api/v1/auth/login', {
          body: { login: `nobody${attempt}@example.com`, password: 'wrong-password' },
        });
        statuses.push(response.status);
      }
      // About ten attempts per instance stay under the limit; a per-process counter would never reach it.
      expect(statuses.slice(0, LOGIN_LIMIT - 1).every((status) => status !== 429)).toBe(true);
      expect(statuses[LOGIN_LIMIT - 1]).toBe(429);
    });

    it('an avatar uploaded through one instance is served by the others', async () => {
      const token = await register(b(), 'avataruser');
      const png = await sharp({
        create: { width: 300, height: 200, channels: 3, background: { r: 20, g: 160, b: 90 } },
      })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
      const upload = await call(a(), 'POST', '/api/v1/users/userprofile/update/avatar', { token, form });
      expect(upload.status, JSON.stringify(upload.body)).toBe(200);
      const me = await call<{ me: { avatar: string } }>(a(), 'GET', '/api/v1/auth/user', { token });
      const avatar = me.body.data?.me.avatar as string;
      expect(avatar).toMatch(/^\/media\/avatars\/[0-9a-f]{32}\.webp$/);
      const bodies: Buffer[] = [];
      for (const instance of [b(), c()]) {
        const response = await fetch(`${instance.baseUrl}${avatar}`);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('image/webp');
        bodies.push(Buffer.from(await response.arrayBuffer()));
      }
      const metadata = await sharp(bodies[0]).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 256, 256]);
      expect(bodies[0]?.equals(bodies[1] as Buffer)).toBe(true);
    });

    it('a lesson video link from one instance plays through another (presigned from the bucket)', async () => {
      const token = adminToken;
      const { rows } = await sql.query(
        "SELECT package_id AS id FROM shop_items WHERE type = 'video_course' ORDER BY id LIMIT 1",
      );
      const product = await call(a(), 'GET', `/api/shop/product/${rows[0]?.id}`, { token });
      expect(product.status).toBe(200);
      const link = valuesOf(product.body, 'video_url').find((value) => typeof value === 'string') as string;
      expect(link).toMatch(/^\/api\/v1\/shop\/lessons\/\d+\/video\?/);
      // The link carries its own signature (a <video> sends no Bearer header) and works on any instance.
      const redirect = await fetch(`${c().baseUrl}${link}`, { redirect: 'manual' });
      expect(redirect.status).toBe(302);
      const location = redirect.headers.get('location') as string;
      expect(location.startsWith(`${minio.url}/${minio.bucket}/videos/`)).toBe(true);
      const head = await fetch(location, { headers: { range: 'bytes=0-1023' } });
      expect(head.status).toBe(206);
      const bytes = Buffer.from(await head.arrayBuffer());
      expect(bytes.length).toBe(1024);
      expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp'); // an MP4 container
    });

    it('a backup of the shared database and bucket restores into a fresh database and bucket', async () => {
      const out = mkdtempSync(join(tmpdir(), 'rangeforge-scale-backup-'));
      const target = await createThrowawayDatabase(postgresAvailability().adminUrl as string);
      try {
        const made = await database('backup', env, ['--out', join(out, 'backup')]);
        expect(made).toMatch(/backup: media: \d+ files, \d+ bytes from the s3 storage/);
        await minio.createBucket('rangeforge-restored');
        const restoredEnv = { ...env, DATABASE_URL: target.url, S3_BUCKET: 'rangeforge-restored' };
        const restored = await database('restore', restoredEnv, ['--from', join(out, 'backup')]);
        expect(restored).toContain('integrity ok, 0 foreign key violations');
        // Every object (the seeded lessons, the avatar uploaded above) is back, byte for byte in size.
        const [source, copy] = [
          await minio.listBucket(minio.bucket),
          await minio.listBucket('rangeforge-restored'),
        ];
        expect(source.size).toBeGreaterThan(4);
        expect(copy).toEqual(source);
        const restoredDb = new pg.Client({ connectionString: target.url });
        await restoredDb.connect();
        const count = 'SELECT COUNT(*)::int AS count FROM users';
        const [before, after] = [(await sql.query(count)).rows[0], (await restoredDb.query(count)).rows[0]];
        await restoredDb.end();
        expect(after).toEqual(before);
      } finally {
        await target.drop();
        rmSync(out, { recursive: true, force: true });
      }
    });

    it('a rolling restart of the three instances under steady load fails no request', async () => {
      const tokens: string[] = [];
      for (let n = 0; n < 6; n += 1) tokens.push(await register(instances[n % 3] as Instance, `rolling${n}`));
      await sql.query("UPDATE users SET is_premium = 1 WHERE username LIKE 'rolling%'");
      const balancer = await startBalancer(instances);
      expect(balancer.ready()).toHaveLength(3);
      const load = startLoad(balancer.url, tokens);
      const restarted: Instance[] = [];
      try {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        for (const old of [...instances]) {
          // SIGTERM as a service manager sends it: readiness turns false, the balancer stops sending, in-flight
          // requests finish, the pools close. Then the new release's instance joins once it is ready.
          const stopped = Date.now();
          await old.stop();
          expect(old.child.exitCode, old.log().slice(-2_000)).toBe(0);
          expect(Date.now() - stopped).toBeGreaterThanOrEqual(2_500);
          balancer.remove(old);
          const fresh = await startInstance(`${old.name}2`, env);
          balancer.add(fresh);
          restarted.push(fresh);
          await eventually(async () => balancer.ready().includes(fresh), `${fresh.name} to take traffic`);
        }
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      } finally {
        const result = await load.stop();
        await balancer.stop();
        instances = restarted.length === 3 ? restarted : instances;
        console.log(
          `rolling restart: 3 instances restarted one by one, ${result.requests} requests (${result.writes} writes) ` +
            `through the balancer, ${result.failures.length} failed`,
        );
        expect(result.failures).toEqual([]);
        expect(result.requests).toBeGreaterThan(500);
      }
      // Every write acknowledged during the restarts is there.
      const { rows } = await sql.query(
        "SELECT COUNT(*)::int AS count FROM categories WHERE name LIKE 'rolling %'",
      );
      expect(rows[0]?.count).toBeGreaterThan(0);
    });

    it('a mail queued by an instance that is killed is sent by another', async () => {
      await register(c(), 'mailuser');
      mail.stall = true;
      const recover = await call(a(), 'POST', '/api/v1/auth/recover', {
        body: { email: 'mailuser@example.com' },
      });
      expect(recover.status).toBe(200);
      // Wait until some instance has claimed the mail and is stuck in the SMTP exchange with the stalled sink.
      let owner = '';
      await eventually(async () => {
        const { rows } = await sql.query(
          "SELECT claimed_by FROM mail_outbox WHERE recipient = 'mailuser@example.com' AND status = 'pending'",
        );
        owner = rows[0]?.claimed_by ?? '';
        return owner !== '';
      }, 'the mail to be claimed');
      const pid = Number(owner.split('-').at(-2));
      const claimer = instances.find((instance) => instance.log().includes(`"pid":${pid},`));
      expect(claimer, `no instance has pid ${pid}`).toBeDefined();
      claimer?.kill();
      mail.stall = false;
      const restoreMail = () =>
        mail.received.find(
          (message) => message.to.includes('mailuser@example.com') && message.raw.includes('restore code is'),
        );
      await eventually(
        async () => restoreMail() !== undefined,
        'the mail to reach the sink through a surviving instance',
      );
      // The sender records the delivery once the sink has acknowledged it.
      let row: { status: string; claimed_by: string } | undefined;
      await eventually(async () => {
        const { rows } = await sql.query(
          "SELECT status, claimed_by FROM mail_outbox WHERE recipient = 'mailuser@example.com' AND subject = 'RangeForge password restore code'",
        );
        row = rows[0];
        return row?.status === 'sent';
      }, 'the outbox row to be marked sent');
      expect(row?.claimed_by).not.toBe(owner);
      const code = /restore code is (\d{6})/.exec(restoreMail()?.raw ?? '')?.[1];
      expect(code).toMatch(/^\d{6}$/);
      instances = instances.filter((instance) => instance !== claimer);
    });

    it('killing one instance mid-load loses no acknowledged write', async () => {
      expect(instances.length).toBe(2);
      const victim = instances[1] as Instance;
      const tokens: string[] = [];
      for (let n = 0; n < 8; n += 1) tokens.push(await register(instances[0] as Instance, `loaduser${n}`));
      await sql.query("UPDATE users SET is_premium = 1 WHERE username LIKE 'loaduser%'");
      const acknowledged: { token: string; id: number; name: string }[] = [];
      let failures = 0;
      const writes = tokens.flatMap((token, user) =>
        Array.from({ length: 6 }, (_, n) => async () => {
          const instance = instances[(user + n) % instances.length] as Instance;
          const name = `load ${user}-${n}`;
          try {
            const response = await call<{ id: number }>(instance, 'POST', '/api/v1/categories', {
              token,
              body: { name, kind: 'folder', root_type: 'preflop_root' },
            });
            if (response.status === 200 && response.body.data?.id) {
              acknowledged.push({ token, id: response.body.data.id, name });
            } else failures += 1;
          } catch {
            failures += 1; // the connection died with the instance: not acknowledged, so nothing is owed
          }
        }),
      );
      const running = writes.map(
        (write, index) =>
          new Promise<void>((resolve) => setTimeout(() => void write().then(resolve), index * 15)),
      );
      setTimeout(() => victim.kill(), writes.length * 7);
      await Promise.all(running);
      expect(acknowledged.length).toBeGreaterThan(writes.length / 3);
      const survivor = instances[0] as Instance;
      for (const write of acknowledged) {
        const category = await call<{ id: number; name: string }>(
          survivor,
          'GET',
          `/api/v1/categories/${write.id}`,
          {
            token: write.token,
          },
        );
        expect(category.status).toBe(200);
        expect(category.body.data?.name).toBe(write.name);
      }
      console.log(
        `scale-out load: ${writes.length} writes, ${acknowledged.length} acknowledged, ${failures} refused or cut by the kill, 0 acknowledged lost`,
      );
    });
  },
);
