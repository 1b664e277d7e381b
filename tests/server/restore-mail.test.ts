// The password restore e-mail is written in the account's interface language.
import { afterAll, beforeAll, expect, it } from 'vitest';

import { as, registerUser, signUp } from './helpers/api.ts';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

const EXPECTED = {
  'en-US': { subject: 'RangeForge password restore code', phrase: 'It is valid for 10 minutes.' },
  'ru-RU': { subject: 'Код восстановления пароля RangeForge', phrase: 'Он действует 10 минут.' },
  'zh-CN': { subject: 'RangeForge 密码找回验证码', phrase: '10 分钟内有效' },
  'es-ES': {
    subject: 'Código para restablecer tu contraseña de RangeForge',
    phrase: 'Es válido durante 10 minutos.',
  },
} as const;

describeEachDatabase('restore e-mail language', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t.close());

  it.each(Object.entries(EXPECTED))(
    'mails the code in %s to an account in that language',
    async (language, want) => {
      const user = await registerUser(t.app);
      const saved = await as(t.app, user, {
        method: 'POST',
        url: '/api/v1/users/language',
        payload: { language },
      });
      expect(saved.statusCode).toBe(200);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/recover',
        payload: { email: user.email },
      });
      expect(response.statusCode).toBe(200);
      await expect.poll(() => t.mails.filter((mail) => mail.to === user.email).length).toBe(1);
      const mail = t.mails.find((entry) => entry.to === user.email)!;
      expect(mail.subject).toBe(want.subject);
      expect(mail.text).toContain(want.phrase);
      expect(mail.text).toMatch(/\d{6}/);
    },
  );

  // The first visit's language (the browser's, picked by the SPA) is sent with the sign-up and kept by the account.
  it.each(Object.entries(EXPECTED))(
    'an account registered in %s has that language and gets its restore e-mail in it',
    async (language, want) => {
      const name = `first${language.slice(0, 2)}${Math.floor(Math.random() * 100000)}`;
      const email = `${name}@example.com`;
      const { confirmed: registered } = await signUp(t.app, {
        username: name,
        email,
        password: 'secret123',
        language,
      });
      expect(registered?.statusCode, registered?.body).toBe(200);
      expect(registered!.json().data.me.language).toBe(language);
      const row = await t.app.services.db.kysely
        .selectFrom('users')
        .select('language')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(row.language).toBe(language);
      // The sign-up's own code came first, in the same language.
      await t.app.inject({ method: 'POST', url: '/api/v1/auth/recover', payload: { email } });
      await expect.poll(() => t.mails.filter((mail) => mail.to === email).length).toBe(2);
      expect(t.mails.findLast((mail) => mail.to === email)!.subject).toBe(want.subject);
    },
  );

  it('refuses a language outside the four and keeps en-US when none is sent', async () => {
    for (const language of ['de-DE', 'ru', '', 'en-us']) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { username: 'badlang1', email: 'badlang1@example.com', password: 'secret123', language },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error: 'Unsupported language', code: 'languageInvalid' });
    }
    const user = await registerUser(t.app);
    const me = await as(t.app, user, { method: 'GET', url: '/api/v1/auth/user' });
    expect(me.json().data.me.language).toBe('en-US');
  });
});
