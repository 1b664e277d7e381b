// The REST calls browser specs make beside the page: set-up and checks against the real server, with the token the
// page itself uses.
import type { Page } from 'playwright-core';

import { dataDirOf } from './app-server.ts';
import { mailedCode } from './sign-up.ts';

/** GET (no body) or POST (a JSON body) as the given user; the `data` of the answer, or an error naming the status. */
export async function api<T>(baseUrl: string, token: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = (await response.json()) as { data: T };
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(payload)}`);
  return payload.data;
}

/**
 * GET (no body) or POST (a JSON body) through the page's own fetch on the origin it is on, with the token the page
 * holds (none when signed out); the `data` of the answer, or an error naming the status.
 */
export function callInPage<T>(page: Page, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ path: url, body: payload }) => {
      const token = localStorage.getItem('rangeforge.token');
      const response = await fetch(url, {
        method: payload === undefined ? 'GET' : 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      const answer = (await response.json()) as { data: unknown };
      if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(answer)}`);
      return answer.data as never;
    },
    { path, body },
  );
}

/** Logs in beside the page (POST /auth/login with a username or an e-mail); the session token for `api`. */
export async function logInToken(baseUrl: string, login: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ login, password }),
  });
  const payload = (await response.json()) as { data: { token: string } };
  if (!response.ok) throw new Error(`login: ${response.status} ${JSON.stringify(payload)}`);
  return payload.data.token;
}

/** A preflop range at the top of the user's tree with one Raise button and no hands; its id. */
export async function createRange(baseUrl: string, token: string, name: string): Promise<number> {
  const created = await api<{ id: number }>(baseUrl, token, '/api/v1/categories', {
    name,
    kind: 'range',
    root_type: 'preflop_root',
    parent_id: null,
    buttons: [{ color: '#1847BE', label: 'Raise' }],
    pairs: [],
  });
  return created.id;
}

/** The hands the server holds for range `id` (those with at least one colour). */
export async function savedHands(baseUrl: string, token: string, id: number): Promise<string[]> {
  const pairs = await api<{ hand: string; colors: unknown[] }[]>(
    baseUrl,
    token,
    `/api/v1/categories/range?category_id=${id}&begin=0&end=169`,
  );
  return pairs.filter((pair) => pair.colors.length > 0).map((pair) => pair.hand);
}

/**
 * Signs up through the page's own fetch on the origin it is on, with the code the server mailed (read from its
 * outbox): the token lands in localStorage, where the app reads it on its next load, and is returned for direct API
 * calls.
 */
export async function registerInPage(page: Page, username: string): Promise<string> {
  const email = `${username}@example.com`;
  const requestToken = await page.evaluate(
    async (body) => {
      const response = await fetch('/api/v1/auth/register', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return ((await response.json()) as { data: { request_token: string } }).data.request_token;
    },
    { username, email, password: 'secret123' },
  );
  const code = await mailedCode(dataDirOf(new URL(page.url()).origin), email);
  return page.evaluate(
    async (body) => {
      const response = await fetch('/api/v1/auth/register_confirm', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as { data: { token: string } };
      localStorage.setItem('rangeforge.token', answer.data.token);
      return answer.data.token;
    },
    { request_token: requestToken, code },
  );
}

/** Opens the app, registers in the page (see registerInPage) and returns the token for direct API calls. */
export async function register(page: Page, baseUrl: string, username: string): Promise<string> {
  await page.goto(`${baseUrl}/`);
  return registerInPage(page, username);
}

/** Logs in through the page's own fetch on the origin it is on; the token lands in localStorage. */
export async function logInInPage(page: Page, login: string, password: string): Promise<void> {
  await page.evaluate(
    async ({ login: name, password: secret }) => {
      const response = await fetch('/api/v1/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ login: name, password: secret }),
      });
      const body = (await response.json()) as { data: { token: string } };
      localStorage.setItem('rangeforge.token', body.data.token);
    },
    { login, password },
  );
}

/** Logs in as a player does: the login form, then waits for the signed-in header. */
export async function logInThroughForm(
  page: Page,
  baseUrl: string,
  login: string,
  password: string,
): Promise<void> {
  await page.goto(`${baseUrl}/auth/login`);
  await page.getByLabel('Login or e-mail').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.getByRole('button', { name: 'Log out' }).waitFor();
}

/**
 * Removes the range tool's working state from the page's origin, so the next load opens the fresh tool (a suite
 * whose test starts from an empty chart). The app writes that state 300 ms after a change (use-working-state.ts):
 * waiting past that first leaves no write pending that would put it back.
 */
export async function forgetWorkingState(page: Page): Promise<void> {
  await page.waitForTimeout(400);
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith('rangeforge.workingState.')) localStorage.removeItem(key);
    }
  });
}

/** The ranges whose saves the page holds in IndexedDB (range-tool/pending-store.ts). */
export function heldSaves(page: Page): Promise<number[]> {
  return page.evaluate(
    () =>
      new Promise<number[]>((resolve, reject) => {
        const opening = indexedDB.open('rangeforge-pending-saves', 1);
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const read = opening.result.transaction('saves').objectStore('saves').getAll();
          read.onerror = () => reject(read.error);
          read.onsuccess = () => {
            opening.result.close();
            resolve((read.result as { categoryId: number }[]).map((save) => save.categoryId));
          };
        };
      }),
  );
}

/**
 * In the range tool's equity workspace: types `opponent` as the opponent's range, then picks the hand's cards and the
 * board's. The caller waits for the equity it expects.
 */
export async function playHandAgainstText(
  page: Page,
  hand: string[],
  opponent: string,
  board: string[],
): Promise<void> {
  await page.getByLabel('Opponent as text').fill(opponent);
  await page.getByLabel('Opponent as text').press('Enter');
  await page.getByRole('radio', { name: 'Hand' }).click();
  for (const card of hand) await page.locator(`.deck-card[data-card="${card}"]`).click();
  await page.getByRole('radio', { name: 'Board' }).click();
  for (const card of board) await page.locator(`.deck-card[data-card="${card}"]`).click();
}
