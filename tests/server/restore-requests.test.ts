// A password restore is bound to the browser that asked for it (a restore request token): a stranger who knows a
// player's e-mail can no longer use up the owner's mail, lock the owner's code checks or retire the owner's code.
import { afterAll, beforeAll, expect, it } from 'vitest';

import { RESTORE_CODE_MAX_ATTEMPTS } from '../../contract/auth.ts';
import { RESTORE_CODE_TTL_MS } from '../../contract/limits.ts';
import { ManualClock } from '../../server/lib/time.ts';
import {
  MAX_OPEN_RESTORE_REQUESTS,
  RECOVER_PER_ADDRESS_HOUR,
  RECOVER_PER_HOUR,
  RESTORE_WRONG_PER_ADDRESS_HOUR,
  RESTORE_WRONG_PER_DAY,
  RESTORE_WRONG_UNTRUSTED_PER_DAY,
} from '../../server/modules/auth/restore-guard.ts';
import { pruneRestoreRequests } from '../../server/modules/auth/restore-requests.repository.ts';
import { signUp } from './helpers/api.ts';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

const HOUR_MS = 60 * 60 * 1000;

describeEachDatabase('restore requests bound to the browser that asked', (kind) => {
  let t: TestApp;
  const clock = new ManualClock();
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { clock });
  });
  afterAll(async () => t.close());

  let addresses = 0;
  /** A client address of its own for each stranger request unless one is given. */
  const nextAddress = () => {
    addresses += 1;
    return `203.0.${Math.floor(addresses / 250) % 250}.${addresses % 250}`;
  };
  const recover = async (email: string, options: { device?: string; address?: string } = {}) => {
    const payload = options.device ? { email, device_tokens: [options.device] } : { email };
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/recover',
      payload,
      remoteAddress: options.address ?? nextAddress(),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.request_token as string;
  };
  const confirm = (email: string, code: string, token: string | undefined, address = nextAddress()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/confirm',
      payload: {
        email,
        code,
        password: 'restored9',
        ...(token === undefined ? {} : { request_token: token }),
      },
      remoteAddress: address,
    });
  /** The restore mails the address got (its sign-up's code mail aside). */
  const mailsTo = (email: string) =>
    t.mails.filter((mail) => mail.to === email && mail.subject !== 'Your RangeForge sign-up code');
  /** The code of the mail that follows `before` mails to the address. */
  const nextCode = async (email: string, before: number) => {
    await expect.poll(() => mailsTo(email).length).toBe(before + 1);
    return /(\d{6})/.exec(mailsTo(email)[before]?.text ?? '')?.[1] ?? '';
  };
  const wrongFor = (code: string, i = 0) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

  /** Registers a player; returns the e-mail and the device token of the sign-up browser. */
  const player = async () => {
    const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
    const body = {
      username: `rst${suffix}`.slice(0, 20),
      email: `rst${suffix}@example.com`,
      password: 'secret123',
    };
    const { confirmed } = await signUp(t.app, body);
    expect(confirmed?.statusCode).toBe(200);
    return { email: body.email, device: confirmed!.json().data.device_token as string };
  };

  /** The device tokens of `count` further browsers the player signs in from. */
  const signInsFrom = async (email: string, count: number) => {
    const tokens: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { login: email, password: 'secret123' },
      });
      tokens.push(signIn.json().data.device_token as string);
    }
    return tokens;
  };

  /**
   * For `hours` hours, each of `devices` (undefined: a browser without a device token, from a new address every
   * time) asks for every code its budget allows and sends wrong codes until each request is spent. Counts the
   * wrong codes checked (400) and refused by a guess budget (429).
   */
  const guessHourly = async (email: string, hours: number, devices: Array<string | undefined>) => {
    let checked = 0;
    let refused = 0;
    for (let hour = 0; hour < hours; hour += 1) {
      for (const device of devices) {
        for (let r = 0; r < RECOVER_PER_HOUR; r += 1) {
          const token = await recover(email, { device });
          for (let i = 0; i < RESTORE_CODE_MAX_ATTEMPTS; i += 1) {
            const status = (await confirm(email, String(100000 + i), token)).statusCode;
            if (status === 400) checked += 1;
            else if (status === 429) refused += 1;
          }
        }
      }
      clock.advance(HOUR_MS);
    }
    return { checked, refused };
  };

  it('answers known and unknown e-mails alike, with a fresh opaque request token each time', async () => {
    const { email } = await player();
    const answers = await Promise.all(
      [email, 'nobody-restores@example.com'].map((address) =>
        t.app.inject({ method: 'POST', url: '/api/v1/auth/recover', payload: { email: address } }),
      ),
    );
    const tokens = answers.map((answer) => answer.json().data.request_token as string);
    expect(tokens[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokens[1]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokens[0]).not.toBe(tokens[1]);
    expect(answers.map((answer) => Object.keys(answer.json().data).sort())).toEqual([
      ['message', 'request_token'],
      ['message', 'request_token'],
    ]);
    expect(answers[0]?.json().data.message).toBe(answers[1]?.json().data.message);
  });

  it("(a) a stranger's requests use up the shared mail budget, not the owner's browser's", async () => {
    const owner = await player();
    for (let i = 0; i < RECOVER_PER_HOUR + 2; i += 1) await recover(owner.email);
    const before = mailsTo(owner.email).length;
    expect(before).toBe(RECOVER_PER_HOUR);
    const token = await recover(owner.email, { device: owner.device });
    const code = await nextCode(owner.email, before);
    const response = await confirm(owner.email, code, token);
    expect(response.statusCode, response.body).toBe(200);
    clock.advance(HOUR_MS + 1000);
  });

  it("(b) a stranger's wrong codes, with their own request or none, do not lock the owner's", async () => {
    const owner = await player();
    const before = mailsTo(owner.email).length;
    const token = await recover(owner.email, { device: owner.device });
    const code = await nextCode(owner.email, before);
    const stranger = await recover(owner.email);
    const wrong = wrongFor(code);
    for (let i = 0; i < RESTORE_CODE_MAX_ATTEMPTS; i += 1) {
      expect((await confirm(owner.email, wrongFor(code, i), stranger)).json().code).toBe('codeInvalid');
    }
    // The stranger's request is spent: even its right code (unknown to them) is refused now.
    expect((await confirm(owner.email, wrong, stranger)).json().code).toBe('restoreRequestExpired');
    for (let i = 0; i < RESTORE_CODE_MAX_ATTEMPTS; i += 1) {
      expect((await confirm(owner.email, wrong, undefined)).json().code).toBe('restoreRequestExpired');
      expect((await confirm(owner.email, wrong, 'x'.repeat(43))).json().code).toBe('restoreRequestExpired');
    }
    const response = await confirm(owner.email, code, token);
    expect(response.statusCode, response.body).toBe(200);
    // A successful restore retires every open request of the account, the stranger's included.
    expect((await confirm(owner.email, wrong, stranger)).json().code).toBe('restoreRequestExpired');
    clock.advance(HOUR_MS + 1000);
  });

  it("(c) a stranger's request does not retire the code the owner just received", async () => {
    const owner = await player();
    const before = mailsTo(owner.email).length;
    const token = await recover(owner.email);
    const code = await nextCode(owner.email, before);
    await recover(owner.email);
    await recover(owner.email);
    await expect.poll(() => mailsTo(owner.email).length).toBe(before + 3);
    const response = await confirm(owner.email, code, token);
    expect(response.statusCode, response.body).toBe(200);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { login: owner.email, password: 'restored9' },
    });
    expect(signIn.statusCode).toBe(200);
    clock.advance(HOUR_MS + 1000);
  });

  it('(d) a request token of one account is useless for another', async () => {
    const first = await player();
    const second = await player();
    const before = mailsTo(first.email).length;
    const token = await recover(first.email);
    const code = await nextCode(first.email, before);
    const crossed = await confirm(second.email, code, token);
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().code).toBe('codeInvalid');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { login: second.email, password: 'secret123' },
    });
    expect(login.statusCode).toBe(200);
    // Its own account's restore still works with it.
    expect((await confirm(first.email, code, token)).statusCode).toBe(200);
    clock.advance(HOUR_MS + 1000);
  });

  it('(e) guesses stay bounded: per request, per client address, per account a day', async () => {
    // One address guessing across requests of many accounts meets its own budget.
    const address = nextAddress();
    const statuses: number[] = [];
    for (let round = 0; statuses.length < RESTORE_WRONG_PER_ADDRESS_HOUR + 3; round += 1) {
      const { email } = await player();
      const token = await recover(email);
      for (let i = 0; i < 3; i += 1)
        statuses.push((await confirm(email, String(100000 + i), token, address)).statusCode);
    }
    expect(statuses.slice(0, RESTORE_WRONG_PER_ADDRESS_HOUR).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(RESTORE_WRONG_PER_ADDRESS_HOUR).every((status) => status === 429)).toBe(true);
    clock.advance(HOUR_MS + 1000);

    // Strangers on many addresses, hour after hour: the account's untrusted requests take a bounded number of
    // wrong codes a day, while the owner's browser keeps its own way in.
    const owner = await player();
    const { checked, refused } = await guessHourly(owner.email, 24, [undefined]);
    expect(checked).toBe(RESTORE_WRONG_UNTRUSTED_PER_DAY);
    expect(refused).toBeGreaterThan(0);
    const before = mailsTo(owner.email).length;
    const token = await recover(owner.email, { device: owner.device });
    const code = await nextCode(owner.email, before);
    expect((await confirm(owner.email, code, token)).statusCode).toBe(200);
    clock.advance(24 * HOUR_MS);
  });

  it("even the owner's browsers take at most a ceiling of wrong codes a day on the account", async () => {
    const owner = await player();
    const devices = [owner.device, ...(await signInsFrom(owner.email, 3))];
    const { checked, refused } = await guessHourly(owner.email, 3, devices);
    expect(checked).toBe(RESTORE_WRONG_PER_DAY);
    expect(refused).toBeGreaterThan(0);
    clock.advance(24 * HOUR_MS);
  });

  it('an account has a bounded number of open requests', async () => {
    const owner = await player();
    // The owner signed in from several browsers: each has a budget of its own, together more than the cap.
    const devices = [owner.device, ...(await signInsFrom(owner.email, 3))];
    const before = mailsTo(owner.email).length;
    for (const device of devices)
      for (let i = 0; i < RECOVER_PER_HOUR; i += 1) await recover(owner.email, { device });
    for (let i = 0; i < RECOVER_PER_HOUR; i += 1) await recover(owner.email);
    expect(devices.length * RECOVER_PER_HOUR + RECOVER_PER_HOUR).toBeGreaterThan(MAX_OPEN_RESTORE_REQUESTS);
    await expect.poll(() => mailsTo(owner.email).length - before).toBe(MAX_OPEN_RESTORE_REQUESTS);
    clock.advance(24 * HOUR_MS);
  });

  it('one client address without a device token has its own hourly budget across e-mails', async () => {
    const address = nextAddress();
    const emails = [];
    for (let i = 0; i < RECOVER_PER_ADDRESS_HOUR + 2; i += 1) emails.push((await player()).email);
    const before = t.mails.length;
    for (const email of emails) await recover(email, { address });
    await expect.poll(() => t.mails.length - before).toBe(RECOVER_PER_ADDRESS_HOUR);
    clock.advance(HOUR_MS + 1000);
  });

  it('expired requests are refused, then pruned', async () => {
    const { email } = await player();
    const before = mailsTo(email).length;
    const token = await recover(email);
    const code = await nextCode(email, before);
    clock.advance(RESTORE_CODE_TTL_MS + 1000);
    expect((await confirm(email, code, token)).json().code).toBe('restoreRequestExpired');
    const { db } = t.app.services;
    expect(await pruneRestoreRequests(db, clock.now())).toBeGreaterThan(0);
    const left = await db.kysely
      .selectFrom('restore_requests')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(left).toEqual([]);
  });
});
