// The seed writes placeholder accounts for manual payments (card 2200 0000 0000 0000, a fake BTC and USDT address).
// In production a customer must never be told to send money there: those methods are closed, with a warning at
// start, until an admin sets the real accounts.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { placeholderMethods } from '../../server/modules/settings/manual-accounts.ts';
import { DEFAULT_SETTINGS } from '../../server/modules/settings/settings.repository.ts';
import { as, makeAdmin, registerUser, type Session } from './helpers/api.ts';
import { premiumCost, PROVIDER_ENV, requestQuote } from './helpers/payments.ts';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

const PRODUCTION = { NODE_ENV: 'production', URL_SIGNING_SECRET: 'y'.repeat(40), ...PROVIDER_ENV };
const premiumOnly = {
  pay_for_premium: true,
  pay_for_shop: false,
  package_id: null,
  products: [],
  video_courses: [],
};

describe('placeholder accounts', () => {
  it('are the seed defaults or empty accounts; real ones are not', () => {
    expect(placeholderMethods(DEFAULT_SETTINGS)).toEqual(['card', 'btc', 'tether']);
    expect(
      placeholderMethods({ ...DEFAULT_SETTINGS, card_account: '4276 3800 1234 5678', btc_account: '  ' }),
    ).toEqual(['btc', 'tether']);
  });
});

describeEachDatabase('manual payments in production', (kind) => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => {
    t = await createTestApp(kind, PRODUCTION);
    admin = await registerUser(t.app);
    await makeAdmin(t.app, admin);
  });
  afterAll(async () => t.close());

  const manual = (user: Session, method: string, source: string) =>
    as(t.app, user, {
      method: 'POST',
      url: '/api/v1/manual_payment',
      payload: { ...premiumOnly, method, payment_source: source },
    });

  it('shows no placeholder account and refuses a transfer to one until the admin sets the real account', async () => {
    const user = await registerUser(t.app);
    const cost = await premiumCost(t.app, user);
    expect(cost).toMatchObject({ card: { account: '' }, btc: { account: '' }, tether: { account: '' } });
    const refused = await manual(user, 'card', 'card 4242');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'This payment method is not available yet, choose another one',
      code: 'manualMethodUnavailable',
    });
    expect((await manual(user, 'tether', 'tx-abc-1')).statusCode).toBe(409);
    // Picking a closed coin quotes nothing: no address, no amount held, no budget spent.
    const picked = await requestQuote(t.app, user, 'btc', { pay_for_premium: true });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json().data).toEqual({ price: 0.00025, account: '', quoted: false });
    expect(
      await t.app.services.db.kysely
        .selectFrom('crypto_quotes')
        .select('id')
        .where('user_id', '=', user.id)
        .execute(),
    ).toEqual([]);

    const saved = await as(t.app, admin, {
      method: 'POST',
      url: '/api/v1/admin/settings',
      payload: { card_account: '4276 3800 1234 5678' },
    });
    expect(saved.statusCode).toBe(200);
    const after = await premiumCost(t.app, user);
    expect(after).toMatchObject({ card: { account: '4276 3800 1234 5678' } });
    expect(after).toMatchObject({ btc: { account: '' }, tether: { account: '' } });
    const accepted = await manual(user, 'card', 'card 4242');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await manual(user, 'btc', 'tx-abc-2')).statusCode).toBe(409);
  });
});

describeEachDatabase('manual payments outside production', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t.close());

  it('keep the seed accounts so a developer can try every method', async () => {
    const user = await registerUser(t.app);
    const cost = await premiumCost(t.app, user);
    expect(cost).toMatchObject({ card: { account: DEFAULT_SETTINGS.card_account } });
  });
});

describe('production start with placeholder accounts', () => {
  it('logs a warning naming the closed methods and what to do', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangeforge-prod-'));
    const child = spawn(path.resolve('node_modules/.bin/tsx'), ['server/server.ts'], {
      env: {
        PATH: process.env.PATH,
        ...PRODUCTION,
        DATA_DIR: dir,
        DATABASE_URL: `sqlite:${path.join(dir, 'db.sqlite')}`,
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'warn',
      },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGTERM'), 30_000);
      child.stdout.on('data', () => {
        if (output.includes('is running at')) child.kill('SIGTERM');
      });
      child.on('exit', (exit) => {
        clearTimeout(timer);
        resolve(exit);
      });
    });
    fs.rmSync(dir, { recursive: true, force: true });
    expect(output).toContain('is running at');
    const warning = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg?: string; methods?: string[] })
      .find((line) => line.msg?.includes('manual payments'));
    expect(warning).toMatchObject({
      methods: ['card', 'btc', 'tether'],
      msg:
        "manual payments by card, btc, tether are disabled: the account is the seed's placeholder; " +
        'set the real account in Admin → Settings',
    });
    expect(code).not.toBeNull();
  }, 40_000);
});
