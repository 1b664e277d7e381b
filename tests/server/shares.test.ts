import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { as, makePremium, registerUser } from './helpers/api.ts';
import { categoryCalls, names } from './helpers/categories.ts';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

describeEachDatabase('category sharing', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t.close());

  const { createId, tree } = categoryCalls(() => t.app);

  describe('sharing', () => {
    it('shares, counts, lists, accepts (copy) and rejects', async () => {
      const sender = await registerUser(t.app);
      const receiver = await registerUser(t.app);
      await makePremium(t.app, receiver);
      const folder = await createId(sender, { name: 'Shared', kind: 'folder' });
      await createId(sender, {
        name: 'R',
        parent_id: folder,
        pairs: [{ hand: 'AA', colors: [{ color: '#123456', weight: 100 }] }],
      });
      const second = await createId(sender, { name: 'Second' });
      const share = (category_id: number) =>
        as(t.app, sender, {
          method: 'POST',
          url: '/api/v1/categories/share',
          payload: { category_id, user_ids: [receiver.id] },
        });
      expect((await share(folder)).statusCode).toBe(402);
      await makePremium(t.app, sender);
      expect((await share(folder)).json()).toEqual({ data: { shared: 1 } });
      expect((await share(folder)).json()).toEqual({ data: { shared: 0 } });
      expect((await share(second)).json().data.shared).toBe(1);

      const count = await as(t.app, receiver, { method: 'GET', url: '/api/v1/categories/incoming/count' });
      expect(count.json()).toEqual({ data: 2 });
      const page = await as(t.app, receiver, {
        method: 'GET',
        url: '/api/v1/categories/incoming',
        query: { per_page: '1' },
      });
      expect(page.json().data).toMatchObject({ total: 2, page: 1, per_page: 1 });
      expect(page.json().data.list[0]).toMatchObject({ name: 'Second', from_user: sender.username });
      const all = (await as(t.app, receiver, { method: 'GET', url: '/api/v1/categories/incoming' })).json()
        .data.list;
      const folderShare = all.find((entry: { name: string }) => entry.name === 'Shared');
      const secondShare = all.find((entry: { name: string }) => entry.name === 'Second');

      const stranger = await registerUser(t.app);
      const stolen = await as(t.app, stranger, {
        method: 'POST',
        url: `/api/v1/categories/incoming/${folderShare.id}/accept`,
      });
      expect(stolen.statusCode).toBe(404);

      const accepted = await as(t.app, receiver, {
        method: 'POST',
        url: `/api/v1/categories/incoming/${folderShare.id}/accept`,
      });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json().data.removed_category_id).toBeNull();
      const copied = (await tree(receiver)).children[0];
      expect(copied).toMatchObject({ name: 'Shared', children: [{ name: 'R' }] });
      const again = await as(t.app, receiver, {
        method: 'POST',
        url: `/api/v1/categories/incoming/${folderShare.id}/accept`,
      });
      expect(again.statusCode).toBe(404);
      const rejected = await as(t.app, receiver, {
        method: 'POST',
        url: `/api/v1/categories/incoming/${secondShare.id}/reject`,
      });
      expect(rejected.json()).toEqual({ data: { ok: true } });
      expect(
        (await as(t.app, receiver, { method: 'GET', url: '/api/v1/categories/incoming/count' })).json().data,
      ).toBe(0);
    });

    it('lets only the recipient preview a pending shared range, and only while it is pending', async () => {
      const sender = await registerUser(t.app);
      const receiver = await registerUser(t.app);
      await makePremium(t.app, sender);
      const pairs = [
        { hand: 'AKs', colors: [{ color: '#1847BE', weight: 60 }] },
        { hand: 'QQ', colors: [{ color: '#22C55E', weight: 100 }] },
      ];
      const range = await createId(sender, { name: 'Preview me', pairs });
      await as(t.app, sender, {
        method: 'POST',
        url: '/api/v1/categories/share',
        payload: { category_id: range, user_ids: [receiver.id] },
      });
      const [share] = (
        await as(t.app, receiver, { method: 'GET', url: '/api/v1/categories/incoming' })
      ).json().data.list;
      const url = `/api/v1/categories/incoming/${share.id}/range`;

      const preview = await as(t.app, receiver, { method: 'GET', url });
      expect(preview.statusCode, preview.body).toBe(200);
      const shown = preview.json().data.filter((pair: { colors: unknown[] }) => pair.colors.length > 0);
      // Row-major grid order, ace first: AKs (row 0) before QQ (row 2).
      expect(shown).toEqual(pairs);
      expect((await as(t.app, null, { method: 'GET', url })).statusCode).toBe(401);
      expect((await as(t.app, await registerUser(t.app), { method: 'GET', url })).statusCode).toBe(404);
      expect((await as(t.app, sender, { method: 'GET', url })).statusCode).toBe(404);
      await as(t.app, receiver, { method: 'POST', url: `/api/v1/categories/incoming/${share.id}/reject` });
      expect((await as(t.app, receiver, { method: 'GET', url })).statusCode).toBe(404);
    });

    it('a free recipient accepting a strategy loses the first category of the list', async () => {
      const sender = await registerUser(t.app);
      await makePremium(t.app, sender);
      const receiver = await registerUser(t.app);
      const first = await createId(receiver, { name: 'First' });
      await createId(receiver, { name: 'Second' });
      const shared = await createId(sender, { name: 'Gift' });
      await as(t.app, sender, {
        method: 'POST',
        url: '/api/v1/categories/share',
        payload: { category_id: shared, user_ids: [receiver.id] },
      });
      const incoming = (
        await as(t.app, receiver, { method: 'GET', url: '/api/v1/categories/incoming' })
      ).json().data.list;
      const accepted = await as(t.app, receiver, {
        method: 'POST',
        url: `/api/v1/categories/incoming/${incoming[0].id}/accept`,
      });
      expect(accepted.json().data.removed_category_id).toBe(first);
      expect(names((await tree(receiver)).children)).toEqual(['Second', 'Gift']);
    });

    it('shares only own categories, with existing other users', async () => {
      const sender = await registerUser(t.app);
      await makePremium(t.app, sender);
      const other = await registerUser(t.app);
      const theirs = await createId(other, { name: 'Theirs' });
      const mine = await createId(sender, { name: 'Mine' });
      const url = '/api/v1/categories/share';
      expect(
        (
          await as(t.app, sender, {
            method: 'POST',
            url,
            payload: { category_id: theirs, user_ids: [other.id] },
          })
        ).statusCode,
      ).toBe(404);
      const self = await as(t.app, sender, {
        method: 'POST',
        url,
        payload: { category_id: mine, user_ids: [sender.id] },
      });
      expect(self.json().code).toBe('shareSelf');
      const ghost = await as(t.app, sender, {
        method: 'POST',
        url,
        payload: { category_id: mine, user_ids: [999999] },
      });
      expect(ghost.json().code).toBe('shareUserNotFound');
      const empty = await as(t.app, sender, {
        method: 'POST',
        url,
        payload: { category_id: mine, user_ids: [] },
      });
      expect(empty.statusCode).toBe(400);
    });
  });
});
