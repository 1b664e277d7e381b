import { api } from '@/lib/api-client';
import { languageAtom } from '@/lib/i18n';
import { appStore } from '@/lib/store';
import type {
  ConfirmBody,
  LoginBody,
  Message,
  RecoverBody,
  RegisterBody,
  UserResponse,
} from '@contract/auth';
import { API, pathFor } from '@contract/paths';

// Forms show failures inline, so these calls are quiet (no global toast); 402 still reaches the global handler.

/** The new account keeps the interface language of the sign-up (on a first visit, the browser's). */
export function register(
  body: Omit<RegisterBody, 'language'>,
  referralToken?: string,
): Promise<UserResponse> {
  const path = referralToken
    ? pathFor(API.auth.registerWithToken, { token: referralToken })
    : API.auth.register;
  const language = appStore.get(languageAtom);
  return api.post<UserResponse>(path, { ...body, language } satisfies RegisterBody, { quiet: true });
}

export function login(body: LoginBody): Promise<UserResponse> {
  return api.post<UserResponse>(API.auth.login, body, { quiet: true });
}

export function recover(body: RecoverBody): Promise<Message> {
  return api.post<Message>(API.auth.recover, body, { quiet: true });
}

export function confirm(body: ConfirmBody): Promise<Message> {
  return api.post<Message>(API.auth.confirm, body, { quiet: true });
}

export function logout(): Promise<unknown> {
  return api.post<unknown>(API.auth.logout, undefined, { quiet: true });
}
