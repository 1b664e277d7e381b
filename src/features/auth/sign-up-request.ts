// The open sign-up of this tab: the code mailed to the address makes the account only with the request token the
// server answered the sign-up with. Kept in sessionStorage so a reload of the page (a phone switching to its mail
// app and back) still shows the code step, while another tab or a closed one does not.

import { SIGN_UP_CODE_TTL_MS } from '@contract/limits';

const SIGN_UP_REQUEST_KEY = 'rangeforge.signUpRequest';
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

export interface SignUpRequest {
  email: string;
  token: string;
  /** When the code stops working (the server's time to live, counted from the answer). */
  expiresAt: number;
}

/** The kept request while its code still works; null when there is none, it is unreadable or it has expired. */
export function readSignUpRequest(now = Date.now()): SignUpRequest | null {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(SIGN_UP_REQUEST_KEY) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { email, token, expiresAt } = parsed as Record<string, unknown>;
    if (typeof email !== 'string' || typeof token !== 'string' || typeof expiresAt !== 'number') return null;
    return TOKEN_PATTERN.test(token) && expiresAt > now ? { email, token, expiresAt } : null;
  } catch {
    return null;
  }
}

/** Keeps the answer of a sign-up in place of any earlier one; returns it. */
export function keepSignUpRequest(email: string, token: string, now = Date.now()): SignUpRequest {
  const request = { email, token, expiresAt: now + SIGN_UP_CODE_TTL_MS };
  try {
    sessionStorage.setItem(SIGN_UP_REQUEST_KEY, JSON.stringify(request));
  } catch {
    // Storage can be unavailable (private mode): the request then lives as long as the page.
  }
  return request;
}

/** Forgets the request (its code made the account, or the player starts over). */
export function forgetSignUpRequest(): void {
  try {
    sessionStorage.removeItem(SIGN_UP_REQUEST_KEY);
  } catch {
    // Nothing kept.
  }
}
