// A sign-up makes its account only with the code mailed to the address. A server started without SMTP_URL writes
// each mail as JSON into <DATA_DIR>/outbox/ (server/lib/mailer.ts): the specs read the code there, as a player
// reads it in the mailbox.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Page } from 'playwright-core';

import { dataDirOf } from './app-server.ts';

/** A mail file of the outbox; null while the server is still writing it (its JSON is not whole yet). */
function readMail(file: string): { to: string; subject: string; text: string } | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as { to: string; subject: string; text: string };
  } catch {
    return null;
  }
}

/** The mail files in `dataDir`'s outbox now, to tell a mail sent later from one sent before. */
export function outboxFiles(dataDir: string): Set<string> {
  const outbox = join(dataDir, 'outbox');
  return new Set(existsSync(outbox) ? readdirSync(outbox) : []);
}

/**
 * The 6-digit code of the newest mail in `dataDir`'s outbox to `email` (with this `subject` when given: the restore
 * code, not the sign-up's; none of the files in `before`: a second sign-up to the same address must not read the
 * first one's code while its own mail is still being written); waits up to `timeoutMs` for it.
 */
export async function mailedCode(
  dataDir: string,
  email: string,
  {
    subject,
    before = new Set<string>(),
    timeoutMs = 15_000,
  }: { subject?: string; before?: Set<string>; timeoutMs?: number } = {},
): Promise<string> {
  const outbox = join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = existsSync(outbox)
      ? readdirSync(outbox)
          .filter((file) => !before.has(file))
          .sort()
      : [];
    for (const file of files.reverse()) {
      const mail = readMail(join(outbox, file));
      if (!mail) continue;
      if (mail.to !== email.toLowerCase() || (subject !== undefined && mail.subject !== subject)) continue;
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
      if (code) return code;
    }
    if (Date.now() > deadline) throw new Error(`no code was mailed to ${email} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface SignedUp {
  token: string;
  me: { id: number; username: string };
}

/** The whole sign-up through the API: the details, then the code from the outbox; the new account's session. */
export async function signUpThroughApi(
  baseUrl: string,
  dataDir: string,
  body: { username: string; email: string; password: string; language?: string },
  referral?: string,
): Promise<SignedUp> {
  const before = outboxFiles(dataDir);
  const started = await fetch(`${baseUrl}/api/v1/auth/register${referral ? `/${referral}` : ''}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await started.json()) as { data?: { request_token: string } };
  if (!started.ok || !answer.data) throw new Error(`sign-up: ${started.status} ${JSON.stringify(answer)}`);
  const confirmed = await fetch(`${baseUrl}/api/v1/auth/register_confirm`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      request_token: answer.data.request_token,
      code: await mailedCode(dataDir, body.email, { before }),
    }),
  });
  const made = (await confirmed.json()) as { data?: SignedUp };
  if (!confirmed.ok || !made.data)
    throw new Error(`sign-up code: ${confirmed.status} ${JSON.stringify(made)}`);
  return made.data;
}

/**
 * On the sign-up form's code step: types the code the page's server mailed to `email` and creates the account. The
 * labels are the page language's (auth:fields.code, auth:register.confirm); English unless given.
 */
export async function enterMailedCode(
  page: Page,
  email: string,
  labels: { code: string; confirm: string } = { code: 'Confirmation code', confirm: 'Create account' },
): Promise<void> {
  const field = page.getByLabel(labels.code);
  await field.waitFor();
  await field.fill(await mailedCode(dataDirOf(new URL(page.url()).origin), email));
  await page.getByRole('button', { name: labels.confirm }).click();
}
