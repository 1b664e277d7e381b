// No known passwords: the seed creates no account with a written password, the first
// admin comes from `npm run admin -- create` (password from a file or the terminal) or ADMIN_EMAIL + ADMIN_PASSWORD at
// seed time, and the old published admin1234 / demo1234 accounts are locked. Also the money migration on an install
// that already holds double purchases.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Db } from '../../server/db/database.ts';
import { migrateToLatest, migrator } from '../../server/db/migrate.ts';
import { DEMO_EMAIL, seedDatabase } from '../../server/db/seed.ts';
import { hashPassword } from '../../server/modules/auth/passwords.ts';
import { insertUser } from '../../server/modules/users/users.repository.ts';
import { signUp } from './helpers/api.ts';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

/** A user row as schemas before 010-username-key hold it (insertUser writes the later username_key column). */
async function insertOlderUser(db: Db, username: string, passwordHash: string): Promise<{ id: number }> {
  return db.kysely
    .insertInto('users')
    .values({
      username,
      email: `${username.normalize('NFKD').replace(/[^a-z]/gi, '')}${Math.random().toString(36).slice(2)}@example.com`,
      password_hash: passwordHash,
      language: 'en-US',
      avatar: '',
      is_premium: 0,
      is_admin: 0,
      referral_token: Math.random().toString(36).slice(2),
      referrer_id: null,
      created_at: new Date().toISOString(),
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
}

const login = (t: TestApp, name: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { login: name, password } });

describeEachDatabase('seeded accounts', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t.close());

  it('the seed alone creates no account at all', async () => {
    await seedDatabase(t.app.services.db);
    const users = await t.app.services.db.kysely.selectFrom('users').select('email').execute();
    expect(users).toEqual([]);
    expect((await login(t, 'admin', ['admin', '1234'].join(''))).statusCode).not.toBe(200);
  });

  it('creates the admin from ADMIN_EMAIL + ADMIN_PASSWORD, and the demo player with a random password', async () => {
    const report = await seedDatabase(t.app.services.db, {
      admin: { email: 'Owner@Example.com', password: 'owner-pass1', username: 'owner' },
      demo: {},
    });
    const demoLine = report.find((line) => line.startsWith('demo player'));
    const password = /\/ (\S+) /.exec(demoLine ?? '')?.[1] ?? '';
    expect(password).toMatch(/^[\w-]{12,}$/);
    expect((await login(t, DEMO_EMAIL, password)).statusCode).toBe(200);
    const owner = await login(t, 'owner@example.com', 'owner-pass1');
    expect(owner.json().data.me).toMatchObject({ is_admin: true, is_premium: true });
    // A second run changes nothing and prints no password again.
    const again = await seedDatabase(t.app.services.db, {
      admin: { email: 'owner@example.com', password: 'x' },
      demo: {},
    });
    expect(again.join('\n')).not.toContain(password);
  });

  it('a stranger who registered the owner’s e-mail first gets no admin rights from ADMIN_EMAIL', async () => {
    // On a fresh server someone may hold an account with the address the owner will name (who could read its mail).
    const { confirmed: squat } = await signUp(t.app, {
      username: 'squatter',
      email: 'boss@example.com',
      password: 'squat-pass1',
    });
    const { token } = squat!.json().data;
    const report = await seedDatabase(t.app.services.db, {
      admin: { email: 'boss@example.com', password: 'boss-pass1' },
    });
    expect(report.join('\n')).toContain('boss@example.com (squatter) is now an admin');
    // The account is the owner's now: the owner's password, the stranger's password and session gone.
    expect((await login(t, 'boss@example.com', 'squat-pass1')).statusCode).toBe(400);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/userprofile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(session.statusCode).toBe(401);
    const owner = await login(t, 'boss@example.com', 'boss-pass1');
    expect(owner.json().data.me).toMatchObject({ is_admin: true, username: 'squatter' });
    // A later seed finds an admin and changes nothing, so an admin's own new password stays.
    await seedDatabase(t.app.services.db, { admin: { email: 'boss@example.com', password: 'other-pass1' } });
    expect((await login(t, 'boss@example.com', 'boss-pass1')).statusCode).toBe(200);
  });

  it('locks the accounts whose passwords earlier versions published', async () => {
    const db = t.app.services.db;
    const published = ['admin', '1234'].join('');
    await insertUser(db, {
      username: 'admin',
      email: 'admin@rangeforge.app',
      passwordHash: await hashPassword(published),
      referrerId: null,
    });
    expect((await login(t, 'admin', published)).statusCode).toBe(200);
    const report = await seedDatabase(db);
    expect(report.join('\n')).toContain('admin@rangeforge.app');
    expect((await login(t, 'admin', published)).statusCode).not.toBe(200);
  });
});

