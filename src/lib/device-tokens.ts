// The device tokens of this browser (server/modules/auth/devices.repository.ts says why they exist): one per account
// signed in from here, kept past sign-out, since they are what lets the owner in while a stranger's wrong passwords
// lock every other client of the account. Shared code, because the sign-in forms and the profile's password change
// both receive one.

import type { PasswordChanged } from '@contract/auth';
import { DEVICE_TOKENS_MAX } from '@contract/limits';

const DEVICE_TOKENS_KEY = 'rangeforge.deviceTokens';

type Kept = Array<[userId: number, token: string]>;

function read(): Kept {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(DEVICE_TOKENS_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    // Anything not written by keepDeviceToken (an older format, a hand edit) is dropped rather than sent.
    return parsed.filter(
      (entry): entry is [number, string] =>
        Array.isArray(entry) &&
        Number.isInteger(entry[0]) &&
        typeof entry[1] === 'string' &&
        /^[A-Za-z0-9_-]{20,100}$/.test(entry[1]),
    );
  } catch {
    return [];
  }
}

/**
 * The tokens to send with a sign-in, newest first. The browser does not know which account a typed login names
 * (a username or an e-mail), so it sends them all; the server uses only the one issued for that account.
 */
export function keptDeviceTokens(): string[] {
  return read()
    .map(([, token]) => token)
    .reverse();
}

/** Keeps the account's new token in place of its old one; past DEVICE_TOKENS_MAX accounts the oldest goes. */
export function keepDeviceToken(userId: number | null, token: string | undefined): void {
  if (userId === null || !token) return;
  const kept = read().filter(([id]) => id !== userId);
  kept.push([userId, token]);
  try {
    localStorage.setItem(DEVICE_TOKENS_KEY, JSON.stringify(kept.slice(-DEVICE_TOKENS_MAX)));
  } catch {
    // Storage can be unavailable (private mode): the browser then signs in as an untrusted client.
  }
}

/** A password set by restore code or in the profile revoked the account's other tokens; this browser keeps its own. */
export function keepPasswordChanged(data: PasswordChanged): PasswordChanged {
  keepDeviceToken(data.user_id, data.device_token);
  return data;
}

/** The account was deleted: its token trusts nothing any more and is not sent with later sign-ins. */
export function forgetDeviceToken(userId: number): void {
  try {
    localStorage.setItem(DEVICE_TOKENS_KEY, JSON.stringify(read().filter(([id]) => id !== userId)));
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}
