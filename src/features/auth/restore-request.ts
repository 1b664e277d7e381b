// The open restore request of this tab (server/modules/auth/restore-guard.ts says why a restore is bound to the
// browser that asked): the mailed code is checked only with the request token the server answered. Kept in
// sessionStorage so a reload of the restore page keeps it, while another tab or a closed one does not.

import { RESTORE_CODE_TTL_MS } from '@contract/limits';

const RESTORE_REQUEST_KEY = 'rangeforge.restoreRequest';
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

export interface RestoreRequest {
  email: string;
  token: string;
  /** When the code stops working (the server's time to live, counted from the answer). */
  expiresAt: number;
}

/** The kept request, expired or not; null when there is none or it is unreadable. */
export function readRestoreRequest(): RestoreRequest | null {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(RESTORE_REQUEST_KEY) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { email, token, expiresAt } = parsed as Record<string, unknown>;
    if (typeof email !== 'string' || typeof token !== 'string' || typeof expiresAt !== 'number') return null;
    return TOKEN_PATTERN.test(token) ? { email, token, expiresAt } : null;
  } catch {
    return null;
  }
}

/** Keeps the answer of a restore request in place of any earlier one; returns it. */
export function keepRestoreRequest(email: string, token: string, now = Date.now()): RestoreRequest {
  const request = { email, token, expiresAt: now + RESTORE_CODE_TTL_MS };
  try {
    sessionStorage.setItem(RESTORE_REQUEST_KEY, JSON.stringify(request));
  } catch {
    // Storage can be unavailable (private mode): the request then lives as long as the page.
  }
  return request;
}

/** Forgets the request (its code set the password, or the server no longer knows it). */
export function forgetRestoreRequest(): void {
  try {
    sessionStorage.removeItem(RESTORE_REQUEST_KEY);
  } catch {
    // Nothing kept.
  }
}
