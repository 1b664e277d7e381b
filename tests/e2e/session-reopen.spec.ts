// After the server ended the page's session, signing in again as the same account by any route finds the range that
// was open, with the paints held meanwhile on screen and on the server: through the header's sign-in link (the auth
// page, away from the tool) and after a reload of the page while the session was ended. Another account signing in
// sees none of it and sends none of it. In a real browser against the real server on SQLite and on PostgreSQL.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createThrowawayDatabase, postgresAvailability } from '../server/helpers/postgres.ts';
import { type AppServer, startAppServer } from './support/app-server.ts';
import { type BrowserSession, launchBrowser, screenshotAtWidths } from './support/browser.ts';
import { api, createRange, heldSaves, register, savedHands } from './support/page-api.ts';
import { signUpThroughApi } from './support/sign-up.ts';

const PASSWORD = 'secret123';
const cell = (page: Page, hand: string) => page.locator(`.range-grid [data-hand="${hand}"]`);
const weight = (page: Page, hand: string) => cell(page, hand).getAttribute('data-weight');
const openNode = (page: Page, id: number) =>
  page.locator(`[data-node-id="${id}"] .library-node__name[aria-current="true"]`);

/** Whether the page holds a save of range `id` in IndexedDB (range-tool/pending-store.ts). */
async function holds(page: Page, id: number): Promise<boolean> {
  return (await heldSaves(page)).includes(id);
}

/** The header's sign-in link, the auth page's form, back on the tool signed in. */
async function signInFromHeader(page: Page, login: string, screenshot?: string): Promise<void> {
  await page.getByRole('link', { name: 'Sign in', exact: true }).first().click();
  // With the held paints in its save queue (not after a reload: nobody's queue is restored then) the page asks
  // before leaving the tool, and the player leaves.
  const ask = page.getByRole('dialog', { name: 'Edits not saved yet' });
  const asked = await Promise.race([
    ask.waitFor().then(() => true),
    page.waitForURL(/\/auth\/login$/).then(() => false),
  ]);
  if (asked) {
    // It says what the edits wait for: the account's sign-in, not the connection.
    await ask.getByText('Your session ended, so your last edits have not reached the server.').waitFor();
    if (screenshot) await screenshotAtWidths(page, screenshot);
    await ask.getByRole('button', { name: 'Leave' }).click();
  }
  await page.waitForURL(/\/auth\/login$/);
  await page.getByLabel('Login or e-mail').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.getByRole('button', { name: 'Log out' }).waitFor();
}

const pageToken = (page: Page) => page.evaluate(() => localStorage.getItem('rangeforge.token'));

