// Public links as an owner, a stranger with the link and a script guessing ids meet them: publish (own charts only,
// never bought content), the chart read signed out and live, its picture for chat apps with the right colours in the
// right cells, revoke, the 404 that tells nothing, the rate limit, the page's Open Graph tags and the sign-up that
// credits the owner. On SQLite and PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { chartLayout } from '../../contract/chart-svg.ts';
import { HAND_CLASSES } from '../../contract/hands.ts';
import { as, makePremium, registerUser, type Session, signUp } from './helpers/api.ts';
import { categoryCalls } from './helpers/categories.ts';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

const RAISE = '#1847BE';
const CALL = '#C0392B';
const chart = {
  name: 'BTN open <vs> "3-bet"',
  note: 'Open 2.5x; 3-bet KK+',
  buttons: [
    { color: RAISE, label: 'Raise' },
    { color: CALL, label: 'Call' },
  ],
  pairs: [
    { hand: 'AA', colors: [{ color: RAISE, weight: 100 }] },
    { hand: 'AKs', colors: [{ color: CALL, weight: 100 }] },
    { hand: '72o', colors: [{ color: RAISE, weight: 50 }] },
  ],
};

describeEachDatabase('public links', (kind) => {
  let t: TestApp;
  let staticDir: string;
  beforeAll(async () => {
    // A stand-in for the built SPA: the page route adds its tags to whatever index.html the build made.
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangeforge-spa-'));
    fs.writeFileSync(
      path.join(staticDir, 'index.html'),
      '<!doctype html><html><head><title>RangeForge</title></head><body><div id="root"></div></body></html>',
    );
    t = await createTestApp(kind, { STATIC_DIR: staticDir }, { serveStatic: true });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  const { createId, update } = categoryCalls(() => t.app);
  const publish = (user: Session | null, id: number) =>
    as(t.app, user, { method: 'POST', url: `/api/v1/categories/${id}/public_link` });
  const readPublic = (link: string, remoteAddress = '203.0.113.7') =>
    t.app.inject({ method: 'GET', url: `/api/v1/public/charts/${link}`, remoteAddress });

  it('publishes an own chart once, lists it, and shows it live to anyone without an account', async () => {
    const owner = await registerUser(t.app);
    const id = await createId(owner, chart);
    const first = await publish(owner, id);
    expect(first.statusCode, first.body).toBe(200);
    const link = first.json().data;
    expect(link).toMatchObject({ category_id: id, name: chart.name, root_type: 'preflop_root' });
    expect(link.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // 128 random bits: two charts never share a link, and publishing again gives the live one.
    expect((await publish(owner, id)).json().data.id).toBe(link.id);
    const other = (await publish(owner, await createId(owner, { name: 'Other' }))).json().data.id;
    expect(other).not.toBe(link.id);
    const listed = await as(t.app, owner, { method: 'GET', url: '/api/v1/public_links' });
    expect(
      listed
        .json()
        .data.map((entry: { id: string }) => entry.id)
        .sort(),
    ).toEqual([link.id, other].sort());

    const seen = await readPublic(link.id);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['x-robots-tag']).toBe('noindex');
    const shown = seen.json().data;
    expect(shown).toMatchObject({
      id: link.id,
      name: chart.name,
      note: chart.note,
      buttons: chart.buttons,
      owner: owner.username,
    });
    expect(shown.pairs.filter((pair: { colors: unknown[] }) => pair.colors.length > 0)).toEqual(chart.pairs);

    // Live, not a snapshot: the owner's edit shows through the same link.
    const edited = await update(owner, id, {
      pairs: [{ hand: 'KK', colors: [{ color: RAISE, weight: 100 }] }],
      note: 'Changed',
    });
    expect(edited.statusCode).toBe(200);
    const after = (await readPublic(link.id)).json().data;
    expect(after.note).toBe('Changed');
    expect(after.pairs.filter((pair: { colors: unknown[] }) => pair.colors.length > 0)).toEqual([
      { hand: 'KK', colors: [{ color: RAISE, weight: 100 }] },
    ]);
    expect(after.revision).toBeGreaterThan(shown.revision);
  });

  it('refuses what is not the caller’s own chart', async () => {
    const owner = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    const id = await createId(owner, chart);
    expect((await publish(null, id)).statusCode).toBe(401);
    // Another player's chart is as missing as one that does not exist.
    expect((await publish(stranger, id)).statusCode).toBe(404);
    expect((await publish(stranger, 2_000_000_000)).statusCode).toBe(404);
    const folder = await createId(owner, { name: 'Folder', kind: 'folder' });
    const refusedFolder = await publish(owner, folder);
    expect(refusedFolder.statusCode).toBe(400);
    expect(refusedFolder.json().code).toBe('publicLinkNotARange');
    // Bought content (a ready-made strategy) is never published.
    const bought = await createId(owner, { name: 'Bought', pairs: chart.pairs });
    await t.app.services.db.kysely
      .updateTable('categories')
      .set({ is_template: 1 })
      .where('id', '=', bought)
      .execute();
    const refused = await publish(owner, bought);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('publicLinkTemplate');
    // A chart that became bought content after it was published stops showing.
    const later = await createId(owner, { name: 'Later' });
    const link = (await publish(owner, later)).json().data.id;
    await t.app.services.db.kysely
      .updateTable('categories')
      .set({ is_template: 1 })
      .where('id', '=', later)
      .execute();
    expect((await readPublic(link)).statusCode).toBe(404);
  });

  it('revokes: the link then answers exactly like one that never existed', async () => {
    const owner = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    const link = (await publish(owner, await createId(owner, chart))).json().data.id as string;
    const revoke = (user: Session, id: string) =>
      as(t.app, user, { method: 'DELETE', url: `/api/v1/public_links/${id}` });
    expect((await revoke(stranger, link)).statusCode).toBe(404);
    expect((await readPublic(link)).statusCode).toBe(200);
    expect((await revoke(owner, link)).json()).toEqual({ data: { ok: true } });
    expect((await revoke(owner, link)).statusCode).toBe(404);
    const revoked = await readPublic(link);
    const unknown = await readPublic('AAAAAAAAAAAAAAAAAAAAAA');
    const malformed = await readPublic('..%2F..%2Fetc');
    for (const answer of [revoked, unknown, malformed]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ error: 'Not found', code: 'notFound' });
      expect(answer.headers['x-robots-tag']).toBe('noindex');
    }
    const image = await t.app.inject({ method: 'GET', url: `/api/v1/public/charts/${link}/image.png` });
    expect(image.statusCode).toBe(404);
    expect((await as(t.app, owner, { method: 'GET', url: '/api/v1/public_links' })).json().data).toEqual([]);
    // Publishing again makes a new link; the old one stays dead.
  });

  it('ends with the chart: deleting it deletes its link', async () => {
    const owner = await registerUser(t.app);
    const id = await createId(owner, chart);
    const link = (await publish(owner, id)).json().data.id as string;
    expect((await as(t.app, owner, { method: 'DELETE', url: `/api/v1/categories/${id}` })).statusCode).toBe(
      200,
    );
    expect((await readPublic(link)).statusCode).toBe(404);
    const rows = await t.app.services.db.kysely
      .selectFrom('public_links')
      .selectAll()
      .where('id', '=', link)
      .execute();
    expect(rows).toEqual([]);
  });

  it('draws the picture chat apps show: the right colours in the right cells', async () => {
    const owner = await registerUser(t.app);
    const link = (await publish(owner, await createId(owner, chart))).json().data.id as string;
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/v1/public/charts/${link}/image.png`,
      remoteAddress: '198.51.100.4',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
    const png = answer.rawPayload;
    const layout = chartLayout(chart.buttons.length);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([layout.width, layout.height]);
    const pixel = (x: number, y: number) => {
      const at = (Math.round(y) * info.width + Math.round(x)) * info.channels;
      return `#${[data[at]!, data[at + 1]!, data[at + 2]!].map((v) => v.toString(16).padStart(2, '0')).join('')}`.toUpperCase();
    };
    const centre = (hand: string, across = 0.5) => {
      const cell = layout.cell(HAND_CLASSES.indexOf(hand));
      // A little above the middle, clear of the hand's label.
      return pixel(cell.x + cell.size * across, cell.y + cell.size * 0.15);
    };
    expect(centre('AA')).toBe(RAISE);
    expect(centre('AKs')).toBe(CALL);
    // 72o at 50 %: raise on the left half, the offsuit tint on the right.
    expect(centre('72o', 0.25)).toBe(RAISE);
    expect(centre('72o', 0.75)).toBe('#1B2027');
    expect(centre('KK')).toBe('#3A4452');
  });

  it('serves the page with its preview for chat apps, and noindex once revoked', async () => {
    const owner = await registerUser(t.app);
    const link = (await publish(owner, await createId(owner, chart))).json().data.id as string;
    const page = await t.app.inject({ method: 'GET', url: `/c/${link}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const html = page.body;
    expect(html).toContain('<meta property="og:title" content="BTN open &lt;vs&gt; &quot;3-bet&quot;">');
    expect(html).toContain('<title>BTN open &lt;vs&gt; &quot;3-bet&quot; · RangeForge</title>');
    const image = /<meta property="og:image" content="([^"]+)">/.exec(html)?.[1];
    const { revision } = (await readPublic(link)).json().data;
    expect(image).toBe(`${t.config.publicBaseUrl}/api/v1/public/charts/${link}/image.png?v=${revision}`);
    const description = /<meta property="og:description" content="([^"]+)">/.exec(html)?.[1];
    // AA 6 combos, AKs 4 and half of the 12 of 72o: 16 of 1326.
    expect(description).toBe(`16 combos · 1.2% · Raise / Call · shared by ${owner.username}`);
    expect(html).not.toContain('noindex');
    await as(t.app, owner, { method: 'DELETE', url: `/api/v1/public_links/${link}` });
    for (const url of [`/c/${link}`, '/c/AAAAAAAAAAAAAAAAAAAAAA']) {
      const gone = await t.app.inject({ method: 'GET', url });
      expect(gone.statusCode).toBe(404);
      expect(gone.headers['x-robots-tag']).toBe('noindex');
      expect(gone.body).toContain('<meta name="robots" content="noindex">');
      expect(gone.body).not.toContain('og:title');
    }
  });

  it('credits the owner when a visitor signs up through the link, revoked or not', async () => {
    const owner = await registerUser(t.app);
    const link = (await publish(owner, await createId(owner, chart))).json().data.id as string;
    const referrerOf = async (id: number) =>
      (
        await t.app.services.db.kysely
          .selectFrom('users')
          .select('referrer_id')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).referrer_id;
    const body = (name: string) => ({ username: name, email: `${name}@example.com`, password: 'secret123' });
    const visitor = await signUp(t.app, body(`visit${kind}`), { referral: link });
    expect(visitor.confirmed?.statusCode, visitor.confirmed?.body).toBe(200);
    expect(await referrerOf(visitor.confirmed!.json().data.me.id)).toBe(owner.id);
    await as(t.app, owner, { method: 'DELETE', url: `/api/v1/public_links/${link}` });
    const late = await signUp(t.app, body(`late${kind}`), { referral: link });
    expect(await referrerOf(late.confirmed!.json().data.me.id)).toBe(owner.id);
    const unknown = await signUp(t.app, body(`nobody${kind}`), { referral: 'AAAAAAAAAAAAAAAAAAAAAA' });
    expect(unknown.started.statusCode).toBe(400);
    expect(unknown.started.json().code).toBe('referralTokenInvalid');
  });

  it('holds one address to its budget of reads, and a player to 100 live links', async () => {
    const owner = await registerUser(t.app);
    const link = (await publish(owner, await createId(owner, chart))).json().data.id as string;
    const address = `192.0.2.${kind === 'sqlite' ? 10 : 11}`;
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) statuses.push((await readPublic(link, address)).statusCode);
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    // Another address is not held back by that one.
    expect((await readPublic(link, '192.0.2.99')).statusCode).toBe(200);

    const prolific = await registerUser(t.app);
    await makePremium(t.app, prolific);
    const ids: number[] = [];
    for (let i = 0; i < 101; i += 1) ids.push(await createId(prolific, { name: `Chart ${i}` }));
    for (const id of ids.slice(0, 100)) expect((await publish(prolific, id)).statusCode).toBe(200);
    const over = await publish(prolific, ids[100]!);
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('publicLinksLimit');
    const first = (await as(t.app, prolific, { method: 'GET', url: '/api/v1/public_links' })).json().data[0]
      .id;
    await as(t.app, prolific, { method: 'DELETE', url: `/api/v1/public_links/${first}` });
    expect((await publish(prolific, ids[100]!)).statusCode).toBe(200);
  });
});

describe('public links and the account', () => {
  it('are among the data an account deletion removes', async () => {
    const { ACCOUNT_TABLES } = await import('../../server/modules/account/account-data.ts');
    expect(ACCOUNT_TABLES.public_links).toMatchObject({ kind: 'owned', by: { user_id: 'id' } });
  });
});
