// Deleting a bought strategy pack's folder lost it for good: the store still said "owned", and buying it again cost
// 0 and delivered nothing. The store, the product page and the purchases list now say which packs can be put back,
// and POST /api/v1/shop/products/:id/restore puts the folder back for its buyer, once per deletion.
import { afterAll, beforeAll, expect, it } from 'vitest';

import { as, makePremium, registerUser, type Session } from './helpers/api.ts';
import { categoryCalls } from './helpers/categories.ts';
import { purchases, sandboxCharge, shopCost } from './helpers/payments.ts';
import { openSeededStore } from './helpers/store.ts';
import { describeEachDatabase, type TestApp } from './helpers/test-app.ts';

interface Node {
  id: number;
  name: string;
  kind: string;
  is_template: boolean;
  children: Node[];
}

describeEachDatabase('a bought pack whose folder was deleted can be put back', (kind) => {
  let t: TestApp;
  beforeAll(async () => ({ t } = await openSeededStore(kind)));
  afterAll(async () => t.close());

  const { tree } = categoryCalls(() => t.app);
  const shape = (node: Node): unknown => ({
    name: node.name,
    kind: node.kind,
    is_template: node.is_template,
    children: node.children.map(shape),
  });
  const restore = (user: Session | null, itemId: number) =>
    as(t.app, user, { method: 'POST', url: `/api/v1/shop/products/${itemId}/restore` });

  /** A buyer of the first seeded package's first strategy pack, paid through the sandbox. */
  async function buyer() {
    const user = await registerUser(t.app);
    await makePremium(t.app, user);
    const pack = (await as(t.app, user, { method: 'GET', url: '/api/shop' })).json().data.list[0];
    const item = pack.products[0] as { id: number; name: string };
    const cost = await shopCost(t.app, user, { package_id: pack.id, products: [item.id], video_courses: [] });
    expect((await sandboxCharge(t.app, user, cost)).json().data.status).toBe('paid');
    const rootType = (await tree(user)).children.length > 0 ? 'preflop_root' : 'tournament_root';
    const folders = () => tree(user, rootType).then((data) => data.children as Node[]);
    const product = async () =>
      (await as(t.app, user, { method: 'GET', url: `/api/shop/product/${pack.id}` })).json().data;
    return { user, pack, item, folders, product };
  }

  it('says so in the store and the purchases list once the folder is deleted, and only then', async () => {
    const { user, pack, item, folders, product } = await buyer();
    const [folder] = await folders();
    expect(folder).toMatchObject({ name: item.name, is_template: true });
    expect((await product()).products[0]).toMatchObject({ owned: true, restorable: false });
    expect((await purchases(t.app, user)).items[0]).toMatchObject({ kind: 'product', restorable: false });

    const removed = await as(t.app, user, { method: 'DELETE', url: `/api/v1/categories/${folder!.id}` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await product()).products[0]).toMatchObject({ owned: true, restorable: true });
    const listed = (await as(t.app, user, { method: 'GET', url: '/api/shop' })).json().data.list[0];
    expect(listed.products[0]).toMatchObject({ id: item.id, restorable: true });
    expect(listed.id).toBe(pack.id);
    expect((await purchases(t.app, user)).items[0]).toMatchObject({ item_id: item.id, restorable: true });
    // Buying it again would deliver nothing: the price stays 0.
    expect((await product()).products[0].owned).toBe(true);
  });

  it('puts the same folder back once, however many calls arrive together, and again after the next deletion', async () => {
    const { user, item, folders, product } = await buyer();
    const [original] = await folders();
    await as(t.app, user, { method: 'DELETE', url: `/api/v1/categories/${original!.id}` });
    expect(await folders()).toEqual([]);

    const answers = await Promise.all([
      restore(user, item.id),
      restore(user, item.id),
      restore(user, item.id),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const bodies = answers.map((answer) => answer.json().data as { category_id: number; restored: boolean });
    expect(bodies.filter((body) => body.restored)).toHaveLength(1);
    expect(new Set(bodies.map((body) => body.category_id)).size).toBe(1);
    const back = await folders();
    expect(back).toHaveLength(1);
    expect(shape(back[0]!)).toEqual(shape(original!));
    expect((await product()).products[0].restorable).toBe(false);
    expect((await restore(user, item.id)).json().data).toEqual({
      category_id: back[0]!.id,
      restored: false,
    });

    await as(t.app, user, { method: 'DELETE', url: `/api/v1/categories/${back[0]!.id}` });
    const again = await restore(user, item.id);
    expect(again.json().data.restored).toBe(true);
    expect(await folders()).toHaveLength(1);
  });

  it('is for the buyer only', async () => {
    const { user, item, folders } = await buyer();
    const [folder] = await folders();
    await as(t.app, user, { method: 'DELETE', url: `/api/v1/categories/${folder!.id}` });
    const stranger = await registerUser(t.app);
    expect((await restore(stranger, item.id)).statusCode).toBe(404);
    expect((await tree(stranger)).children).toEqual([]);
    expect((await tree(stranger, 'tournament_root')).children).toEqual([]);
    expect((await restore(null, item.id)).statusCode).toBe(401);
    expect((await restore(user, 2_000_000)).statusCode).toBe(404);
    expect(await folders()).toEqual([]);
  });
});