describe('npm run admin -- create', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangeforge-admin-'));
  const env = {
    ...process.env,
    DATA_DIR: dir,
    DATABASE_URL: `sqlite:${path.join(dir, 'db.sqlite')}`,
    LOG_LEVEL: 'silent',
  };
  const admin = (...args: string[]) =>
    spawnSync(path.resolve('node_modules/.bin/tsx'), ['server/admin-cli.ts', ...args], {
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('takes the password from a file, never from the command line, and asks on a terminal only', async () => {
    expect(admin('create', '--email', 'boss@example.com', '--password', 'boss-pass1').status).toBe(2);
    // No terminal and no file: one clear line, nothing created.
    const noTty = admin('create', '--email', 'boss@example.com');
    expect(noTty.status).toBe(1);
    expect(noTty.stderr.trim()).toBe('No terminal to ask the password on: pass --password-file <file>');
    const file = path.join(dir, 'password');
    fs.writeFileSync(file, 'boss-pass1\n', { mode: 0o600 });
    const created = admin(
      'create',
      '--email',
      'boss@example.com',
      '--username',
      'theboss',
      '--password-file',
      file,
    );
    expect(created.stdout.trim(), created.stderr).toBe('created admin boss@example.com (username theboss)');
    expect(admin('create', '--email', 'boss@example.com').stdout.trim()).toBe(
      'boss@example.com is already an admin; nothing changed',
    );
    const t = await createTestApp('sqlite', { DATA_DIR: dir, DATABASE_URL: env.DATABASE_URL });
    try {
      const signedIn = await login(t, 'theboss', 'boss-pass1');
      expect(signedIn.json().data.me).toMatchObject({ is_admin: true });
      // An account someone registered is promoted only with a password the operator gives, which replaces its own.
      const payload = { username: 'squatter', email: 'owner@example.com', password: 'squat-pass1' };
      expect((await signUp(t.app, payload)).confirmed?.statusCode).toBe(200);
      expect(admin('create', '--email', 'owner@example.com').status).toBe(1);
      const promoted = admin('create', '--email', 'owner@example.com', '--password-file', file);
      expect(promoted.stdout.trim(), promoted.stderr).toBe(
        'owner@example.com (squatter) is now an admin with the password given; its sessions are signed out',
      );
      expect((await login(t, 'squatter', 'squat-pass1')).statusCode).toBe(400);
      expect((await login(t, 'squatter', 'boss-pass1')).json().data.me).toMatchObject({ is_admin: true });
    } finally {
      await t.close();
    }
  }, 60_000);
});

describeEachDatabase('money migration on an older install', (kind) => {
  it('keeps the first of duplicate purchases, flags the later order for refund, then enforces uniqueness', async () => {
    const t = await createTestApp(kind, {}, { migrate: false });
    const db = t.app.services.db;
    try {
      const { error } = await migrator(db).migrateTo('003-range-sides');
      if (error) throw error;
      // An item as that version stored it (today's seed writes tables that version does not have).
      const pack = await db.kysely
        .insertInto('packages')
        .values({ name: 'Older pack' } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      const item = await db.kysely
        .insertInto('shop_items')
        .values({
          package_id: pack.id,
          type: 'product',
          name: 'Older item',
          price_usd: 1900,
          price_rub: 150000,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      const user = await insertOlderUser(db, 'double', 'x');
      const now = new Date().toISOString();
      const order = (transaction: string) =>
        db.kysely
          .insertInto('orders')
          .values({
            user_id: user.id,
            method: 'cloudpayments',
            status: 'paid',
            amount: 1900,
            currency: 'USD',
            pay_for_premium: 0,
            package_id: null,
            products: '[]',
            video_courses: '[]',
            payment_source: null,
            transaction_id: transaction,
            created_at: now,
            updated_at: now,
          } as never)
          .returning('id')
          .executeTakeFirstOrThrow();
      const first = await order('t1');
      const second = await order('t2');
      for (const paid of [first, second]) {
        await db.kysely
          .insertInto('purchases')
          .values({
            user_id: user.id,
            order_id: paid.id,
            kind: 'product',
            item_id: item.id,
            name: 'p',
            amount: 1900,
            currency: 'USD',
            created_at: now,
          })
          .execute();
      }
      await migrateToLatest(db);
      const kept = await db.kysely
        .selectFrom('purchases')
        .select('order_id')
        .where('user_id', '=', user.id)
        .execute();
      expect(kept).toEqual([{ order_id: first.id }]);
      const refunds = await db.kysely
        .selectFrom('orders')
        .select(['id', 'refund_amount'])
        .where('user_id', '=', user.id)
        .orderBy('id')
        .execute();
      expect(refunds).toEqual([
        { id: first.id, refund_amount: 0 },
        { id: second.id, refund_amount: 1900 },
      ]);
    } finally {
      await t.close();
    }
  });
});

describeEachDatabase('username key migration on an older install', (kind) => {
  it('gives look-alike and case twins that already exist distinct keys, and both still sign in', async () => {
    const t = await createTestApp(kind, {}, { migrate: false });
    const db = t.app.services.db;
    try {
      const { error } = await migrator(db).migrateTo('005-sessions-counters');
      if (error) throw error;
      const hash = await hashPassword('secret123');
      const latin = await insertOlderUser(db, 'admin', hash);
      const cyrillic = await insertOlderUser(db, 'аdmіn', hash);
      // PostgreSQL's lower() already kept these two apart; SQLite's ASCII-only lower() let both in.
      const caseTwins = kind === 'sqlite';
      const upper = await insertOlderUser(db, 'Ärger', hash);
      const lower = caseTwins ? await insertOlderUser(db, 'ärger', hash) : null;
      await migrateToLatest(db);
      const keys = await db.kysely.selectFrom('users').select(['id', 'username_key']).orderBy('id').execute();
      expect(keys).toEqual([
        { id: latin.id, username_key: 'admin' },
        { id: cyrillic.id, username_key: `admin#${cyrillic.id}` },
        { id: upper.id, username_key: 'ärger' },
        ...(lower ? [{ id: lower.id, username_key: `ärger#${lower.id}` }] : []),
      ]);
      // The first of each pair is found by its name; nobody can register either spelling again.
      expect((await login(t, 'ADMIN', 'secret123')).statusCode).toBe(200);
      expect((await login(t, 'Ärger', 'secret123')).statusCode).toBe(200);
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { username: 'ärgeR', email: 'again@example.com', password: 'secret123' },
      });
      expect(again.json().code).toBe('usernameTaken');
    } finally {
      await t.close();
    }
  });
});
