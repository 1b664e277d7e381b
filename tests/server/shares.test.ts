import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { as, makePremium, registerUser, type Session } from './helpers/api.ts';
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

    describe('the free-tier swap (SPEC §4: accepting deletes the first category of the list)', () => {
      /** A free recipient with two cash ranges and one strategy shared with them; the share's id. */
      async function freeRecipient() {
        const sender = await registerUser(t.app);
        await makePremium(t.app, sender);
        const receiver = await registerUser(t.app);
        const first = await createId(receiver, { name: 'First' });
        const second = await createId(receiver, { name: 'Second' });
        const shared = await createId(sender, { name: 'Gift' });
        await as(t.app, sender, {
          method: 'POST',
          url: '/api/v1/categories/share',
          payload: { category_id: shared, user_ids: [receiver.id] },
        });
        const incoming = (
          await as(t.app, receiver, { method: 'GET', url: '/api/v1/categories/incoming' })
        ).json().data.list;
        return { receiver, first, second, shareId: incoming[0].id as number };
      }
      const accept = (receiver: Session, shareId: number, payload?: unknown) =>
        as(t.app, receiver, {
          method: 'POST',
          url: `/api/v1/categories/incoming/${shareId}/accept`,
          ...(payload === undefined ? {} : { payload }),
        });
      const pending = async (receiver: Session) =>
        (await as(t.app, receiver, { method: 'GET', url: '/api/v1/categories/incoming/count' })).json().data;

      it('deletes the first category only when the player agreed to give up that one', async () => {
        const { receiver, first, shareId } = await freeRecipient();
        const accepted = await accept(receiver, shareId, { replaces: first });
        expect(accepted.statusCode, accepted.body).toBe(200);
        expect(accepted.json().data.removed_category_id).toBe(first);
        expect(names((await tree(receiver)).children)).toEqual(['Second', 'Gift']);
      });

      it('refuses a swap the player did not agree to (no body, null, another id): 409 naming it, nothing changes', async () => {
        const { receiver, first, second, shareId } = await freeRecipient();
        for (const payload of [undefined, {}, { replaces: null }, { replaces: second }]) {
          const refused = await accept(receiver, shareId, payload);
          expect(refused.statusCode, JSON.stringify(payload)).toBe(409);
          expect(refused.json()).toMatchObject({
            code: 'acceptSwapChanged',
            current: { replaces: { id: first, name: 'First', kind: 'range' } },
          });
        }
        expect(names((await tree(receiver)).children)).toEqual(['First', 'Second']);
        expect(await pending(receiver)).toBe(1);
      });

      it('refuses when the library changed after the player looked (another tab deleted the agreed one)', async () => {
        const { receiver, first, second, shareId } = await freeRecipient();
        await as(t.app, receiver, { method: 'DELETE', url: `/api/v1/categories/${first}` });
        const refused = await accept(receiver, shareId, { replaces: first });
        expect(refused.statusCode).toBe(409);
        expect(refused.json().current.replaces).toEqual({ id: second, name: 'Second', kind: 'range' });
        expect(names((await tree(receiver)).children)).toEqual(['Second']);
        // Asked again with what the answer named, the player gives up that one.
        const accepted = await accept(receiver, shareId, { replaces: second });
        expect(accepted.json().data.removed_category_id).toBe(second);
        expect(names((await tree(receiver)).children)).toEqual(['Gift']);
      });

      it('deletes nothing when the swap no longer takes anything (Premium since): the player loses less', async () => {
        const { receiver, first, shareId } = await freeRecipient();
        await makePremium(t.app, receiver);
        const accepted = await accept(receiver, shareId, { replaces: first });
        expect(accepted.json().data.removed_category_id).toBeNull();
        expect(names((await tree(receiver)).children)).toEqual(['First', 'Second', 'Gift']);
      });

      it('validates the body: an id or null', async () => {
        const { receiver, shareId } = await freeRecipient();
        for (const payload of [{ replaces: 'first' }, { replaces: -1 }, { replaces: 1.5 }, [1]]) {
          const refused = await accept(receiver, shareId, payload);
          expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
        }
        expect(await pending(receiver)).toBe(1);
      });
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
