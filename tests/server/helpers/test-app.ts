import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { FastifyInstance } from 'fastify';
import { describe } from 'vitest';

import { buildApp } from '../../../server/app.ts';
import { type AppConfig, loadConfig } from '../../../server/config.ts';
import type { Mail, Mailer } from '../../../server/lib/mailer.ts';
import type { Clock } from '../../../server/lib/time.ts';
import { createThrowawayDatabase, postgresAvailability } from './postgres.ts';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  mails: Mail[];
  close: () => Promise<void>;
}

/** The mail each test app sent, for helpers that are given only the app (a sign-up's code). */
const mailboxes = new WeakMap<FastifyInstance, Mail[]>();

/** What `app` has mailed so far (an app made by createTestApp, or one given to collectMail). */
export function mailsOf(app: FastifyInstance): Mail[] {
  const mails = mailboxes.get(app);
  if (!mails)
    throw new Error('the mail of this app is not collected: make it with createTestApp or collectMail');
  return mails;
}

/** For an app a suite builds itself with memoryMailer(mails): helpers such as registerUser then read its mail. */
export function collectMail(app: FastifyInstance, mails: Mail[]): void {
  mailboxes.set(app, mails);
}

/** Collects mail in memory (the SMTP path has its own suite with a real sink). */
export function memoryMailer(mails: Mail[]): Mailer {
  return {
    async send(mail) {
      mails.push(mail);
    },
  };
}

export async function createTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  options: { migrate?: boolean; clock?: Clock; serveStatic?: boolean } = {},
): Promise<TestApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangeforge-test-'));
  let databaseUrl = `sqlite:${path.join(dir, 'test.sqlite')}`;
  let drop = async () => {};
  if (kind === 'postgres') {
    const { adminUrl } = postgresAvailability();
    if (!adminUrl) throw new Error('PostgreSQL is not available');
    const database = await createThrowawayDatabase(adminUrl);
    databaseUrl = database.url;
    drop = database.drop;
  }
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(dir, 'data'),
    MEDIA_DIR: path.join(dir, 'media'),
    STATIC_DIR: path.join(dir, 'dist'),
    LOG_LEVEL: 'silent',
    // Suites make many calls as one user; the suites of these limits set their own.
    AUTH_RATE_LIMIT: '100000',
    WRITE_RATE_LIMIT: '100000',
    COST_RATE_LIMIT: '100000',
    SIGN_UP_MAIL_LIMIT: '100000',
    ...env,
  });
  const mails: Mail[] = [];
  const app = await buildApp(config, {
    mailer: memoryMailer(mails),
    migrate: options.migrate,
    clock: options.clock,
    serveStatic: options.serveStatic,
  });
  await app.ready();
  collectMail(app, mails);
  return {
    app,
    config,
    mails,
    close: async () => {
      await app.close();
      await drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs the same suite on SQLite and on PostgreSQL; the PostgreSQL copy is skipped, with the reason, if it cannot run. */
export function describeEachDatabase(name: string, suite: (kind: DatabaseKind) => void): void {
  describe(`${name} [sqlite]`, () => suite('sqlite'));
  const pg = postgresAvailability();
  if (pg.adminUrl) {
    describe(`${name} [postgres]`, () => suite('postgres'));
  } else {
    describe.skip(`${name} [postgres] skipped: ${pg.reason}`, () => suite('postgres'));
  }
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
