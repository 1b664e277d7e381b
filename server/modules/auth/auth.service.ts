import type { FastifyBaseLogger } from 'fastify';

import type {
  ConfirmBody,
  LoginBody,
  RecoverBody,
  RegisterBody,
  RegisterConfirmBody,
} from '../../../contract/auth.ts';
import { RESTORE_CODE_TTL_MS, SIGN_UP_CODE_TTL_MS } from '../../../contract/limits.ts';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { sixDigitCode } from '../../lib/crypto.ts';
import { badRequest, conflict } from '../../lib/http-error.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { Clock } from '../../lib/time.ts';
import { findLinkOwner } from '../public-links/public-links.repository.ts';
import { foldLogin, normalizeUsername } from '../users/usernames.ts';
import {
  findUserByEmail,
  findUserByReferralToken,
  findUserByUsername,
  insertUser,
  updateUser,
} from '../users/users.repository.ts';
import type { AttemptGuard } from './attempts.ts';
import { deleteDeviceTokens, findDeviceToken, issueDeviceToken } from './devices.repository.ts';
import type { PasswordHasher } from './passwords.ts';
import { MAX_OPEN_RESTORE_REQUESTS, type RestoreGuard } from './restore-guard.ts';
import { restoreMail } from './restore-mail.ts';
import {
  consumeRestoreCode,
  countOpenRestoreRequests,
  findRestoreRequest,
  retireRestoreRequests,
  storeRestoreRequest,
} from './restore-requests.repository.ts';
import { createSession, deleteOtherSessions, deleteSession } from './sessions.repository.ts';
import { consumeSignUpCode, findSignUpRequest, storeSignUpRequest } from './sign-up.repository.ts';
import type { SignUpGuard } from './sign-up-guard.ts';
import { emailTakenMail, signUpCodeMail } from './sign-up-mail.ts';

