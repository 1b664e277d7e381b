import { afterAll, beforeAll, expect, it } from 'vitest';

import { DEVICE_TOKEN_TTL_MS } from '../../contract/auth.ts';
import { ManualClock } from '../../server/lib/time.ts';
import { LOCK_MS, MAX_FAILURES } from '../../server/modules/auth/attempts.ts';
import {
  MAX_DEVICE_TOKENS_PER_USER,
  pruneDeviceTokens,
} from '../../server/modules/auth/devices.repository.ts';
import { USER_SEARCH_PER_MINUTE } from '../../server/plugins/limits.ts';
import { as, registerUser, type Session, signUp } from './helpers/api.ts';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

// OWASP "device cookies" with tokens: a stranger who knows a player's username locks only the clients that never
// signed in to that account; the owner's browser, holding the device token of an earlier sign-in, still gets in.
describeEachDatabase('device tokens against lock-out by a stranger', (kind) => {
  let t: TestApp;
  const clock = new ManualClock();
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { clock });
  });
  afterAll(async () => t.close());

  let address = 0;
  const login = (login: string, password: string, deviceTokens?: string[]) => {
    address += 1;
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: deviceTokens ? { login, password, device_tokens: deviceTokens } : { login, password },
      // Each guess from a new address: the per-address limit is not what is tested here.
      remoteAddress: `198.51.${Math.floor(address / 250) % 250}.${address % 250}`,
    });
  };
  /** Registers a player and returns the device token the sign-up gave their browser. */
  const player = async (): Promise<Session & { device: string }> => {
    const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
    const body = {
      username: `dev${suffix}`.slice(0, 20),
      email: `dev${suffix}@example.com`,
      password: 'secret123',
    };
    const { confirmed } = await signUp(t.app, body);
    expect(confirmed?.statusCode).toBe(200);
    const { data } = confirmed!.json();
    expect(typeof data.device_token).toBe('string');
    return {
      token: data.token,
      id: data.me.id,
      username: body.username,
      email: body.email,
      device: data.device_token,
    };
  };
  /** A stranger's guesses, each from another address, until the account's untrusted clients are locked. */
  const strangerLocks = async (login_: string) => {
    for (let i = 0; i < MAX_FAILURES; i += 1)
      expect((await login(login_, `guess-${i}`)).statusCode).toBe(400);
    const locked = await login(login_, 'secret123');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('accountLocked');
  };

  it('a stranger locks the account; the owner with the device token of an earlier sign-in gets in', async () => {
    const owner = await player();
    await strangerLocks(owner.username);
    const inside = await login(owner.username, 'secret123', [owner.device]);
    expect(inside.statusCode).toBe(200);
    expect(inside.json().data.me.id).toBe(owner.id);
    // Each sign-in hands out a fresh token and retires the one used: a copied old token trusts nothing more.
    const renewed: string = inside.json().data.device_token;
    expect(renewed).not.toBe(owner.device);
    expect((await login(owner.username, 'secret123', [owner.device])).statusCode).toBe(429);
    expect((await login(owner.email, 'secret123', [renewed])).statusCode).toBe(200);
    // The untrusted clients stay locked meanwhile.
    expect((await login(owner.username, 'secret123')).statusCode).toBe(429);
    clock.advance(LOCK_MS + 1000);
  });

  it('wrong passwords with a device token lock that device alone, not the account', async () => {
    const owner = await player();
    for (let i = 0; i < MAX_FAILURES; i += 1) {
      expect((await login(owner.username, `typo-${i}`, [owner.device])).statusCode).toBe(400);
    }
    expect((await login(owner.username, 'secret123', [owner.device])).statusCode).toBe(429);
    // Another browser of the owner (no token) is not locked by this one's failures.
    expect((await login(owner.username, 'secret123')).statusCode).toBe(200);
    clock.advance(LOCK_MS + 1000);
    const ok = await login(owner.username, 'secret123', [owner.device]);
    expect(ok.statusCode).toBe(200);
  });

  it("user A's device token does not count as a trusted device of user B", async () => {
    const a = await player();
    const b = await player();
    await strangerLocks(b.username);
    expect((await login(b.username, 'secret123', [a.device])).statusCode).toBe(429);
    // A browser holding both players' tokens is trusted for each.
    expect((await login(b.username, 'secret123', [a.device, b.device])).statusCode).toBe(200);
    clock.advance(LOCK_MS + 1000);
  });

  it('a forged or expired device token counts as untrusted', async () => {
    const owner = await player();
    await strangerLocks(owner.username);
    const forged = `${owner.device.slice(0, -4)}AAAA`;
    expect((await login(owner.username, 'secret123', [forged])).statusCode).toBe(429);
    expect((await login(owner.username, 'secret123', ['x'.repeat(43)])).statusCode).toBe(429);
    clock.advance(LOCK_MS + 1000);
    // 180 days after its sign-up the token is dead: the stranger's lock holds for it too.
    const fresh = (await login(owner.username, 'secret123')).json().data.device_token as string;
    clock.advance(DEVICE_TOKEN_TTL_MS + 1000);
    await strangerLocks(owner.username);
    expect((await login(owner.username, 'secret123', [fresh])).statusCode).toBe(429);
    clock.advance(LOCK_MS + 1000);
  });

  it(`an account keeps its ${MAX_DEVICE_TOKENS_PER_USER} newest device tokens; expired ones are pruned`, async () => {
    const owner = await player();
    const tokens: string[] = [owner.device];
    for (let i = 0; i < MAX_DEVICE_TOKENS_PER_USER + 4; i += 1) {
      tokens.push((await login(owner.username, 'secret123')).json().data.device_token);
    }
    const { kysely } = t.app.services.db;
    const rows = () =>
      kysely.selectFrom('device_tokens').select('id').where('user_id', '=', owner.id).execute();
    expect(await rows()).toHaveLength(MAX_DEVICE_TOKENS_PER_USER);
    await strangerLocks(owner.username);
    expect((await login(owner.username, 'secret123', [tokens[0] ?? ''])).statusCode).toBe(429);
    expect((await login(owner.username, 'secret123', [tokens.at(-1) ?? ''])).statusCode).toBe(200);
    clock.advance(DEVICE_TOKEN_TTL_MS + 1000);
    expect(await pruneDeviceTokens(t.app.services.db, clock.now())).toBeGreaterThanOrEqual(
      MAX_DEVICE_TOKENS_PER_USER,
    );
    expect(await rows()).toEqual([]);
  });

  it('device tokens are refused when malformed or too many, with 400', async () => {
    const owner = await player();
    const many = Array.from({ length: 11 }, () => owner.device);
    expect((await login(owner.username, 'secret123', many)).statusCode).toBe(400);
    expect((await login(owner.username, 'secret123', ['not a token!'])).statusCode).toBe(400);
  });

  it('a password set by restore code revokes the device tokens and trusts the restoring browser', async () => {
    const owner = await player();
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/recover',
      payload: { email: owner.email },
    });
    await expect.poll(() => t.mails.some((mail) => mail.to === owner.email)).toBe(true);
    const mail = t.mails.filter((item) => item.to === owner.email).at(-1);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/confirm',
      payload: {
        email: owner.email,
        code,
        password: 'newpass9',
        request_token: asked.json().data.request_token,
      },
    });
    expect(confirmed.statusCode).toBe(200);
    const { user_id: userId, device_token: restored } = confirmed.json().data;
    expect(userId).toBe(owner.id);
    await strangerLocks(owner.username);
    // Whoever held the old token (the password may have been stolen with the browser) is untrusted now.
    expect((await login(owner.username, 'newpass9', [owner.device])).statusCode).toBe(429);
    expect((await login(owner.username, 'newpass9', [restored])).statusCode).toBe(200);
    clock.advance(LOCK_MS + 1000);
  });

  it('a password changed in the profile revokes the other device tokens and returns one for this browser', async () => {
    const owner = await player();
    const second = (await login(owner.username, 'secret123')).json().data.device_token as string;
    const changed = await as(t.app, owner, {
      method: 'POST',
      url: '/api/v1/users/userprofile/update/password',
      payload: { current_password: 'secret123', new_password: 'newpass9', confirm_password: 'newpass9' },
    });
    expect(changed.statusCode).toBe(200);
    const kept: string = changed.json().data.device_token;
    await strangerLocks(owner.username);
    expect((await login(owner.username, 'newpass9', [second])).statusCode).toBe(429);
    expect((await login(owner.username, 'newpass9', [owner.device])).statusCode).toBe(429);
    expect((await login(owner.username, 'newpass9', [kept])).statusCode).toBe(200);
    clock.advance(LOCK_MS + 1000);
  });

  it('the user search answers 429 past its budget per player', async () => {
    const searcher = await registerUser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < USER_SEARCH_PER_MINUTE + 5; i += 1) {
      const response = await as(t.app, searcher, {
        method: 'GET',
        url: '/api/v1/users/find_users',
        query: { q: `us${i}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, USER_SEARCH_PER_MINUTE).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(USER_SEARCH_PER_MINUTE).every((status) => status === 429)).toBe(true);
    // Another player's searches are not held back by this one's.
    const other = await registerUser(t.app);
    expect(
      (await as(t.app, other, { method: 'GET', url: '/api/v1/users/find_users', query: { q: 'us' } }))
        .statusCode,
    ).toBe(200);
    clock.advance(60_000);
  });
});
