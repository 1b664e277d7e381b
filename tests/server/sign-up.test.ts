// Sign-up answered 409 emailTaken, so anyone could learn which e-mail addresses have accounts (restore is careful
// not to). Now a sign-up makes no account: it answers every address alike with a request token and mails the address
// a code (or, when it has an account, a note saying so); the code with the token makes the account and signs it in.
// Usernames are public and keep their own 409. Mails and wrong codes have budgets, as restores do.
import { afterAll, beforeAll, expect, it } from 'vitest';

import { SIGN_UP_CODE_TTL_MS } from '../../contract/limits.ts';
import { ManualClock } from '../../server/lib/time.ts';
import {
  SIGN_UP_MAILS_PER_HOUR,
  SIGN_UP_WRONG_PER_ADDRESS_HOUR,
} from '../../server/modules/auth/sign-up-guard.ts';
import { registerUser, signUpCodeFor } from './helpers/api.ts';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

const PER_ADDRESS = 4;

describeEachDatabase('sign-up reveals no registered e-mail', (kind) => {
  let t: TestApp;
  const clock = new ManualClock();
  beforeAll(async () => {
    t = await createTestApp(kind, { SIGN_UP_MAIL_LIMIT: String(PER_ADDRESS) }, { clock });
  });
  afterAll(async () => t.close());

  let next = 0;
  /** A client address of its own per call, unless given: the per-address budgets stay out of the way. */
  const address = () => `10.20.${Math.floor(next / 250)}.${(next++ % 250) + 1}`;
  const register = (body: object, from = address(), path = '/api/v1/auth/register') =>
    t.app.inject({ method: 'POST', url: path, payload: body, remoteAddress: from });
  const confirm = (requestToken: string, code: string, from = address()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register_confirm',
      payload: { request_token: requestToken, code },
      remoteAddress: from,
    });
  const mailsTo = (email: string) => t.mails.filter((mail) => mail.to === email.toLowerCase());
  const accounts = async () =>
    Number(
      (
        await t.app.services.db.kysely
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const fresh = (label: string) => {
    const suffix = `${label}${(next += 1)}`;
    return { username: `p${suffix}`.slice(0, 20), email: `${suffix}@example.com`, password: 'secret123' };
  };

  it('answers an address with an account exactly like a free one, and mails each what applies', async () => {
    const owner = await registerUser(t.app);
    const before = await accounts();
    const taken = await register({ ...fresh('taken'), email: owner.email.toUpperCase() });
    const free = fresh('free');
    const open = await register(free);
    expect(taken.statusCode).toBe(200);
    expect(open.statusCode).toBe(200);
    expect(Object.keys(taken.json().data).sort()).toEqual(['message', 'request_token']);
    expect(taken.json().data.message).toBe(open.json().data.message);
    expect(taken.json().data.request_token).toHaveLength(open.json().data.request_token.length);
    expect(taken.headers['content-length']).toBe(open.headers['content-length']);
    // No account yet for either.
    expect(await accounts()).toBe(before);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { login: free.email, password: free.password },
    });
    expect(login.json().code).toBe('loginFailed');

    expect(mailsTo(owner.email).map((mail) => mail.subject)).toEqual([
      'Someone tried to sign up to RangeForge with your e-mail',
    ]);
    expect(mailsTo(owner.email)[0]?.text).not.toMatch(/\d{6}/);
    expect(mailsTo(free.email).map((mail) => mail.subject)).toEqual(['Your RangeForge sign-up code']);
    // No code makes an account of the taken address's request.
    const refused = await confirm(taken.json().data.request_token, signUpCodeFor(t.app, free.email)!);
    expect(refused.json().code).toBe('codeInvalid');
    const made = await confirm(open.json().data.request_token, signUpCodeFor(t.app, free.email)!);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data.me).toMatchObject({ username: free.username, email: free.email });
    expect(await accounts()).toBe(before + 1);
    // Used once.
    const again = await confirm(open.json().data.request_token, signUpCodeFor(t.app, free.email)!);
    expect(again.json().code).toBe('signUpExpired');
  });

  it('keeps the username 409 (usernames are public) and reserves nothing before the code', async () => {
    const owner = await registerUser(t.app);
    const sameName = await register({ ...fresh('name'), username: owner.username.toUpperCase() });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().code).toBe('usernameTaken');
    // A pending sign-up holds no name: another player may take it first, and the first one's code then says so.
    const wanted = fresh('wanted');
    const pending = await register(wanted);
    const pendingCode = signUpCodeFor(t.app, wanted.email)!;
    const other = { ...fresh('other'), username: wanted.username };
    const winner = await register(other);
    expect(
      (await confirm(winner.json().data.request_token, signUpCodeFor(t.app, other.email)!)).statusCode,
    ).toBe(200);
    const late = await confirm(pending.json().data.request_token, pendingCode);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('usernameTaken');
  });

  it('keeps the referral link and the sign-up language through the code', async () => {
    const referrer = await registerUser(t.app);
    const { referral_token: token } = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/auth/user',
        headers: { authorization: `Bearer ${referrer.token}` },
      })
    ).json().data.me;
    const body = { ...fresh('ref'), language: 'ru-RU' };
    const started = await register(body, address(), `/api/v1/auth/register/${token}`);
    expect(started.statusCode, started.body).toBe(200);
    expect(mailsTo(body.email)[0]?.subject).toBe('Код регистрации в RangeForge');
    const made = await confirm(started.json().data.request_token, signUpCodeFor(t.app, body.email)!);
    expect(made.json().data.me.language).toBe('ru-RU');
    const row = await t.app.services.db.kysely
      .selectFrom('users')
      .select('referrer_id')
      .where('id', '=', made.json().data.me.id)
      .executeTakeFirstOrThrow();
    expect(row.referrer_id).toBe(referrer.id);
    const bad = await register(fresh('badref'), address(), '/api/v1/auth/register/nope');
    expect(bad.json().code).toBe('referralTokenInvalid');
  });

  it('spends a request after 5 wrong codes, and a code after its time', async () => {
    const body = fresh('wrong');
    const started = await register(body);
    const token = started.json().data.request_token as string;
    const code = signUpCodeFor(t.app, body.email)!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect((await confirm(token, wrong)).json().code).toBe('codeInvalid');
    expect((await confirm(token, code)).json().code).toBe('signUpExpired');

    const late = fresh('late');
    const lateStart = await register(late);
    clock.advance(SIGN_UP_CODE_TTL_MS + 1000);
    const expired = await confirm(lateStart.json().data.request_token, signUpCodeFor(t.app, late.email)!);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('signUpExpired');
  });

  it(`mails an address at most ${SIGN_UP_MAILS_PER_HOUR} times an hour and a client ${PER_ADDRESS} times, answering alike`, async () => {
    const target = fresh('flood').email;
    const answers = [];
    for (let n = 0; n <= SIGN_UP_MAILS_PER_HOUR; n += 1)
      answers.push(await register({ ...fresh('f'), email: target }));
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    expect(mailsTo(target)).toHaveLength(SIGN_UP_MAILS_PER_HOUR);

    const office = '198.51.100.9';
    const emails = Array.from({ length: PER_ADDRESS + 1 }, (_, n) => fresh(`o${n}`));
    for (const body of emails) expect((await register(body, office)).statusCode).toBe(200);
    expect(emails.map((body) => mailsTo(body.email).length)).toEqual([...emails.slice(1).map(() => 1), 0]);
    clock.advance(60 * 60 * 1000 + 1000);
    const later = fresh('later');
    await register(later, office);
    expect(mailsTo(later.email)).toHaveLength(1);
  });

  it(`stops a client after ${SIGN_UP_WRONG_PER_ADDRESS_HOUR} wrong codes an hour (429)`, async () => {
    const guesser = '198.51.100.77';
    for (let n = 0; n < SIGN_UP_WRONG_PER_ADDRESS_HOUR; n += 1) {
      const body = fresh(`g${n}`);
      const started = await register(body);
      const code = signUpCodeFor(t.app, body.email)!;
      const wrong = code === '000000' ? '111111' : '000000';
      expect((await confirm(started.json().data.request_token, wrong, guesser)).statusCode).toBe(400);
    }
    const body = fresh('gl');
    const started = await register(body);
    const blocked = await confirm(
      started.json().data.request_token,
      signUpCodeFor(t.app, body.email)!,
      guesser,
    );
    expect(blocked.statusCode).toBe(429);
    // Another client with the right code is not held.
    expect(
      (await confirm(started.json().data.request_token, signUpCodeFor(t.app, body.email)!)).statusCode,
    ).toBe(200);
  });
});
