// Deleting an account while other requests of it are in flight, and the rules around it: two tabs deleting at once,
// a deletion racing saves, copies, trainer answers, a rename and a second sign-in (nothing may land on the deleted
// account), the last admin, and a card payment that arrives after the deletion.
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';

import { as, makeAdmin, registerUser, type Session } from './helpers/api.ts';
import { notify, payFields, premiumCost, PROVIDER_ENV } from './helpers/payments.ts';
import { openSeededStore } from './helpers/store.ts';
import { describeEachDatabase, type TestApp } from './helpers/test-app.ts';

const RAISE = '#D93A3A';
const PASSWORD = 'secret123';

describeEachDatabase('deleting an account under concurrency', (kind) => {
  let t: TestApp;
  beforeAll(async () => ({ t } = await openSeededStore(kind, PROVIDER_ENV)));
  afterAll(async () => t.close());

  const post = (user: Session | null, url: string, payload: unknown = {}) =>
    as(t.app, user, { method: 'POST', url, payload });
  const remove = (user: Session) =>
    post(user, '/api/v1/users/userprofile/delete', { password: PASSWORD, confirmation: user.username });
  const signIn = async (user: Session): Promise<Session> => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { login: user.username, password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    return { ...user, token: response.json().data.token };
  };
  /** Rows anywhere that still name the account, apart from the tombstone and the tables kept for the books. */
  const leftovers = async (id: number) => {
    const db = t.app.services.db.kysely;
    const count = async (
      table: 'categories' | 'sessions' | 'device_tokens' | 'trainer_totals' | 'trainer_cells',
    ) =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where('user_id', '=', id)
            .executeTakeFirstOrThrow()
        ).count,
      );
    return {
      categories: await count('categories'),
      sessions: await count('sessions'),
      device_tokens: await count('device_tokens'),
      trainer: (await count('trainer_totals')) + (await count('trainer_cells')),
    };
  };
  const nothingLeft = { categories: 0, sessions: 0, device_tokens: 0, trainer: 0 };

  it('two tabs deleting at once both succeed (or find the session gone), and the account is deleted once', async () => {
    const user = await registerUser(t.app);
    const other = await signIn(user);
    const answers = await Promise.all([remove(user), remove(other), remove(user)]);
    for (const answer of answers) expect([200, 401], answer.body).toContain(answer.statusCode);
    expect(answers.some((answer) => answer.statusCode === 200)).toBe(true);
    expect(await leftovers(user.id)).toEqual(nothingLeft);
    // After it, any session of the account is refused, and a retry answers 401 (it is gone, not half-deleted).
    expect((await remove(user)).statusCode).toBe(401);
  });

  it('saves, copies, answers, a rename and a sign-in racing the deletion leave nothing on the deleted account', async () => {
    for (let round = 0; round < 3; round += 1) {
      const user = await registerUser(t.app);
      const created = await post(user, '/api/v1/categories', {
        name: 'Open',
        kind: 'range',
        root_type: 'preflop_root',
        buttons: [{ color: RAISE, label: 'Raise' }],
        pairs: [{ hand: 'AA', colors: [{ color: RAISE, weight: 100 }] }],
      });
      const id = created.json().data.id as number;
      const writes = [
        ...Array.from({ length: 4 }, (_, index) =>
          post(user, '/api/v1/categories', {
            name: `New ${index}`,
            kind: 'range',
            root_type: 'preflop_root',
          }),
        ),
        post(user, `/api/v1/categories/${id}`, {
          id,
          pairs: [{ hand: 'KK', colors: [{ color: RAISE, weight: 100 }] }],
        }),
        post(user, `/api/v1/categories/${id}/copy/down`),
        post(user, '/api/v1/trainer/answers', {
          answers: [{ category_id: id, combo: 'AsAd', color: RAISE }],
        }),
        post(user, '/api/v1/users/userprofile/update/username', { username: `renamed${user.id}` }),
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { login: user.email, password: PASSWORD },
        }),
      ];
      // The deletion goes out in the middle of the writes (round by round at a different place).
      writes.splice(round * 3, 0, remove(user));
      const answers = await Promise.all(writes);
      for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
      const deleted = await t.app.services.db.kysely
        .selectFrom('users')
        .select(['username', 'deleted_at'])
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(deleted.deleted_at).not.toBeNull();
      expect(deleted.username).toBe(`#deleted-${user.id}`);
      expect(await leftovers(user.id)).toEqual(nothingLeft);
    }
  }, 60_000);

  it('the last admin cannot delete their account; of two admins deleting at once, one stays', async () => {
    const db = t.app.services.db.kysely;
    // Only admins made here count: the seeded store's own admin is demoted for this test.
    await db.updateTable('users').set({ is_admin: 0 }).where('is_admin', '=', 1).execute();
    const [first, second] = [await registerUser(t.app), await registerUser(t.app)];
    await makeAdmin(t.app, first);
    const alone = await remove(first);
    expect([alone.statusCode, alone.json().code]).toEqual([409, 'lastAdmin']);
    await makeAdmin(t.app, second);
    const answers = await Promise.all([remove(first), remove(second)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const admins = await db
      .selectFrom('users')
      .select('id')
      .where('is_admin', '=', 1)
      .where('deleted_at', 'is', null)
      .execute();
    expect(admins).toHaveLength(1);
  });

  it('a card payment that arrives after the deletion delivers nothing and is owed back in full', async () => {
    const user = await registerUser(t.app);
    const cost = await premiumCost(t.app, user);
    expect((await remove(user)).statusCode).toBe(200);
    const orderId = cost.cloud_payments_params.order_id as number;
    const db = t.app.services.db.kysely;
    const order = () =>
      db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    expect((await order()).status).toBe('expired');
    // The buyer was already in the provider's widget: the charge goes through and its notification comes.
    const pay = await notify(t.app, 'pay', payFields(cost, `tx-after-delete-${user.id}`));
    expect(pay.json()).toEqual({ code: 0 });
    const paid = await order();
    expect([paid.status, paid.refund_amount]).toEqual(['paid', paid.amount]);
    const held = await db.selectFrom('purchases').select('id').where('user_id', '=', user.id).execute();
    expect(held).toEqual([]);
    const tombstone = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(tombstone.is_premium).toBe(0);
  });

  it('an avatar the storage could not delete at once is deleted by the housekeeping later', async () => {
    const user = await registerUser(t.app);
    const image = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
    const { media, accountDeletion, db } = t.app.services;
    const stored = await t.app.services.profile.updateAvatar(
      await db.kysely.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow(),
      image,
    );
    const failing = vi.spyOn(media, 'delete').mockRejectedValueOnce(new Error('object store unreachable'));
    expect((await remove(user)).statusCode).toBe(200);
    failing.mockRestore();
    // The deletion succeeded; the file is still there and its name waits on the tombstone for the retry.
    expect(await media.exists(`avatars/${stored}`)).toBe(true);
    const avatarOf = async () =>
      (
        await db.kysely
          .selectFrom('users')
          .select('avatar')
          .where('id', '=', user.id)
          .executeTakeFirstOrThrow()
      ).avatar;
    expect(await avatarOf()).toBe(stored);
    expect(await accountDeletion.purgeDeletedAvatars()).toBeGreaterThanOrEqual(1);
    expect(await media.exists(`avatars/${stored}`)).toBe(false);
    expect(await avatarOf()).toBe('');
  });
});
