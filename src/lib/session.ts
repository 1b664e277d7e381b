import type { Me, UserResponse } from '@contract/auth';
import { API } from '@contract/paths';

import { api, ApiError, getToken, setToken } from './api-client';
import { i18n, languageAtom, storeLanguage } from './i18n';
import { isLanguage } from './languages';
import { appStore, atom, useAtomValue } from './store';

/** The signed-in user (`me` of the user endpoint) once it has an id. */
export type SessionUser = Omit<Me, 'id'> & { id: number };

export interface SessionState {
  /** 'loading' until the first GET /api/v1/auth/user settles. */
  status: 'loading' | 'ready';
  user: SessionUser | null;
  /** True when the server could not be reached and `user` is this device's copy from the last signed-in load. */
  offline?: boolean;
}

export const sessionAtom = atom<SessionState>({ status: 'loading', user: null });

/**
 * The account whose session the server ended while this page was signed in (a 401: signed out in another tab or on
 * another device, password changed, expired), as opposed to the player's own "Sign out". The page keeps that
 * account's open work for it (the range tool goes on holding its edits) until someone signs in again; null
 * otherwise. Set before the session is cleared, so whatever reacts to the sign-out already knows which kind it was.
 */
export const endedSessionAtom = atom<{ userId: number } | null>(null);

/**
 * The ended session's account, kept on this device so a reload while nobody has signed in again still knows whose
 * work the page holds (the banner shows again, and that account's sign-in finds its range open). Only the id; removed
 * by any sign-in and by the player's own sign-out.
 */
const ENDED_SESSION_KEY = 'rangeforge.endedSession';

function setEndedSession(ended: { userId: number } | null): void {
  appStore.set(endedSessionAtom, ended);
  try {
    if (ended) localStorage.setItem(ENDED_SESSION_KEY, JSON.stringify({ userId: ended.userId }));
    else localStorage.removeItem(ENDED_SESSION_KEY);
  } catch {
    // Without storage a reload simply forgets whose session ended; the held edits still wait for their account.
  }
}

/** The account whose session ended as this device last knew it: read as untrusted input, a valid id or nothing. */
export function storedEndedSession(): { userId: number } | null {
  try {
    const text = localStorage.getItem(ENDED_SESSION_KEY);
    const value: unknown = text ? JSON.parse(text) : null;
    const userId =
      typeof value === 'object' && value !== null ? (value as { userId?: unknown }).userId : null;
    return typeof userId === 'number' && Number.isSafeInteger(userId) && userId > 0 ? { userId } : null;
  } catch {
    return null;
  }
}

export const AVATAR_BASE = '/media/avatars/';
export const DEFAULT_AVATAR = '/images/default-avatar.svg';

