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
      const asked = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/recover',
        payload: { email: 'mailer@example.com' },
      });
      await expect.poll(() => sink.received.length, { timeout: 10_000 }).toBe(1);
      const message = sink.received[0] as ReceivedMail;
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
      await app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { username: 'outbox', email: 'outbox@example.com', password: 'secret123' },
      });
      await app.inject({
        method: 'POST',
        url: '/api/v1/auth/recover',
        payload: { email: 'outbox@example.com' },
      });
      const outbox = path.join(t.config.dataDir, 'outbox');
      await expect.poll(() => (fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0)).toBe(1);
      const mail = JSON.parse(
        fs.readFileSync(path.join(outbox, fs.readdirSync(outbox)[0] as string), 'utf8'),
      );
      expect(mail).toMatchObject({ to: 'outbox@example.com' });
      expect(mail.text).toMatch(/\d{6}/);
    } finally {
      await app.close();
      await t.close();
    }
  });
});
