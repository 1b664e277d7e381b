import type { ErrorKey } from '@contract/errors';
import { EMAIL_PATTERN, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '@contract/limits';

/** A field's problem as an `errors:` translation key (the same keys the server sends as `code`). */
export type FieldError = ErrorKey | null;
export type FormErrors<F extends string> = Partial<Record<F, ErrorKey>>;

const emailRegex = new RegExp(EMAIL_PATTERN);

export function validateEmail(value: string): FieldError {
  const email = value.trim();
  if (!email) return 'emailRequired';
  return emailRegex.test(email) ? null : 'emailIncorrect';
}

export function validatePassword(value: string): FieldError {
  if (!value) return 'passwordRequired';
  return value.length < PASSWORD_MIN || value.length > PASSWORD_MAX ? 'passwordLength' : null;
}

export function validateUsername(value: string): FieldError {
  const username = value.trim();
  if (!username) return 'usernameRequired';
  return username.length < USERNAME_MIN || username.length > USERNAME_MAX ? 'usernameLength' : null;
}

function collect<F extends string>(entries: Array<[F, FieldError]>): FormErrors<F> {
  const errors: FormErrors<F> = {};
  for (const [field, error] of entries) if (error) errors[field] = error;
  return errors;
}

export function validateRegister(values: { username: string; email: string; password: string }) {
  return collect<'username' | 'email' | 'password'>([
    ['username', validateUsername(values.username)],
    ['email', validateEmail(values.email)],
    ['password', validatePassword(values.password)],
  ]);
}

/** Login accepts a username or an e-mail; only presence is checked here, the server checks the pair. */
export function validateLogin(values: { login: string; password: string }) {
  return collect<'login' | 'password'>([
    ['login', values.login.trim() ? null : 'loginRequired'],
    ['password', values.password ? null : 'passwordRequired'],
  ]);
}

export function validateRecover(values: { email: string }) {
  return collect<'email'>([['email', validateEmail(values.email)]]);
}

export function validateConfirm(values: { email: string; code: string; password: string }) {
  return collect<'email' | 'code' | 'password'>([
    ['email', validateEmail(values.email)],
    ['code', values.code.trim() ? null : 'codeRequired'],
    ['password', validatePassword(values.password)],
  ]);
}

export function hasErrors(errors: Record<string, unknown>): boolean {
  return Object.keys(errors).length > 0;
}