/** A signed-in user: the session token, and the device token their browser keeps for the next sign-in. */
export interface SignIn {
  user: UserRow;
  token: string;
  deviceToken: string;
}

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    private readonly hasher: PasswordHasher,
    private readonly attempts: AttemptGuard,
    private readonly clock: Clock,
    private readonly restore: RestoreGuard,
    private readonly signUps: SignUpGuard,
  ) {}

  /**
   * Starts a sign-up: the account is made when the code mailed to the address comes back (confirmSignUp). The answer
   * is a fresh request token whether or not the address has an account, and no mail is waited for, so it reveals
   * nothing; an address with an account is mailed a note saying so instead of a code. Usernames are public, so a
   * taken one is said at once (409), as are an invalid referral link (400) and the budgets of sign-up-guard.ts. The
   * referral token is a player's own, or the id of one of their public links (a sign-up from their shared chart).
   */
  async register(body: RegisterBody, address: string, referralToken?: string): Promise<string> {
    const username = normalizeUsername(body.username);
    let referrerId: number | null = null;
    if (referralToken) {
      // A player's referral token, or a public link of theirs: a visit through their chart credits them too.
      referrerId =
        (await findUserByReferralToken(this.db, referralToken))?.id ??
        (await findLinkOwner(this.db, referralToken)) ??
        null;
      if (referrerId === null) throw badRequest('referralTokenInvalid');
    }
    // The key folds case and look-alike letters, so "аdmin" and "admin" are one name whichever came first.
    if (await findUserByUsername(this.db, username)) throw conflict('usernameTaken');
    const email = body.email.toLowerCase();
    const language = body.language ?? 'en-US';
    // Hashed for every sign-up, so an address with an account takes as long as one without.
    const passwordHash = await this.hasher.hash(body.password);
    const taken = (await findUserByEmail(this.db, email)) !== undefined;
    const allowed = await this.signUps.allowMail(email, address);
    const code = sixDigitCode();
    const now = this.clock.now();
    const token = await storeSignUpRequest(
      this.db,
      { email, username, passwordHash, referrerId, language },
      { mailed: allowed && !taken, code },
      now,
      now + SIGN_UP_CODE_TTL_MS,
    );
    if (allowed) {
      const mail = taken ? emailTakenMail(language) : signUpCodeMail(language, code);
      this.mailer
        .send({ to: email, ...mail })
        .catch((error: unknown) => this.log.error({ err: error }, 'sign-up mail failed'));
    }
    return token;
  }

  /**
   * Makes the account of a sign-up whose mailed code came back with its request token, and signs it in. A wrong
   * code spends one of the request's tries and the client's budget (400 codeInvalid, as for a request no code was
   * sent for). The username or address may have been taken meanwhile by another sign-up: 409 says which (only the
   * holder of the code, who owns the mailbox, can get this far).
   */
  async confirmSignUp(body: RegisterConfirmBody, address: string): Promise<SignIn> {
    const request = await findSignUpRequest(this.db, body.request_token, this.clock.now());
    if (!request) throw badRequest('signUpExpired');
    const ok = await this.signUps.guard(address, () =>
      consumeSignUpCode(this.db, request.id, body.code.trim(), this.clock.now()),
    );
    if (!ok) throw badRequest('codeInvalid');
    let user: UserRow;
    try {
      user = await insertUser(this.db, {
        username: request.username,
        email: request.email,
        passwordHash: request.passwordHash,
        referrerId: request.referrerId,
        language: request.language,
      });
    } catch (error) {
      if (!/unique|duplicate/i.test(String(error))) throw error;
      throw conflict((await findUserByEmail(this.db, request.email)) ? 'emailTaken' : 'usernameTaken');
    }
    return this.signIn(user, null);
  }

  /**
   * Checks the password under a failure counter (5 failures lock it for 15 minutes, whatever the client address).
   * A browser holding a live device token of this account counts against that token alone; every other client
   * shares the account's untrusted counter (devices.repository.ts says why). An unknown login has a counter of its
   * own, so it locks the same way and reveals nothing.
   */
  async login(body: LoginBody): Promise<SignIn> {
    const login = foldLogin(body.login);
    const user = login.includes('@')
      ? await findUserByEmail(this.db, login)
      : await findUserByUsername(this.db, login);
    // Looked up for unknown logins too (no user has id 0), so the answer takes the same path either way.
    const tokens = body.device_tokens ?? [];
    const device = await findDeviceToken(this.db, user?.id ?? 0, tokens, this.clock.now());
    const key =
      device !== null
        ? `password:device:${device}`
        : user
          ? `password:${user.id}`
          : `password:login:${login.toLowerCase()}`;
    const ok = await this.attempts.guard(key, () =>
      this.hasher.verify(user?.password_hash ?? null, body.password),
    );
    if (!user || !ok) throw badRequest('loginFailed');
    return this.signIn(user, device);
  }

  /** A new session, and a fresh device token that replaces the one the browser signed in with (if any). */
  private async signIn(user: UserRow, device: number | null): Promise<SignIn> {
    const now = this.clock.now();
    const token = await createSession(this.db, user.id, now);
    return { user, token, deviceToken: await issueDeviceToken(this.db, user.id, now, device) };
  }

  async logout(sessionId: number): Promise<void> {
    await deleteSession(this.db, sessionId);
  }

  /**
   * Answers every request with a fresh restore request token, the same for known and unknown e-mails, and with no
   * mail wait: the answer reveals nothing. A code is mailed for it when the e-mail is registered and its budgets
   * allow (restore-guard.ts); otherwise the token names a request no code was sent for, which fails like any other.
   */
  async recover(body: RecoverBody, address: string): Promise<string> {
    const email = body.email.toLowerCase();
    const user = await findUserByEmail(this.db, body.email);
    const now = this.clock.now();
    // Looked up for unknown e-mails too (no user has id 0), so the answer takes the same path either way.
    const device = await findDeviceToken(this.db, user?.id ?? 0, body.device_tokens ?? [], now);
    const allowed = await this.restore.allowMail(email, { device, address });
    const open = await countOpenRestoreRequests(this.db, user?.id ?? 0, now);
    const mailed = allowed && user !== undefined && open < MAX_OPEN_RESTORE_REQUESTS;
    const code = sixDigitCode();
    const token = await storeRestoreRequest(
      this.db,
      { email, userId: mailed ? user.id : null, trusted: device !== null, code },
      now,
      now + RESTORE_CODE_TTL_MS,
    );
    if (mailed) {
      this.mailer
        .send({ to: user.email, ...restoreMail(user.language, code) })
        .catch((error: unknown) => this.log.error({ err: error }, 'restore mail failed'));
    }
    return token;
  }

  /**
   * Sets the new password when the code is right for the request of this token and e-mail. Wrong codes spend that
   * request and the guess budgets of restore-guard.ts, never the e-mail's other requests. On success every open
   * request, session and device token of the account is retired, and the browser that proved the code gets a fresh
   * device token (a stranger's lock on the untrusted clients then does not keep the owner out right after).
   */
  async confirm(body: ConfirmBody, address: string): Promise<{ userId: number; deviceToken: string }> {
    const request = await findRestoreRequest(this.db, body.request_token, this.clock.now());
    if (!request) throw badRequest('restoreRequestExpired');
    const user = await findUserByEmail(this.db, body.email);
    const ok = await this.restore.guard(request, address, () =>
      consumeRestoreCode(this.db, request.id, user?.id ?? null, body.code.trim(), this.clock.now()),
    );
    if (!user || !ok) throw badRequest('codeInvalid');
    const hash = await this.hasher.hash(body.password);
    // The account deleted since the code was mailed: its request went with it, and so does this answer.
    if (!(await updateUser(this.db, user.id, { password_hash: hash }))) throw badRequest('codeInvalid');
    await retireRestoreRequests(this.db, user.id);
    await deleteOtherSessions(this.db, user.id, null);
    await deleteDeviceTokens(this.db, user.id);
    return { userId: user.id, deviceToken: await issueDeviceToken(this.db, user.id, this.clock.now()) };
  }
}
