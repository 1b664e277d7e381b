// "Delete my account": a player with everything an account can hold (sessions on two browsers, an avatar, charts in
// both trees, a bought pack, Premium paid by transfer, an open card order and a pending crypto claim, shares sent and
// received and one accepted, trainer results, a restore request, a queued mail, counters) deletes it. The whole
// database is read before and after, table by table as the schema lists them: what the account owned is gone, the
// books are kept without a trace of the person, and every row of the other players is as it was.
import { existsSync } from 'node:fs';
import path from 'node:path';

import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { ACCOUNT_TABLES } from '../../server/modules/account/account-data.ts';
import { as, makePremium, registerUser, type Session, signUp } from './helpers/api.ts';
import { categoryCalls } from './helpers/categories.ts';
import { me, openPaymentWindow } from './helpers/payments.ts';
import { dumpDatabase, type Row, schemaColumns, userReferences } from './helpers/schema.ts';
import { openSeededStore } from './helpers/store.ts';
import { bearer, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

const RAISE = '#D93A3A';
const PASSWORD = 'secret123';

describeEachDatabase('deleting an account', (kind) => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => ({ t, admin } = await openSeededStore(kind)));
  afterAll(async () => t.close());

  const post = (user: Session | null, url: string, payload: unknown = {}) =>
    as(t.app, user, { method: 'POST', url, payload });
  const remove = (user: Session | null, payload: unknown) =>
    post(user, '/api/v1/users/userprofile/delete', payload);
  const confirm = async (orderId: number) =>
    expect((await post(admin, `/api/v1/admin/manual_payments/${orderId}/confirm`)).statusCode).toBe(200);
  const claim = async (user: Session, payload: Record<string, unknown>) => {
    const response = await post(user, '/api/v1/manual_payment', payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.id as number;
  };
  const { createId: createRange } = categoryCalls(() => t.app);
  const incoming = async (user: Session) =>
    (await as(t.app, user, { method: 'GET', url: '/api/v1/categories/incoming' })).json().data.list as Array<{
      id: number;
    }>;
  const login = (name: string, password = PASSWORD) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { login: name, password } });

  /** A player with something in every corner of the database; `referrer` referred them, they referred `referred`. */
  async function fullAccount() {
    const referrer = await registerUser(t.app);
    const victim = await registerUser(t.app, { referral: (await me(t.app, referrer)).referral_token });
    const referred = await registerUser(t.app, { referral: (await me(t.app, victim)).referral_token });
    const second = await login(victim.username);
    expect(second.statusCode).toBe(200);
    const secondSession = { ...victim, token: second.json().data.token as string };

    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#345' } })
      .png()
      .toBuffer();
    const boundary = '----avatar';
    const avatar = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/userprofile/update/avatar',
      headers: { ...bearer(victim.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\n` +
            'Content-Type: image/png\r\n\r\n',
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(avatar.statusCode, avatar.body).toBe(200);

    // Premium by card transfer (pays the referrer), a pack by tether (copies its folder), both confirmed.
    await openPaymentWindow(t.app, victim, { pay_for_premium: true });
    await confirm(
      await claim(victim, {
        method: 'card',
        payment_source: `card 4242 ${victim.id}`,
        pay_for_premium: true,
      }),
    );
    const pack = (await as(t.app, victim, { method: 'GET', url: '/api/shop' })).json().data.list[0];
    const packScope = { package_id: pack.id, products: [pack.products[0].id], video_courses: [] };
    await openPaymentWindow(t.app, victim, packScope);
    await confirm(
      await claim(victim, { method: 'tether', payment_source: `tron-settled-${victim.id}`, ...packScope }),
    );
    // Still open: a card order for another pack item, and a bitcoin claim waiting for the admin.
    const openScope = { package_id: pack.id, products: [pack.products[1].id], video_courses: [] };
    await openPaymentWindow(t.app, victim, openScope);
    const waiting = await claim(victim, {
      method: 'btc',
      payment_source: `btc-waiting-${victim.id}`,
      ...openScope,
    });

    const folder = await createRange(victim, { kind: 'folder', name: 'Victim folder' });
    const range = await createRange(victim, {
      name: 'Victim open',
      parent_id: folder,
      note: 'victim note',
      buttons: [{ color: RAISE, label: 'Raise' }],
      pairs: [{ hand: 'AA', colors: [{ color: RAISE, weight: 100 }] }],
    });
    await createRange(victim, {
      name: 'Victim push',
      root_type: 'tournament_root',
      note: 'private push note',
    });
    const answer = await post(victim, '/api/v1/trainer/answers', {
      answers: [{ category_id: range, combo: 'AsAd', color: RAISE }],
    });
    expect(answer.statusCode, answer.body).toBe(200);

    // Shares both ways: one the referred player accepted (their copy is theirs), one pending each way.
    await makePremium(t.app, referred);
    const shared = await post(victim, '/api/v1/categories/share', {
      category_id: folder,
      user_ids: [referred.id],
    });
    expect(shared.statusCode, shared.body).toBe(200);
    const [accepted] = await incoming(referred);
    expect((await post(referred, `/api/v1/categories/incoming/${accepted?.id}/accept`)).statusCode).toBe(200);
    await post(victim, '/api/v1/categories/share', { category_id: range, user_ids: [referred.id] });
    const theirs = await createRange(referred, { name: 'Referred range' });
    await post(referred, '/api/v1/categories/share', { category_id: theirs, user_ids: [victim.id] });
    expect(await incoming(victim)).toHaveLength(1);
    // The referred player buys Premium again by transfer... they have it: a pack instead, paying the victim 20 %.
    await openPaymentWindow(t.app, referred, packScope);
    await confirm(
      await claim(referred, { method: 'tether', payment_source: `tron-ref-${referred.id}`, ...packScope }),
    );

    await t.app.inject({ method: 'POST', url: '/api/v1/auth/recover', payload: { email: victim.email } });
    await t.app.services.db.kysely
      .insertInto('mail_outbox')
      .values({
        recipient: victim.email,
        subject: 'Your code',
        body: 'code',
        status: 'pending',
        next_attempt_at: new Date().toISOString(),
        lease_until: null,
        claimed_by: null,
        last_error: null,
        created_at: new Date().toISOString(),
        sent_at: null,
      })
      .execute();
    await as(t.app, victim, { method: 'GET', url: '/api/v1/users/find_users', query: { q: 'user' } });
    const avatarPath = avatar.json().data.avatar as string;
    return { referrer, victim, secondSession, referred, waiting, theirs, avatar: avatarPath };
  }

  it('every table of the schema, and every column of a table it keeps, has its place in the account data map', async () => {
    const schema = await schemaColumns(t.app.services.db);
    expect([...schema.keys()].sort()).toEqual(Object.keys(ACCOUNT_TABLES).sort());
    for (const [table, policy] of Object.entries(ACCOUNT_TABLES)) {
      const columns = schema.get(table) ?? [];
      if (policy.kind === 'kept') expect(columns.sort(), table).toEqual(Object.keys(policy.columns).sort());
      if (policy.kind === 'owned')
        for (const column of Object.keys(policy.by)) expect(columns).toContain(column);
    }
    // Every column that references an account is one the deletion handles: owned (rows go) or kept on purpose.
    for (const { table, column } of await userReferences(t.app.services.db)) {
      const policy = ACCOUNT_TABLES[table];
      const handled =
        (policy?.kind === 'owned' && (column in policy.by || column in (policy.cleared ?? {}))) ||
        (policy?.kind === 'kept' && column in policy.columns);
      expect(handled, `${table}.${column}`).toBe(true);
    }
  });

  it('refuses without a session, with a wrong confirmation (400) and with a wrong password (403), changing nothing', async () => {
    const user = await registerUser(t.app);
    expect((await remove(null, { password: PASSWORD, confirmation: user.username })).statusCode).toBe(401);
    const typo = await remove(user, { password: PASSWORD, confirmation: `${user.username}x` });
    expect([typo.statusCode, typo.json().code]).toEqual([400, 'deleteConfirmationMismatch']);
    const wrong = await remove(user, { password: 'not-the-password', confirmation: user.username });
    expect([wrong.statusCode, wrong.json().code]).toEqual([403, 'passwordIncorrect']);
    expect((await remove(user, { confirmation: user.username })).statusCode).toBe(400);
    expect((await as(t.app, user, { method: 'GET', url: '/api/v1/users/userprofile' })).statusCode).toBe(200);
    expect((await login(user.email)).statusCode).toBe(200);
  });

  it('removes what the account owned, keeps the books without personal data and leaves the others as they were', async () => {
    const { referrer, victim, secondSession, referred, waiting, theirs, avatar } = await fullAccount();
    const db = t.app.services.db;
    const victimRow = await db.kysely
      .selectFrom('users')
      .selectAll()
      .where('id', '=', victim.id)
      .executeTakeFirstOrThrow();
    const avatarFile = path.join(t.config.mediaDir, 'avatars', path.basename(avatar));
    expect(existsSync(avatarFile)).toBe(true);
    const references = await userReferences(db);
    const before = await dumpDatabase(db);
    const victimOrders = new Set(
      (before.get('orders') ?? []).filter((row) => row.user_id === victim.id).map((row) => row.id),
    );
    expect(victimOrders.size).toBeGreaterThanOrEqual(4);

    // The confirmation is compared as usernames are (case folded).
    const deleted = await remove(victim, { password: PASSWORD, confirmation: victim.username.toUpperCase() });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ data: { deleted: true } });
    const after = await dumpDatabase(db);

    // Both browsers are signed out; the name and the address sign nobody in, and are free to register again.
    for (const session of [victim, secondSession]) {
      expect((await as(t.app, session, { method: 'GET', url: '/api/v1/users/userprofile' })).statusCode).toBe(
        401,
      );
      expect(
        (await as(t.app, session, { method: 'GET', url: '/api/v1/auth/user' })).json().data.me.id,
      ).toBeNull();
    }
    expect((await login(victim.username)).statusCode).toBe(400);
    expect((await login(victim.email)).statusCode).toBe(400);
    expect((await login(`#deleted-${victim.id}`, 'anything')).statusCode).toBe(400);
    expect(existsSync(avatarFile)).toBe(false);

    // Rows that name the account through a reference survive only in the tables kept for the books.
    const related = (table: string, row: Row) =>
      references.some((ref) => ref.table === table && row[ref.column] === victim.id) ||
      Object.values(row).includes(victimRow.email) ||
      (table === 'users' && row.id === victim.id) ||
      ((table === 'card_refunds' || table === 'extra_charges') && victimOrders.has(row.order_id));
    for (const [table, rows] of after) {
      const policy = ACCOUNT_TABLES[table];
      if (policy?.kind === 'owned')
        expect(
          rows.filter((row) => related(table, row)),
          table,
        ).toEqual([]);
    }
    for (const table of ['orders', 'purchases', 'referral_payments']) {
      const kept = (before.get(table) ?? []).filter((row) => related(table, row)).map((row) => row.id);
      expect(kept.length, table).toBeGreaterThan(0);
      expect(
        (after.get(table) ?? [])
          .filter((row) => kept.includes(row.id))
          .map((row) => row.id)
          .sort(),
        table,
      ).toEqual(kept.sort());
    }

    // No cell anywhere holds what identified the person or their sign-ins.
    const secrets = [
      victimRow.email,
      victim.username,
      victimRow.username_key,
      victimRow.referral_token,
      victimRow.password_hash,
      path.basename(avatar),
      `4242 ${victim.id}`,
      `btc-waiting-${victim.id}`,
      'private push note',
      'Victim push',
    ];
    for (const [table, rows] of after) {
      for (const row of rows) {
        for (const [column, value] of Object.entries(row)) {
          if (typeof value !== 'string') continue;
          const leak = secrets.find((secret) => value.toLowerCase().includes(secret.toLowerCase()));
          expect(leak, `${table}.${column}`).toBeUndefined();
        }
      }
    }
    const tombstone = after.get('users')?.find((row) => row.id === victim.id);
    expect(tombstone).toMatchObject({
      username: `#deleted-${victim.id}`,
      email: `#deleted-${victim.id}`,
      password_hash: '',
      avatar: '',
      is_admin: 0,
      referrer_id: null,
    });
    expect(tombstone?.deleted_at).toEqual(expect.any(String));
    // Open orders are closed: nothing is delivered to an account that no longer exists.
    const statuses = (after.get('orders') ?? [])
      .filter((row) => victimOrders.has(row.id))
      .map((row) => row.status);
    expect(statuses.filter((status) => status === 'pending')).toEqual([]);
    expect((after.get('orders') ?? []).find((row) => row.id === waiting)?.status).toBe('rejected');
    // The settled tether transaction keeps its chain id, so it cannot be claimed a second time.
    const settled = (after.get('orders') ?? []).find(
      (row) => victimOrders.has(row.id) && row.method === 'tether' && row.status === 'paid',
    );
    expect(settled?.claim_key).toBe(`tether:tron-settled-${victim.id}`);
    expect(settled?.payment_source).toBeNull();

    // Every row that did not concern the account is exactly as it was; the referred player no longer points at it.
    const untouched = (table: string, row: Row) =>
      table === 'users' && row.referrer_id === victim.id ? { ...row, referrer_id: null } : row;
    // Counters move with any change (cache_versions: a user row changed), not rows about anyone.
    for (const [table, rows] of before) {
      if (table === 'rate_counters' || table === 'cache_versions' || table.startsWith('kysely_')) continue;
      const now = (after.get(table) ?? []).map((row) => JSON.stringify(row));
      for (const row of rows.filter((entry) => !related(table, entry))) {
        expect(now, `${table} ${JSON.stringify(row)}`).toContain(JSON.stringify(untouched(table, row)));
      }
    }
    if (kind === 'postgres') {
      const counters = (after.get('rate_counters') ?? []).map((row) => String(row.counter_key));
      expect(counters.some((key) => key.endsWith(`:${victim.id}`) || key.includes(victimRow.email))).toBe(
        false,
      );
    } else {
      const { counters, clock } = t.app.services;
      for (const key of [
        `writes:${victim.id}`,
        `user-search:user:${victim.id}`,
        `recover:${victimRow.email}`,
      ])
        expect(await counters.peek(key, clock.now()), key).toBeNull();
    }

    // The others see the money side without a name, their accepted copy stays theirs.
    const payouts = async (user: Session) =>
      (await as(t.app, user, { method: 'GET', url: '/api/v1/users/userprofile/affiliate_purchases' })).json()
        .data.items as Array<{ user: string; amount: number }>;
    // Premium and the pack each paid the referrer: both payouts stay, with no name on them.
    expect((await payouts(referrer)).map((entry) => entry.user)).toEqual(['', '']);
    expect(await payouts(referred)).toEqual([]);
    const tree = await as(t.app, referred, {
      method: 'GET',
      url: '/api/v1/categories/tree',
      query: { root_type: 'preflop_root' },
    });
    expect(JSON.stringify(tree.json().data)).toContain('Victim folder');
    const share = await post(referred, '/api/v1/categories/share', {
      category_id: theirs,
      user_ids: [victim.id],
    });
    expect([share.statusCode, share.json().code]).toEqual([400, 'shareUserNotFound']);
    const search = await as(t.app, referred, {
      method: 'GET',
      url: '/api/v1/users/find_users',
      query: { q: '#deleted' },
    });
    expect(search.json().data).toEqual([]);

    // The admin's list of players counts live accounts only.
    const listed = await as(t.app, admin, {
      method: 'GET',
      url: '/api/v1/admin/users',
      query: { per_page: '100' },
    });
    const ids = (listed.json().data.list as Array<{ id: number }>).map((row) => row.id);
    expect(ids).toContain(referred.id);
    expect(ids).not.toContain(victim.id);

    // The name and the address are free again: a sign-up with both makes a new account.
    const again = await signUp(t.app, {
      username: victim.username,
      email: victim.email,
      password: 'another1',
    });
    expect(again.confirmed?.statusCode, again.confirmed?.body).toBe(200);
    expect(again.confirmed?.json().data.me.id).not.toBe(victim.id);
  }, 120_000);
});
