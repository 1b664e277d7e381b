import { api } from '@/lib/api-client';
import { keepDeviceToken, keepPasswordChanged, keptDeviceTokens } from '@/lib/device-tokens';
import { languageAtom } from '@/lib/i18n';
import { appStore } from '@/lib/store';
import type {
  ConfirmBody,
  LoginBody,
  PasswordChanged,
  RecoverBody,
  RecoverResponse,
  RegisterBody,
  RegisterConfirmBody,
  RegisterResponse,
  SignInResponse,
} from '@contract/auth';
import { API, pathFor } from '@contract/paths';

// Forms show failures inline, so these calls are quiet (no global toast); 402 still reaches the global handler.

/** Keeps the device token of a sign-in or sign-up for this browser's next sign-in to the account. */
function signedIn(data: SignInResponse): SignInResponse {
  keepDeviceToken(data.me.id, data.device_token);
  return data;
}

/**
 * Starts a sign-up: the server mails a code to the address and answers with the request token the code is checked
 * with (the same answer whether or not the address has an account). The new account keeps the interface language of
 * the sign-up (on a first visit, the browser's).
 */
export function register(
  body: Omit<RegisterBody, 'language'>,
  referralToken?: string,
): Promise<RegisterResponse> {
  const path = referralToken
    ? pathFor(API.auth.registerWithToken, { token: referralToken })
    : API.auth.register;
  const language = appStore.get(languageAtom);
  const payload = { ...body, language } satisfies RegisterBody;
  return api.post<RegisterResponse>(path, payload, { quiet: true });
}

/** The mailed code with the sign-up's request token: the account is made and signed in. */
export async function confirmSignUp(body: RegisterConfirmBody): Promise<SignInResponse> {
  return signedIn(await api.post<SignInResponse>(API.auth.registerConfirm, body, { quiet: true }));
}

/** The body with this browser's device tokens, if it keeps any. */
function withDeviceTokens<B extends object>(body: B): B & { device_tokens?: string[] } {
  const deviceTokens = keptDeviceTokens();
  return deviceTokens.length ? { ...body, device_tokens: deviceTokens } : body;
}

/** Sends this browser's device tokens: the account's own makes it a trusted client (a stranger cannot lock it). */
export async function login(body: Omit<LoginBody, 'device_tokens'>): Promise<SignInResponse> {
  const payload: LoginBody = withDeviceTokens(body);
  return signedIn(await api.post<SignInResponse>(API.auth.login, payload, { quiet: true }));
}

/**
 * Sends this browser's device tokens: the account's own gives it a mail budget a stranger cannot use up. The answer's
 * request token is what the mailed code is checked with.
 */
export function recover(body: Omit<RecoverBody, 'device_tokens'>): Promise<RecoverResponse> {
  const payload: RecoverBody = withDeviceTokens(body);
  return api.post<RecoverResponse>(API.auth.recover, payload, { quiet: true });
}

/** A restore trusts this browser for the account (every other device token was revoked). */
export async function confirm(body: ConfirmBody): Promise<PasswordChanged> {
  return keepPasswordChanged(await api.post<PasswordChanged>(API.auth.confirm, body, { quiet: true }));
}

export function logout(): Promise<unknown> {
  return api.post<unknown>(API.auth.logout, undefined, { quiet: true });
}
