import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ERROR_MESSAGES } from '../../contract/errors.ts';
import { as, registerUser, signUp } from './helpers/api.ts';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

const post = (t: TestApp, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object });

describeEachDatabase('auth', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t.close());

  describe('register', () => {
    it('creates the user once the mailed code comes back, and signs in', async () => {
      const { started, confirmed } = await signUp(t.app, {
        username: 'alice',
        email: 'Alice@Example.com',
        password: 'secret123',
      });
      expect(started.statusCode).toBe(200);
      expect(Object.keys(started.json().data).sort()).toEqual(['message', 'request_token']);
      expect(confirmed?.statusCode).toBe(200);
      const { data } = confirmed!.json();
      expect(data.me).toMatchObject({ username: 'alice', email: 'alice@example.com', language: 'en-US' });
      expect(data.me.avatar).toBe('/media/avatars/');
      expect(data.token).toMatch(/^[\w-]{40,}$/);
    });

    it.each([
      [{ email: 'a@b.co', password: 'secret123' }, 'usernameRequired'],
      [{ username: 'abc', email: 'a@b.co', password: 'secret123' }, 'usernameLength'],
      [{ username: 'a'.repeat(21), email: 'a@b.co', password: 'secret123' }, 'usernameLength'],
      [{ username: 'abcd', password: 'secret123' }, 'emailRequired'],
      [{ username: 'abcd', email: 'not-an-email', password: 'secret123' }, 'emailIncorrect'],
      [{ username: 'abcd', email: 'a@b.co' }, 'passwordRequired'],
      [{ username: 'abcd', email: 'a@b.co', password: '12345' }, 'passwordLength'],
      [{ username: 'abcd', email: 'a@b.co', password: '1'.repeat(21) }, 'passwordLength'],
    ] as const)('rejects %j with %s', async (payload, code) => {
      const response = await post(t, '/api/v1/auth/register', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: ERROR_MESSAGES[code], code });
    });

    it('refuses a taken username (any case) with 409; a taken e-mail makes no account (sign-up.test.ts)', async () => {
      const first = await signUp(t.app, { username: 'bobby', email: 'b@x.io', password: 'secret1' });
      expect(first.confirmed?.statusCode).toBe(200);
      const sameName = await post(t, '/api/v1/auth/register', {
        username: 'BOBBY',
        email: 'c@x.io',
        password: 'secret1',
      });
      expect(sameName.statusCode).toBe(409);
      expect(sameName.json().code).toBe('usernameTaken');
      const sameMail = await signUp(t.app, { username: 'bobby2', email: 'B@x.io', password: 'secret1' });
      expect(sameMail.started.statusCode).toBe(200);
      expect(sameMail.confirmed?.json().code).toBe('codeInvalid');
    });

    it('names the taken e-mail to the mailbox owner when two sign-ups of it are confirmed', async () => {
      // Both are mailed a code (neither address had an account yet); the unique index refuses the second account.
      const first = await post(t, '/api/v1/auth/register', {
        username: 'racer1',
        email: 'race@x.io',
        password: 'secret1',
      });
      const firstCode = t.mails.findLast((mail) => mail.to === 'race@x.io')?.text.match(/\d{6}/)?.[0];
      const second = await signUp(t.app, { username: 'racer2', email: 'race@x.io', password: 'secret1' });
      expect(second.confirmed?.statusCode).toBe(200);
      const late = await post(t, '/api/v1/auth/register_confirm', {
        request_token: first.json().data.request_token,
        code: firstCode,
      });
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('emailTaken');
    });

    it('links the referrer from the token in the path and rejects unknown tokens', async () => {
      const referrer = await registerUser(t.app);
      const me = await as(t.app, referrer, { method: 'GET', url: '/api/v1/auth/user' });
      const token = me.json().data.me.referral_token as string;
      const invited = await registerUser(t.app, { referral: token });
      expect(invited.id).toBeGreaterThan(referrer.id);
      const bad = await post(t, '/api/v1/auth/register/nope', {
        username: 'zzzz1',
        email: 'z1@x.io',
        password: 'secret1',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('referralTokenInvalid');
    });
  });

  describe('login, user, logout', () => {
    it('logs in by username or e-mail, returns me and token, and logs out', async () => {
      const user = await registerUser(t.app);
      for (const login of [user.username, user.email.toUpperCase()]) {
        const response = await post(t, '/api/v1/auth/login', { login, password: 'secret123' });
        expect(response.statusCode).toBe(200);
        expect(response.json().data.me.id).toBe(user.id);
      }
      const me = await as(t.app, user, { method: 'GET', url: '/api/v1/auth/user' });
      expect(me.json().data).toMatchObject({ me: { id: user.id }, token: user.token });
      const out = await as(t.app, user, { method: 'POST', url: '/api/v1/auth/logout' });
      expect(out.statusCode).toBe(200);
      const after = await as(t.app, user, { method: 'GET', url: '/api/v1/auth/user' });
      expect(after.json().data).toMatchObject({ me: { id: null }, token: null });
    });

    it('answers wrong password and unknown login the same way', async () => {
      const user = await registerUser(t.app);
      const wrong = await post(t, '/api/v1/auth/login', { login: user.username, password: 'nope-nope' });
      const unknown = await post(t, '/api/v1/auth/login', { login: 'ghost-user', password: 'nope-nope' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual(unknown.json());
    });

    it('validates the login payload', async () => {
      const response = await post(t, '/api/v1/auth/login', { password: 'x' });
      expect(response.json()).toEqual({ error: ERROR_MESSAGES.loginRequired, code: 'loginRequired' });
      const noPassword = await post(t, '/api/v1/auth/login', { login: 'abc', password: '' });
      expect(noPassword.json().code).toBe('passwordRequired');
    });

    it('gives anonymous callers an empty user, and 401 on logout', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/auth/user' });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.me.id).toBeNull();
      const out = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout' });
      expect(out.statusCode).toBe(401);
      expect(out.json()).toEqual({ error: 'User is not authorized', code: 'unauthorized' });
      const forged = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        headers: { authorization: 'Bearer forged' },
      });
      expect(forged.statusCode).toBe(401);
    });
  });

  describe('recover and confirm', () => {
    const codeFrom = (text: string) => /(\d{6})/.exec(text)?.[1] ?? '';

    it('mails a 6-digit code that sets a new password once and revokes sessions', async () => {
      const user = await registerUser(t.app);
      const response = await post(t, '/api/v1/auth/recover', { email: user.email });
      expect(response.statusCode).toBe(200);
      const request_token = response.json().data.request_token;
      await expect.poll(() => t.mails.filter((mail) => mail.to === user.email).length).toBe(1);
      const code = codeFrom(t.mails.find((mail) => mail.to === user.email)?.text ?? '');
      expect(code).toMatch(/^\d{6}$/);
      const body = { email: user.email, code, request_token };
      const ok = await post(t, '/api/v1/auth/confirm', { ...body, password: 'newpass1' });
      expect(ok.statusCode).toBe(200);
      const again = await post(t, '/api/v1/auth/confirm', { ...body, password: 'newpass2' });
      expect(again.json().code).toBe('restoreRequestExpired');
      const old = await as(t.app, user, { method: 'GET', url: '/api/v1/auth/user' });
      expect(old.json().data.me.id).toBeNull();
      const login = await post(t, '/api/v1/auth/login', { login: user.email, password: 'newpass1' });
      expect(login.statusCode).toBe(200);
    });

    it('answers unknown e-mails exactly like known ones and sends nothing', async () => {
      const user = await registerUser(t.app);
      const before = t.mails.length;
      const known = await post(t, '/api/v1/auth/recover', { email: user.email });
      const unknown = await post(t, '/api/v1/auth/recover', { email: 'nobody@example.com' });
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.json().data.message).toBe(known.json().data.message);
      expect(unknown.json().data.request_token).toHaveLength(known.json().data.request_token.length);
      await expect.poll(() => t.mails.length).toBe(before + 1);
    });

    it('spends the request after 5 wrong attempts', async () => {
      const user = await registerUser(t.app);
      const asked = await post(t, '/api/v1/auth/recover', { email: user.email });
      const request_token = asked.json().data.request_token;
      await expect.poll(() => t.mails.some((mail) => mail.to === user.email)).toBe(true);
      const code = codeFrom(t.mails.find((mail) => mail.to === user.email)?.text ?? '');
      const wrong = code === '000000' ? '111111' : '000000';
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const response = await post(t, '/api/v1/auth/confirm', {
          email: user.email,
          code: wrong,
          password: 'newpass1',
          request_token,
        });
        expect(response.json().code).toBe('codeInvalid');
      }
      // Five wrong codes spend that request: even its right code is refused now, with the advice to ask again.
      const right = await post(t, '/api/v1/auth/confirm', {
        email: user.email,
        code,
        password: 'newpass1',
        request_token,
      });
      expect(right.statusCode).toBe(400);
      expect(right.json().code).toBe('restoreRequestExpired');
    });

    it('validates recover and confirm payloads', async () => {
      expect((await post(t, '/api/v1/auth/recover', {})).json().code).toBe('emailRequired');
      expect((await post(t, '/api/v1/auth/recover', { email: 'x' })).json().code).toBe('emailIncorrect');
      const noCode = await post(t, '/api/v1/auth/confirm', { email: 'a@b.co', password: 'secret1' });
      expect(noCode.json()).toEqual({ error: ERROR_MESSAGES.codeRequired, code: 'codeRequired' });
      const shortPassword = await post(t, '/api/v1/auth/confirm', {
        email: 'a@b.co',
        code: '123456',
        password: '1',
        request_token: 't'.repeat(43),
      });
      expect(shortPassword.json().code).toBe('passwordLength');
      const confirmBody = { email: 'a@b.co', code: '123456', password: 'secret1' };
      const noToken = await post(t, '/api/v1/auth/confirm', confirmBody);
      expect(noToken.json()).toEqual({
        error: ERROR_MESSAGES.restoreRequestExpired,
        code: 'restoreRequestExpired',
      });
      const badToken = await post(t, '/api/v1/auth/confirm', { ...confirmBody, request_token: 'short!' });
      expect(badToken.json().code).toBe('restoreRequestExpired');
      const manyDevices = Array.from({ length: 11 }, () => 'd'.repeat(43));
      const recoverMany = await post(t, '/api/v1/auth/recover', {
        email: 'a@b.co',
        device_tokens: manyDevices,
      });
      expect(recoverMany.statusCode).toBe(400);
    });
  });
});

