import { afterAll, beforeAll, expect, it } from 'vitest';

import { RESTORE_CODE_MAX_ATTEMPTS, SESSION_TTL_MS } from '../../contract/auth.ts';
import { ManualClock } from '../../server/lib/time.ts';
import { LOCK_MS } from '../../server/modules/auth/attempts.ts';
import { RECOVER_PER_HOUR } from '../../server/modules/auth/restore-guard.ts';
import { MAX_SESSIONS_PER_USER } from '../../server/modules/auth/sessions.repository.ts';
import { as, registerUser, type Session } from './helpers/api.ts';
import { bearer, createTestApp, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

// Brute-force attacks on sign-in, restore codes and sessions, each refused, on SQLite and PostgreSQL. The clock is
// injected so the 15-minute lock and the 30-day expiry are crossed exactly.
describeEachDatabase('brute force and sessions', (kind) => {
  let t: TestApp;
  const clock = new ManualClock();
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { clock });
  });
  afterAll(async () => t.close());

  const login = (login: string, password: string, ip = '203.0.113.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { login, password },
      remoteAddress: ip,
    });
  const changePassword = (user: Session, current: string) =>
    as(t.app, user, {
      method: 'POST',
      url: '/api/v1/users/userprofile/update/password',
      payload: { current_password: current, new_password: 'newpass9', confirm_password: 'newpass9' },
    });

  it('60 wrong passwords from many addresses, then the right one: refused until 15 minutes pass', async () => {
    const user = await registerUser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 60; i += 1) {
      statuses.push((await login(user.username, `wrong-${i}`, `198.51.100.${i}`)).statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
    const right = await login(user.username, 'secret123', '192.0.2.77');
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('accountLocked');
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // By e-mail it is the same account, so the same lock.
    expect((await login(user.email, 'secret123')).statusCode).toBe(429);
    clock.advance(LOCK_MS + 1000);
    expect((await login(user.username, 'secret123')).statusCode).toBe(200);
  });

  it('60 parallel guesses run argon2 at most 5 times, and the right password is refused once they locked', async () => {
    const user = await registerUser(t.app);
    const before = t.app.services.hasher.runs;
    const guesses = Array.from({ length: 60 }, (_, i) => login(user.username, `x${i}`));
    const statuses = (await Promise.all(guesses)).map((response) => response.statusCode);
    // Requests of one account are checked one after another, in an order this side does not see (the answers come
    // back in the order sent): the failures that lock the account are checked, every other guess is refused unchecked.
    const checked = statuses.filter((status) => status === 400).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(60 - checked);
    expect(t.app.services.hasher.runs - before).toBeLessThanOrEqual(5);
    expect((await login(user.username, 'secret123')).statusCode).toBe(429);
    clock.advance(LOCK_MS + 1000);
  });

  it('each further lock within a day lasts twice as long (backoff)', async () => {
    const user = await registerUser(t.app);
    const lockFor = async () => {
      for (let i = 0; i < 5; i += 1) expect((await login(user.username, 'wrong-pass')).statusCode).toBe(400);
      const locked = await login(user.username, 'secret123');
      expect(locked.statusCode).toBe(429);
      return Number(locked.headers['retry-after']);
    };
    const first = await lockFor();
    clock.advance(LOCK_MS + 1000);
    const second = await lockFor();
    expect(first).toBeLessThanOrEqual(15 * 60);
    expect(second).toBeGreaterThan(29 * 60);
    clock.advance(LOCK_MS + 1000);
    expect((await login(user.username, 'secret123')).statusCode).toBe(429);
    clock.advance(LOCK_MS);
    // The right password after the lock clears both the failures and the backoff.
    expect((await login(user.username, 'secret123')).statusCode).toBe(200);
    expect(await lockFor()).toBeLessThanOrEqual(15 * 60);
    clock.advance(LOCK_MS + 1000);
  });

  it('an unknown login locks after 5 failures exactly like a real one (the lock reveals nothing)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await login('ghost-account', 'wrong-pass')).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
  });

  it('an update/password flood with one token is locked after 5 guesses; other users log in meanwhile', async () => {
    const victim = await registerUser(t.app);
    const bystander = await registerUser(t.app);
    const before = t.app.services.hasher.runs;
    const flood = Array.from({ length: 200 }, (_, i) => changePassword(victim, `guess-${i}`));
    const started = performance.now();
    const other = await login(bystander.username, 'secret123');
    const otherMs = performance.now() - started;
    const statuses = (await Promise.all(flood)).map((response) => response.statusCode);
    expect(other.statusCode).toBe(200);
    expect(statuses.filter((status) => status === 400)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(195);
    // 5 guesses plus the bystander's login (and its session): the flood costs no more hashes than that.
    expect(t.app.services.hasher.runs - before).toBeLessThanOrEqual(6);
    console.info(
      `[${kind}] bystander login during a 200-request update/password flood: ${otherMs.toFixed(0)} ms`,
    );
    // The right current password is refused while locked, through that session; the owner's own sign-in is not
    // locked by it (a session counts its own failures, like a trusted browser's device token).
    expect((await changePassword(victim, 'secret123')).statusCode).toBe(429);
    const owner = await login(victim.username, 'secret123');
    expect(owner.statusCode).toBe(200);
    const ownSession = { ...victim, token: owner.json().data.token as string };
    expect((await changePassword(ownSession, 'secret123')).statusCode).toBe(200);
    clock.advance(LOCK_MS + 1000);
    expect((await changePassword(victim, 'secret123')).statusCode).toBe(401);
  });

  it('recover sends at most 3 codes an hour per address to strangers, with the same answer every time', async () => {
    const user = await registerUser(t.app);
    const sent = () => t.mails.filter((mail) => mail.to === user.email).length;
    const recover = (email: string, n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/recover',
        payload: { email },
        remoteAddress: `192.0.2.${n}`,
      });
    const answers = [];
    for (let i = 0; i < 10; i += 1) answers.push(await recover(user.email.toUpperCase(), i));
    answers.push(await recover('nobody-here@example.com', 10));
    // Every answer is the same but for its random request token.
    expect(new Set(answers.map((answer) => answer.statusCode))).toEqual(new Set([200]));
    expect(new Set(answers.map((answer) => answer.json().data.message)).size).toBe(1);
    expect(new Set(answers.map((answer) => answer.json().data.request_token)).size).toBe(answers.length);
    await expect.poll(sent).toBe(RECOVER_PER_HOUR);
    clock.advance(60 * 60 * 1000 + 1000);
    await recover(user.email, 11);
    await expect.poll(sent).toBe(RECOVER_PER_HOUR + 1);
  });

  it('wrong restore codes spend their own request, not the next one', async () => {
    const user = await registerUser(t.app);
    const recover = async () => {
      const before = t.mails.filter((mail) => mail.to === user.email).length;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/recover',
        payload: { email: user.email },
      });
      await expect.poll(() => t.mails.filter((mail) => mail.to === user.email).length).toBe(before + 1);
      const text = t.mails.filter((mail) => mail.to === user.email)[before]?.text ?? '';
      return { token: response.json().data.request_token as string, code: /(\d{6})/.exec(text)?.[1] ?? '' };
    };
    const confirm = (request_token: string, code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/confirm',
        payload: { email: user.email, code, password: 'newpass1', request_token },
      });
    const first = await recover();
    const wrong = first.code === '000000' ? '111111' : '000000';
    const statuses: number[] = [];
    for (let i = 0; i < RESTORE_CODE_MAX_ATTEMPTS + 1; i += 1)
      statuses.push((await confirm(first.token, wrong)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400]);
    expect((await confirm(first.token, first.code)).json().code).toBe('restoreRequestExpired');
    const second = await recover();
    expect((await confirm(second.token, second.code)).statusCode).toBe(200);
    clock.advance(60 * 60 * 1000 + 1000);
  });

  it('sessions end 30 days after their last use (sliding), and are pruned', async () => {
    const user = await registerUser(t.app);
    const me = async (token: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/auth/user', headers: bearer(token) })).json().data.me
        .id;
    expect(await me(user.token)).toBe(user.id);
    // Used on day 20: still alive on day 45 (25 days after the last use), gone 31 days after it.
    clock.advance(20 * 24 * 3600_000);
    expect(await me(user.token)).toBe(user.id);
    clock.advance(25 * 24 * 3600_000);
    expect(await me(user.token)).toBe(user.id);
    clock.advance(SESSION_TTL_MS + 1000);
    expect(await me(user.token)).toBeNull();
    const { db } = t.app.services;
    const { pruneSessions } = await import('../../server/modules/auth/sessions.repository.ts');
    expect(await pruneSessions(db, clock.now())).toBeGreaterThan(0);
    const left = await db.kysely.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    expect(left).toEqual([]);
  });

  it(`30 logins keep at most ${MAX_SESSIONS_PER_USER} live sessions`, async () => {
    const user = await registerUser(t.app);
    const tokens: string[] = [];
    for (let i = 0; i < 30; i += 1) {
      clock.advance(1000);
      tokens.push((await login(user.username, 'secret123')).json().data.token);
    }
    const { kysely } = t.app.services.db;
    const live = await kysely.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    expect(live).toHaveLength(MAX_SESSIONS_PER_USER);
    const oldest = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/user',
      headers: bearer(tokens[0] ?? ''),
    });
    expect(oldest.json().data.me.id).toBeNull();
  });

  it('changing the password ends every other session', async () => {
    const user = await registerUser(t.app);
    const second = (await login(user.username, 'secret123')).json().data.token as string;
    expect((await changePassword(user, 'secret123')).statusCode).toBe(200);
    const other = await t.app.inject({ method: 'GET', url: '/api/v1/auth/user', headers: bearer(second) });
    expect(other.json().data.me.id).toBeNull();
    const kept = await t.app.inject({ method: 'GET', url: '/api/v1/auth/user', headers: bearer(user.token) });
    expect(kept.json().data.me.id).toBe(user.id);
  });
});
