// An admin's strategy pack nested 2,000 deep answered 500: the schema's recursive validator ran out of stack. A pack
// is now measured before the schema walks it: at most MAX_TREE_DEPTH - 1 levels (its own folder in the buyer's
// library is the first) and PACK_MAX_NODES folders and charts, else 400 with a message saying which.
import { afterAll, beforeAll, expect, it } from 'vitest';

import { PACK_MAX_NODES } from '../../contract/admin.ts';
import { MAX_TREE_DEPTH } from '../../contract/limits.ts';
import { as, type Session } from './helpers/api.ts';
import { openSeededStore } from './helpers/store.ts';
import { bearer, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

/** A pack whose one chain of folders is `levels` deep (the range at the bottom counts), as raw JSON. */
const chain = (levels: number) =>
  `{"root_type":"preflop_root","nodes":[${'{"name":"f","kind":"folder","children":['.repeat(levels - 1)}` +
  `{"name":"leaf","kind":"range"}${']}'.repeat(levels - 1)}]}`;

describeEachDatabase('strategy pack content has a bounded size and depth', (kind) => {
  let t: TestApp;
  let admin: Session;
  let url: string;
  beforeAll(async () => {
    ({ t, admin } = await openSeededStore(kind));
    const created = await as(t.app, admin, {
      method: 'POST',
      url: '/api/v1/admin/items',
      payload: { type: 'product', name: 'Pack', description: '', price_usd: 5, price_rub: 400 },
    });
    url = `/api/v1/admin/items/${created.json().data.id}/content`;
  });
  afterAll(async () => t.close());

  const upload = (payload: string, token = admin.token) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...bearer(token), 'content-type': 'application/json' },
    });

  it('answers 400 packTooDeep for a pack nested 2,000 deep, and for one level past the limit', async () => {
    for (const levels of [2000, MAX_TREE_DEPTH]) {
      const response = await upload(chain(levels));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().code).toBe('packTooDeep');
    }
    const deepest = await upload(chain(MAX_TREE_DEPTH - 1));
    expect(deepest.statusCode, deepest.body).toBe(200);
    expect(deepest.json().data.ranges).toBe(1);
  });

  it(`answers 400 packTooLarge past ${PACK_MAX_NODES} folders and charts`, async () => {
    const folder = (count: number) =>
      JSON.stringify({
        name: 'f',
        kind: 'folder',
        children: Array.from({ length: count }, () => ({ name: 'r', kind: 'range' })),
      });
    // Ten folders of 200 ranges: 2,010 nodes. Nine folders and 199 ranges more in the last: 2,000.
    const tooMany = `{"root_type":"preflop_root","nodes":[${Array.from({ length: 10 }, () => folder(200)).join(',')}]}`;
    const refused = await upload(tooMany);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().code).toBe('packTooLarge');
    const fits = `{"root_type":"preflop_root","nodes":[${[
      ...Array.from({ length: 9 }, () => folder(200)),
      folder(190),
    ].join(',')}]}`;
    const accepted = await upload(fits);
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('checks who asks before measuring anything', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url,
      payload: chain(2000),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(401);
  });
});
