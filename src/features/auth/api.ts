import { api } from '@/lib/api-client';
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

export function register(body: RegisterBody, referralToken?: string): Promise<UserResponse> {
  const path = referralToken
    ? pathFor(API.auth.registerWithToken, { token: referralToken })
    : API.auth.register;
  return api.post<UserResponse>(path, body, { quiet: true });
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
