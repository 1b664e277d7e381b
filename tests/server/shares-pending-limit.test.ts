// A Premium player could share any number of their strategies with another player (50 recipients a call, limited only
// by the write budget), and a recipient accepts or rejects each one alone: one account could bury another's incoming
// list. Now one sender leaves at most PENDING_SHARES_PER_RECIPIENT strategies pending with one recipient; sharing
// more is refused with 409 and a translated message, shares nothing of that call, and is allowed again as soon as the
// recipient answers. Accepting and rejecting are unchanged.
import { afterAll, beforeAll, expect, it } from 'vitest';

import { ERROR_MESSAGES } from '../../contract/errors.ts';
import { PENDING_SHARES_PER_RECIPIENT } from '../../server/config.ts';
import { as, makePremium, registerUser, type Session } from './helpers/api.ts';
import { categoryCalls } from './helpers/categories.ts';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

describeEachDatabase('pending shares of one sender with one recipient', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t.close());

  const { createId } = categoryCalls(() => t.app);

  const premiumPlayer = async () => {
    const player = await registerUser(t.app);
    await makePremium(t.app, player);
    return player;
  };
  /** `count` ranges of the sender's own. */
  const ranges = async (sender: Session, count: number) => {
    const ids: number[] = [];
    for (let n = 0; n < count; n += 1) ids.push(await createId(sender, { name: `Range ${n}` }));
    return ids;
  };
  const share = (sender: Session, categoryId: number, recipients: Session[]) =>
    as(t.app, sender, {
      method: 'POST',
      url: '/api/v1/categories/share',
      payload: { category_id: categoryId, user_ids: recipients.map((recipient) => recipient.id) },
    });
  const incoming = async (recipient: Session) =>
    (
      await as(t.app, recipient, {
        method: 'GET',
        url: '/api/v1/categories/incoming',
        query: { per_page: '100' },
      })
    ).json().data as { total: number; list: Array<{ id: number; name: string; from_user: string }> };
  const answer = (recipient: Session, shareId: number, verb: 'accept' | 'reject') =>
    as(t.app, recipient, { method: 'POST', url: `/api/v1/categories/incoming/${shareId}/${verb}` });

  it(`one sender leaves at most ${PENDING_SHARES_PER_RECIPIENT} strategies pending with one recipient`, async () => {
    const sender = await premiumPlayer();
    const victim = await registerUser(t.app);
    const ids = await ranges(sender, PENDING_SHARES_PER_RECIPIENT + 5);
    const answers = [];
    for (const id of ids) answers.push(await share(sender, id, [victim]));
    expect(answers.slice(0, PENDING_SHARES_PER_RECIPIENT).map((one) => one.json())).toEqual(
      Array(PENDING_SHARES_PER_RECIPIENT).fill({ data: { shared: 1 } }),
    );
    for (const refused of answers.slice(PENDING_SHARES_PER_RECIPIENT)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        error: ERROR_MESSAGES.sharesPendingLimit,
        code: 'sharesPendingLimit',
      });
    }
    expect(ERROR_MESSAGES.sharesPendingLimit).toContain(` ${PENDING_SHARES_PER_RECIPIENT} `);
    expect((await incoming(victim)).total).toBe(PENDING_SHARES_PER_RECIPIENT);
    const count = await as(t.app, victim, { method: 'GET', url: '/api/v1/categories/incoming/count' });
    expect(count.json()).toEqual({ data: PENDING_SHARES_PER_RECIPIENT });

    // Sharing again one that is already pending changes nothing and is not refused.
    expect((await share(sender, ids[0] as number, [victim])).json()).toEqual({ data: { shared: 0 } });

    // Another sender is counted apart.
    const friend = await premiumPlayer();
    const [friendsRange] = await ranges(friend, 1);
    expect((await share(friend, friendsRange as number, [victim])).json()).toEqual({ data: { shared: 1 } });

    // Each answer of the recipient frees a place: one rejected, one accepted (as before), two more shared.
    const fromSender = (await incoming(victim)).list.filter((entry) => entry.from_user === sender.username);
    const [first, second] = fromSender;
    expect((await answer(victim, first?.id as number, 'reject')).json()).toEqual({ data: { ok: true } });
    expect((await answer(victim, second?.id as number, 'accept')).statusCode).toBe(200);
    const late = ids.slice(PENDING_SHARES_PER_RECIPIENT);
    expect((await share(sender, late[0] as number, [victim])).json()).toEqual({ data: { shared: 1 } });
    expect((await share(sender, late[1] as number, [victim])).json()).toEqual({ data: { shared: 1 } });
    expect((await share(sender, late[2] as number, [victim])).statusCode).toBe(409);
    expect((await incoming(victim)).total).toBe(PENDING_SHARES_PER_RECIPIENT + 1);
  });

  it('a call naming a recipient at the cap shares with nobody', async () => {
    const sender = await premiumPlayer();
    const full = await registerUser(t.app);
    const others = [await registerUser(t.app), await registerUser(t.app)];
    const ids = await ranges(sender, PENDING_SHARES_PER_RECIPIENT + 1);
    for (const id of ids.slice(0, PENDING_SHARES_PER_RECIPIENT))
      expect((await share(sender, id, [full])).statusCode).toBe(200);

    const refused = await share(sender, ids.at(-1) as number, [
      others[0] as Session,
      full,
      others[1] as Session,
    ]);
    expect(refused.statusCode).toBe(409);
    for (const other of others) expect((await incoming(other)).total).toBe(0);
    expect((await share(sender, ids.at(-1) as number, others)).json()).toEqual({ data: { shared: 2 } });
  });

  it('parallel shares from one sender cannot pass the cap together', async () => {
    const sender = await premiumPlayer();
    const victim = await registerUser(t.app);
    const ids = await ranges(sender, PENDING_SHARES_PER_RECIPIENT + 10);
    const answers = await Promise.all(ids.map((id) => share(sender, id, [victim])));
    const statuses = answers.map((one) => one.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(PENDING_SHARES_PER_RECIPIENT);
    expect(statuses.filter((status) => status === 409)).toHaveLength(10);
    expect((await incoming(victim)).total).toBe(PENDING_SHARES_PER_RECIPIENT);
  });
});