function reopenSuite(database: 'sqlite' | 'postgres') {
  let server: AppServer;
  let session: BrowserSession;
  let page: Page;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    // Every case registers its players and signs in twice: more than the default budget of one address a minute.
    let extra: NodeJS.ProcessEnv = { AUTH_RATE_LIMIT: '1000' };
    if (database === 'postgres') {
      const throwaway = await createThrowawayDatabase(postgresAvailability().adminUrl!);
      drop = throwaway.drop;
      extra = { ...extra, DATABASE_URL: throwaway.url };
    }
    server = await startAppServer(extra);
    session = await launchBrowser();
    page = session.page;
    // The "leave site?" prompt of a reload with held edits: accepted, as a player who reloads anyway.
    page.on('dialog', (dialog) => void dialog.accept());
  });

  afterAll(async () => {
    await session?.close();
    await server?.stop();
    await drop?.();
  });

  /**
   * A player with range `id` open (AA saved) whose session the server ends; the page learns it from opening
   * `other`, keeps `id` open and holds the paints made then (KK, QQ) on this device for the account.
   */
  async function endedWithHeldPaints(username: string) {
    const token = await register(page, server.baseUrl, username);
    const id = await createRange(server.baseUrl, token, 'UTG open');
    const other = await createRange(server.baseUrl, token, 'MP open');
    await page.goto(`${server.baseUrl}/`);
    await page.locator(`[data-node-id="${id}"] .library-node__name`).click();
    await openNode(page, id).waitFor();
    await cell(page, 'AA').click();
    await expect.poll(() => savedHands(server.baseUrl, token, id)).toEqual(['AA']);

    await api(server.baseUrl, token, '/api/v1/auth/logout', {});
    await page.locator(`[data-node-id="${other}"] .library-node__name`).click();
    await page.getByTestId('session-ended').waitFor();
    await cell(page, 'KK').click();
    await cell(page, 'QQ').click();
    await expect.poll(() => holds(page, id)).toBe(true);
    // Past the working state's write delay: what a reload finds is what the page showed.
    await page.waitForTimeout(400);
    return { id, other };
  }

  /** The range is open again with every paint on screen, and the server has them all. */
  async function expectReopened(id: number, other: number) {
    await openNode(page, id).waitFor({ timeout: 15_000 });
    for (const hand of ['AA', 'KK', 'QQ']) await expect.poll(() => weight(page, hand)).toBe('100');
    const fresh = (await pageToken(page))!;
    await expect
      .poll(() => savedHands(server.baseUrl, fresh, id), { timeout: 15_000 })
      .toEqual(['AA', 'KK', 'QQ']);
    await expect.poll(() => holds(page, id)).toBe(false);
    expect(await savedHands(server.baseUrl, fresh, other)).toEqual([]);
    expect(await page.getByTestId('session-ended').count()).toBe(0);
  }

  it('reopens the range with its held paints after signing in through the header link', async () => {
    const username = `header_${database}`;
    const { id, other } = await endedWithHeldPaints(username);
    await signInFromHeader(page, username, database === 'sqlite' ? 'session-ended-leave' : undefined);
    expect(new URL(page.url()).pathname).toBe('/');
    await expectReopened(id, other);
  });

  it('keeps the ended session across a reload and reopens the range at the sign-in', async () => {
    const username = `reload_${database}`;
    const { id, other } = await endedWithHeldPaints(username);
    await page.reload();
    // Still the account's session that ended, not a visitor's page: the banner says so again.
    const banner = page.getByTestId('session-ended');
    await banner.getByText('Your session ended: sign in to save your changes').waitFor();
    expect(await holds(page, id)).toBe(true);

    await banner.getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Login or e-mail').fill(username);
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    await expectReopened(id, other);
  });

  it('reopens the range after a reload and a sign-in through the header link', async () => {
    const username = `relhead_${database}`;
    const { id, other } = await endedWithHeldPaints(username);
    await page.reload();
    await page.getByTestId('session-ended').waitFor();
    // Meanwhile the signed-out page shows this browser's own chart, and the player paints on it: that is no reason
    // to keep the account's range closed once the account is back.
    await cell(page, '22').click();
    await expect.poll(() => weight(page, '22')).toBe('100');
    await signInFromHeader(page, username);
    await expectReopened(id, other);
    expect(await weight(page, '22')).not.toBe('100');
  });

  it('gives another account signing in neither the range nor the held paints, after a reload too', async () => {
    const owner = `owner_${database}`;
    const { id } = await endedWithHeldPaints(owner);
    const stranger = `other_${database}`;
    const registered = await signUpThroughApi(server.baseUrl, server.dataDir, {
      username: stranger,
      email: `${stranger}@example.com`,
      password: PASSWORD,
    });
    expect(registered.me.username).toBe(stranger);
    await page.reload();
    await page.getByTestId('session-ended').waitFor();

    await signInFromHeader(page, stranger);
    await page.locator('.range-library__body').waitFor();
    // Nothing of the owner's on screen, and its held paints stay held, unsent.
    expect(await page.locator(`[data-node-id="${id}"]`).count()).toBe(0);
    expect(await page.locator('.library-node__name[aria-current="true"]').count()).toBe(0);
    for (const hand of ['AA', 'KK', 'QQ']) expect(await weight(page, hand)).not.toBe('100');
    await page.waitForTimeout(1_000);
    expect(await holds(page, id)).toBe(true);
    expect(await page.getByTestId('session-ended').count()).toBe(0);

    // The stranger signs out; the owner signs in later and finds the range and the paints.
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/auth\/login$/);
    await page.getByLabel('Login or e-mail').fill(owner);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    const fresh = (await pageToken(page))!;
    await expect
      .poll(() => savedHands(server.baseUrl, fresh, id), { timeout: 15_000 })
      .toEqual(['AA', 'KK', 'QQ']);
  });
}

describe('reopening after an ended session [sqlite]', () => reopenSuite('sqlite'));

const pg = postgresAvailability();
if (pg.adminUrl) describe('reopening after an ended session [postgres]', () => reopenSuite('postgres'));
else
  describe.skip(`reopening after an ended session [postgres] skipped: ${pg.reason}`, () =>
    reopenSuite('postgres'));
