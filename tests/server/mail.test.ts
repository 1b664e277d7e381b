import fs from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../server/app.ts';
import { type ReceivedMail, type SmtpSink, startSmtpSink } from './helpers/smtp-sink.ts';
import { createTestApp } from './helpers/test-app.ts';

describe('restore mail over SMTP', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => sink.stop());

  it('delivers the 6-digit code through SMTP_URL, and the code restores the password', async () => {
    const base = await createTestApp('sqlite');
    await base.app.close();
    // Same temporary database and directories, but mail goes over SMTP instead of the in-memory test mailer.
    const app = await buildApp({ ...base.config, smtpUrl: `smtp://127.0.0.1:${sink.port}` });
    try {
      const register = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { username: 'mailer', email: 'mailer@example.com', password: 'secret123' },
      });
      expect(register.statusCode).toBe(200);
      // The sign-up's code comes over SMTP too, and makes the account.
      await expect.poll(() => sink.received.length, { timeout: 10_000 }).toBe(1);
      const signUpCode = /sign-up code is (\d{6})/.exec((sink.received[0] as ReceivedMail).raw)?.[1];
      const made = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/register_confirm',
        payload: { request_token: register.json().data.request_token, code: signUpCode },
      });
      expect(made.statusCode, made.body).toBe(200);
      const asked = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/recover',
        payload: { email: 'mailer@example.com' },
      });
      await expect.poll(() => sink.received.length, { timeout: 10_000 }).toBe(2);
      const message = sink.received[1] as ReceivedMail;
      expect(message.to).toEqual(['mailer@example.com']);
      const code = /restore code is (\d{6})/.exec(message.raw)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      const confirm = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/confirm',
        payload: {
          email: 'mailer@example.com',
          code,
          password: 'brandnew1',
          request_token: asked.json().data.request_token,
        },
      });
      expect(confirm.statusCode).toBe(200);
    } finally {
      await app.close();
      await base.close();
    }
  });

  it('without SMTP_URL writes the mail to data/outbox/', async () => {
    const t = await createTestApp('sqlite');
    await t.app.close();
    const app = await buildApp(t.config);
    try {
      const register = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { username: 'outbox', email: 'outbox@example.com', password: 'secret123' },
      });
      const outbox = path.join(t.config.dataDir, 'outbox');
      const files = () => (fs.existsSync(outbox) ? fs.readdirSync(outbox).sort() : []);
      const read = (file: string) => JSON.parse(fs.readFileSync(path.join(outbox, file), 'utf8'));
      await expect.poll(() => files().length).toBe(1);
      const signUpMail = read(files()[0] as string);
      expect(signUpMail).toMatchObject({ to: 'outbox@example.com' });
      const made = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/register_confirm',
        payload: {
          request_token: register.json().data.request_token,
          code: /\d{6}/.exec(signUpMail.text)?.[0],
        },
      });
      expect(made.statusCode, made.body).toBe(200);
      await app.inject({
        method: 'POST',
        url: '/api/v1/auth/recover',
        payload: { email: 'outbox@example.com' },
      });
      await expect.poll(() => files().length).toBe(2);
      const mail = files()
        .map(read)
        .find((entry: { subject: string }) => entry.subject === 'RangeForge password restore code');
      expect(mail).toMatchObject({ to: 'outbox@example.com' });
      expect(mail.text).toMatch(/\d{6}/);
    } finally {
      await app.close();
      await t.close();
    }
  });
});