describe('auth rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { AUTH_RATE_LIMIT: '3' });
  });
  afterAll(async () => t.close());

  it.each(['/api/v1/auth/login', '/api/v1/auth/register', '/api/v1/auth/recover', '/api/v1/auth/confirm'])(
    '%s answers 429 after the limit',
    async (url) => {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) statuses.push((await post(t, url, {})).statusCode);
      expect(statuses.slice(0, 3).every((status) => status === 400)).toBe(true);
      expect(statuses[4]).toBe(429);
      const body = (await post(t, url, {})).json();
      expect(body).toEqual({ error: ERROR_MESSAGES.tooManyRequests, code: 'tooManyRequests' });
    },
  );

  it('a referral link shares the sign-up budget: one address cannot register twice the limit', async () => {
    const local = await createTestApp('sqlite', { AUTH_RATE_LIMIT: '3' });
    try {
      const statuses: number[] = [];
      for (const url of ['/api/v1/auth/register', '/api/v1/auth/register/abc', '/api/v1/auth/register']) {
        statuses.push((await post(local, url, {})).statusCode);
      }
      expect(statuses).toEqual([400, 400, 400]);
      expect((await post(local, '/api/v1/auth/register/def', {})).statusCode).toBe(429);
      expect((await post(local, '/api/v1/auth/register', {})).statusCode).toBe(429);
    } finally {
      await local.close();
    }
  });
});