/** SPEC §2: the avatar is a path on the media base; the base alone (or nothing) means the default image. */
export function avatarUrl(avatar: string | null | undefined): string {
  if (!avatar) return DEFAULT_AVATAR;
  const trimmed = avatar.trim();
  if (!trimmed || trimmed === AVATAR_BASE || trimmed === AVATAR_BASE.slice(0, -1)) return DEFAULT_AVATAR;
  if (/^(https?:)?\/\//.test(trimmed) || trimmed.startsWith('/')) return trimmed;
  return `${AVATAR_BASE}${trimmed}`;
}

/**
 * The signed-in user as last confirmed by the server, kept on this device so the app started without a
 * connection (from the service worker) still knows whose charts it shows. Only the user's own profile; removed
 * at sign-out and whenever the server ends the session.
 */
const OFFLINE_USER_KEY = 'rangeforge.offlineUser';

function rememberUser(user: SessionUser | null): void {
  try {
    if (user) localStorage.setItem(OFFLINE_USER_KEY, JSON.stringify(user));
    else localStorage.removeItem(OFFLINE_USER_KEY);
  } catch {
    // Without storage an offline start simply shows the signed-out app.
  }
}

function rememberedUser(): SessionUser | null {
  try {
    const text = localStorage.getItem(OFFLINE_USER_KEY);
    const value = text ? (JSON.parse(text) as Partial<Me>) : null;
    return value && Number.isInteger(Number(value.id)) && Number(value.id) > 0 ? normaliseUser(value) : null;
  } catch {
    return null;
  }
}

function normaliseUser(me: Partial<Me>): SessionUser {
  return {
    id: Number(me.id),
    username: me.username ?? '',
    email: me.email ?? '',
    avatar: me.avatar ?? '',
    language: isLanguage(me.language) ? me.language : 'en-US',
    is_premium: Boolean(me.is_premium),
    is_admin: Boolean(me.is_admin),
    referral_token: me.referral_token ?? '',
  };
}

/** Stores a signed-in user and token (after login, register or a session reload). */
export function applySession(me: Partial<Me> | null | undefined, token?: string | null): SessionUser | null {
  if (!me || me.id === undefined || me.id === null) {
    // Nobody signed in on a page without a token: a session that ended before a reload is still the one that ended.
    signOutHere(getToken() === null ? appStore.get(endedSessionAtom) : null);
    return null;
  }
  if (token) setToken(token);
  const user = normaliseUser(me);
  // The account's saved language is the interface language once someone is signed in (SPEC §3).
  if (user.language !== appStore.get(languageAtom)) {
    storeLanguage(user.language);
    appStore.set(languageAtom, user.language);
    if (i18n.isInitialized) void i18n.changeLanguage(user.language);
    document.documentElement.lang = user.language;
  }
  rememberUser(user);
  appStore.set(sessionAtom, { status: 'ready', user });
  // Someone is signed in: an ended session's work now waits for its owner's own sign-in (range-saver.ts).
  setEndedSession(null);
  return user;
}

/** SPEC §4 session: fetch the user; one without an id resets the session. */
export async function loadSession(): Promise<SessionUser | null> {
  // The answer speaks for the token the request carried. A sign-in or sign-out while it was out (the page's own
  // form, another tab) is newer: asking again keeps an anonymous answer from erasing a token stored meanwhile.
  const asked = getToken();
  // A page loaded after the server ended the session (nobody signed in since): the account is known again at once.
  if (asked === null && !appStore.get(sessionAtom).user && !appStore.get(endedSessionAtom)) {
    const ended = storedEndedSession();
    if (ended) appStore.set(endedSessionAtom, ended);
  }
  try {
    const data = await api.get<UserResponse>(API.auth.user, { quiet: true });
    if (getToken() !== asked) return loadSession();
    return applySession(data?.me, data?.token);
  } catch (error) {
    if (getToken() !== asked) return loadSession();
    // A network failure keeps the token for the next load (and, offline, this device's copy of the user); an auth
    // failure drops both.
    const unreachable = !(error instanceof ApiError) || error.status === 0;
    const remembered = unreachable && getToken() ? rememberedUser() : null;
    if (remembered) {
      appStore.set(sessionAtom, { status: 'ready', user: remembered, offline: true });
      return remembered;
    }
    if (unreachable) {
      appStore.set(sessionAtom, { status: 'ready', user: null });
      return null;
    }
    // Refused: the server ended the session of the user this page held (an offline start's remembered user).
    endSession();
    return null;
  }
}

/** Signs this page out; `ended` names the account whose session the server ended, null for a sign-out of its own. */
function signOutHere(ended: { userId: number } | null): void {
  setEndedSession(ended);
  setToken(null);
  rememberUser(null);
  appStore.set(sessionAtom, { status: 'ready', user: null });
}

/** The player's own sign-out (or a session that never was): nothing is kept for the account. */
export function resetSession(): void {
  signOutHere(null);
}

/**
 * The server refused the page's token (401): the page signs out, and the account that was signed in is remembered
 * in endedSessionAtom so its open work is kept for it.
 */
export function endSession(): void {
  const user = appStore.get(sessionAtom).user;
  signOutHere(user ? { userId: user.id } : appStore.get(endedSessionAtom));
}

export function updateSessionUser(patch: Partial<SessionUser>): void {
  const current = appStore.get(sessionAtom);
  if (!current.user) return;
  const user = { ...current.user, ...patch };
  if (!current.offline) rememberUser(user);
  appStore.set(sessionAtom, { ...current, user });
}

export function useSession(): SessionState {
  return useAtomValue(sessionAtom);
}

export function useCurrentUser(): SessionUser | null {
  return useAtomValue(sessionAtom).user;
}
