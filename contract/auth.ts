import { type Static, Type } from '@sinclair/typebox';

import { LanguageSchema } from './envelope.ts';
import {
  DEVICE_TOKENS_MAX,
  EMAIL_PATTERN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
} from './limits.ts';

export const Username = Type.String({ minLength: USERNAME_MIN, maxLength: USERNAME_MAX });
export const Password = Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX });
export const Email = Type.String({ pattern: EMAIL_PATTERN, maxLength: 254 });

export const RegisterBody = Type.Object({
  username: Username,
  email: Email,
  password: Password,
  /** The interface language of the sign-up page (a first visit follows the browser's): the account keeps it. */
  language: Type.Optional(LanguageSchema),
});
export type RegisterBody = Static<typeof RegisterBody>;
export const RegisterParams = Type.Object({ token: Type.String({ maxLength: 64 }) });

/**
 * A sign-up request token (32 random bytes, base64url): the answer to every sign-up, whether or not the address has
 * an account. The code mailed to the address makes the account only with it.
 */
export const SignUpRequestToken = Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$' });

/** The same answer for every address: nothing tells whether it has an account. */
export const RegisterResponse = Type.Object({ message: Type.String(), request_token: SignUpRequestToken });
export type RegisterResponse = Static<typeof RegisterResponse>;

/** The code mailed for a sign-up, with the request token its answer gave: the account is made and signed in. */
export const RegisterConfirmBody = Type.Object({
  request_token: SignUpRequestToken,
  code: Type.String({ minLength: 1, maxLength: 16 }),
});
export type RegisterConfirmBody = Static<typeof RegisterConfirmBody>;

/** A device token as the server issues it (32 random bytes, base64url); only its sha256 is stored. */
export const DeviceToken = Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$' });

export const LoginBody = Type.Object({
  login: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 256 }),
  /**
   * The device tokens this browser was given by earlier sign-ins (of any account): the one issued for the account
   * signing in makes this a trusted client, whose wrong passwords lock this browser alone (see the server's
   * modules/auth/devices.repository.ts).
   */
  device_tokens: Type.Optional(Type.Array(DeviceToken, { maxItems: DEVICE_TOKENS_MAX })),
});
export type LoginBody = Static<typeof LoginBody>;

/**
 * A restore request token (32 random bytes, base64url, like a device token): the answer to every restore request,
 * for known and unknown e-mails alike. The code mailed for it is checked only with it (modules/auth/restore-guard.ts).
 */
export const RestoreRequestToken = Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$' });

export const RecoverBody = Type.Object({
  email: Email,
  /** This browser's device tokens: one of the account's own gives it a mail budget strangers cannot use up. */
  device_tokens: Type.Optional(Type.Array(DeviceToken, { maxItems: DEVICE_TOKENS_MAX })),
});
export type RecoverBody = Static<typeof RecoverBody>;

/** The same answer whether or not the e-mail is registered (and whether a code was sent): nothing is revealed. */
export const RecoverResponse = Type.Object({ message: Type.String(), request_token: RestoreRequestToken });
export type RecoverResponse = Static<typeof RecoverResponse>;

export const ConfirmBody = Type.Object({
  email: Email,
  code: Type.String({ minLength: 1, maxLength: 16 }),
  password: Password,
  /** The token the restore request of this browser was answered with; the code is checked against it alone. */
  request_token: RestoreRequestToken,
});
export type ConfirmBody = Static<typeof ConfirmBody>;

/** The signed-in user as the SPA sees it. `avatar` is a path under /media/avatars/ ("/media/avatars/" = none). */
export const Me = Type.Object({
  id: Type.Union([Type.Integer(), Type.Null()]),
  username: Type.String(),
  email: Type.String(),
  avatar: Type.String(),
  language: LanguageSchema,
  is_premium: Type.Boolean(),
  is_admin: Type.Boolean(),
  referral_token: Type.String(),
});
export type Me = Static<typeof Me>;

/** The user endpoint: anonymous callers get `me.id = null` and `token = null` (the SPA then resets its session). */
export const UserResponse = Type.Object({ me: Me, token: Type.Union([Type.String(), Type.Null()]) });
export type UserResponse = Static<typeof UserResponse>;

/** Sign-up and sign-in: the session, and the device token the browser keeps for its next sign-in to this account. */
export const SignInResponse = Type.Object({ me: Me, token: Type.String(), device_token: Type.String() });
export type SignInResponse = Static<typeof SignInResponse>;

/**
 * A password set by restore code or changed in the profile: the account's other device tokens are revoked, and this
 * browser, which proved the code or the old password, gets a fresh one for the account `user_id`.
 */
export const PasswordChanged = Type.Object({
  message: Type.String(),
  user_id: Type.Integer(),
  device_token: Type.String(),
});
export type PasswordChanged = Static<typeof PasswordChanged>;

export const Message = Type.Object({ message: Type.String() });
export type Message = Static<typeof Message>;

/** Restore codes: 6 digits, valid RESTORE_CODE_TTL_MS (limits.ts), 5 attempts, single use. */
export const RESTORE_CODE_MAX_ATTEMPTS = 5;

/** A device token is trusted for 180 days after it was issued; each sign-in with it replaces it with a fresh one. */
export const DEVICE_TOKEN_TTL_MS = 180 * 24 * 60 * 60 * 1000;

/** A session ends 30 days after its last use (sliding); the server prunes older ones. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
