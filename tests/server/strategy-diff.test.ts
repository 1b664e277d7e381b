// What the strategy diff reads from the server. The incoming side comes from the compare route (a
// pending share, its chart, buttons and sender, and the category accepting it would delete); the own sides from the
// category and range routes. A user may diff only own ranges and ranges shared to them: every other id is a 404
// that reads exactly like a missing one.
import { afterAll, beforeAll, expect, it } from 'vitest';

import { as, makePremium, registerUser } from './helpers/api.ts';
import { categoryCalls } from './helpers/categories.ts';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

describeEachDatabase('strategy diff', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t.close());

  const { createId, shareTo } = categoryCalls(() => t.app);

  const compareUrl = (id: number | string) => `/api/v1/categories/incoming/${id}/compare`;

  it('gives the recipient the shared chart, its buttons and sender, and nothing to replace for Premium', async () => {
    const sender = await registerUser(t.app);
    const receiver = await registerUser(t.app);
    await makePremium(t.app, sender);
    await makePremium(t.app, receiver);
    await createId(receiver, { name: 'Own first' });
    const buttons = [
      { color: '#1847BE', label: 'Raise' },
      { color: '#22C55E', label: 'Call' },
    ];
    const pairs = [
      { hand: 'AKs', colors: [{ color: '#1847BE', weight: 60 }] },
      { hand: 'QQ', colors: [{ color: '#22C55E', weight: 100 }], excluded: ['QhQc'] },
    ];
    const range = await createId(sender, { name: 'BTN open', root_type: 'tournament_root', buttons, pairs });
    const shareId = await shareTo(sender, receiver, range);

    const answer = await as(t.app, receiver, { method: 'GET', url: compareUrl(shareId) });
    expect(answer.statusCode, answer.body).toBe(200);
    const data = answer.json().data;
    expect(data).toMatchObject({
      id: shareId,
      name: 'BTN open',
      kind: 'range',
      root_type: 'tournament_root',
      from_user: sender.username,
      buttons,
      replaces: null,
    });
    // The whole grid, row-major: AKs (row 0) before QQ (row 2), with the left-out combo.
    expect(data.pairs).toHaveLength(169);
    expect(data.pairs.filter((pair: { colors: unknown[] }) => pair.colors.length > 0)).toEqual(pairs);
  });

  it('names the category a free recipient would lose, and accepting deletes exactly that one', async () => {
    const sender = await registerUser(t.app);
    await makePremium(t.app, sender);
    const receiver = await registerUser(t.app);
    // The swap looks at the strategy's root type only: a tournament range of the receiver stays out of it.
    await createId(receiver, { name: 'Tournament first', root_type: 'tournament_root' });
    const first = await createId(receiver, { name: 'Cash first' });
    await createId(receiver, { name: 'Cash second' });
    const shareId = await shareTo(sender, receiver, await createId(sender, { name: 'Gift' }));

    const data = (await as(t.app, receiver, { method: 'GET', url: compareUrl(shareId) })).json().data;
    expect(data.replaces).toEqual({ id: first, name: 'Cash first', kind: 'range' });

    const accepted = await as(t.app, receiver, {
      method: 'POST',
      url: `/api/v1/categories/incoming/${shareId}/accept`,
      payload: { replaces: data.replaces.id },
    });
    expect(accepted.json().data.removed_category_id).toBe(data.replaces.id);
    // Settled: the share can no longer be compared.
    expect((await as(t.app, receiver, { method: 'GET', url: compareUrl(shareId) })).statusCode).toBe(404);
  });

  it('names a folder when the free swap would delete one, and nothing for an empty list', async () => {
    const sender = await registerUser(t.app);
    await makePremium(t.app, sender);
    const empty = await registerUser(t.app);
    const gift = await createId(sender, { name: 'Gift' });
    const emptyShare = await shareTo(sender, empty, gift);
    expect(
      (await as(t.app, empty, { method: 'GET', url: compareUrl(emptyShare) })).json().data.replaces,
    ).toBe(null);

    const withFolder = await registerUser(t.app);
    const folder = await createId(withFolder, { name: 'Folder', kind: 'folder' });
    await createId(withFolder, { name: 'Inside', parent_id: folder });
    const folderShare = await shareTo(sender, withFolder, gift);
    expect(
      (await as(t.app, withFolder, { method: 'GET', url: compareUrl(folderShare) })).json().data.replaces,
    ).toEqual({ id: folder, name: 'Folder', kind: 'folder' });
  });

  it('answers 404 to everyone but the recipient of a pending share, 401 without a session, 400 for a bad id', async () => {
    const sender = await registerUser(t.app);
    await makePremium(t.app, sender);
    const receiver = await registerUser(t.app);
    const shareId = await shareTo(sender, receiver, await createId(sender, { name: 'Private' }));
    const missing = await as(t.app, receiver, { method: 'GET', url: compareUrl(2_000_000_000) });
    expect(missing.statusCode).toBe(404);

    const stranger = await as(t.app, await registerUser(t.app), { method: 'GET', url: compareUrl(shareId) });
    const own = await as(t.app, sender, { method: 'GET', url: compareUrl(shareId) });
    // The same answer as a missing share: nothing tells a stranger the id exists.
    expect([stranger.statusCode, stranger.body]).toEqual([404, missing.body]);
    expect([own.statusCode, own.body]).toEqual([404, missing.body]);
    expect((await as(t.app, null, { method: 'GET', url: compareUrl(shareId) })).statusCode).toBe(401);
    for (const bad of ['0', '-1', 'abc', '1.5', '99999999999']) {
      expect((await as(t.app, receiver, { method: 'GET', url: compareUrl(bad) })).statusCode, bad).toBe(400);
    }

    await as(t.app, receiver, { method: 'POST', url: `/api/v1/categories/incoming/${shareId}/reject` });
    const rejected = await as(t.app, receiver, { method: 'GET', url: compareUrl(shareId) });
    expect([rejected.statusCode, rejected.body]).toEqual([404, missing.body]);
  });

  it("serves the own sides of a diff only to their owner: another user's range reads as missing", async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const pairs = [{ hand: 'AA', colors: [{ color: '#1847BE', weight: 100 }] }];
    const range = await createId(owner, { name: 'Mine', pairs });
    const calls = (id: number) => [`/api/v1/categories/${id}`, `/api/v1/categories/range?category_id=${id}`];

    const [category, chart] = calls(range);
    expect((await as(t.app, owner, { method: 'GET', url: category! })).json().data.name).toBe('Mine');
    const own = (await as(t.app, owner, { method: 'GET', url: chart! })).json().data;
    expect(own.filter((pair: { colors: unknown[] }) => pair.colors.length > 0)).toEqual(pairs);

    const absent = calls(2_000_000_000);
    for (const [index, url] of calls(range).entries()) {
      const theirs = await as(t.app, other, { method: 'GET', url });
      const missing = await as(t.app, other, { method: 'GET', url: absent[index]! });
      expect([theirs.statusCode, theirs.body]).toEqual([404, missing.body]);
    }
  });
});
