// The REST calls browser specs make beside the page: set-up and checks against the real server, with the token the
// page itself uses.
import type { Page } from 'playwright-core';

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

/** Registers in the page (the token lands in localStorage) and returns the token for direct API calls. */
export async function register(page: Page, baseUrl: string, username: string): Promise<string> {
  await page.goto(`${baseUrl}/`);
  return page.evaluate(async (name) => {
    const response = await fetch('/api/v1/auth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: name, email: `${name}@example.com`, password: 'secret123' }),
    });
    const body = (await response.json()) as { data: { token: string } };
    localStorage.setItem('rangeforge.token', body.data.token);
    return body.data.token;
  }, username);
}
