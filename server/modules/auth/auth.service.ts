import type { FastifyBaseLogger } from 'fastify';

import {
  type ConfirmBody,
  type LoginBody,
  type RegisterBody,
  RESTORE_CODE_TTL_MS,
} from '../../../contract/auth.ts';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { sixDigitCode } from '../../lib/crypto.ts';
import { badRequest, conflict } from '../../lib/http-error.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { Clock } from '../../lib/time.ts';
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
import { consumeRecoveryCode, storeRecoveryCode } from './recovery.repository.ts';
import { restoreMail } from './restore-mail.ts';
import { createSession, deleteOtherSessions, deleteSession } from './sessions.repository.ts';

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
  ) {}

  async register(body: RegisterBody, referralToken?: string): Promise<SignIn> {
    const username = normalizeUsername(body.username);
    let referrerId: number | null = null;
    if (referralToken) {
      const referrer = await findUserByReferralToken(this.db, referralToken);
      if (!referrer) throw badRequest('referralTokenInvalid');
      referrerId = referrer.id;
    }
    // The key folds case and look-alike letters, so "аdmin" and "admin" are one name whichever came first.
    if (await findUserByUsername(this.db, username)) throw conflict('usernameTaken');
    if (await findUserByEmail(this.db, body.email)) throw conflict('emailTaken');
    const passwordHash = await this.hasher.hash(body.password);
    let user: UserRow;
    try {
      user = await insertUser(this.db, {
        username,
        email: body.email,
        passwordHash,
        referrerId,
        language: body.language,
      });
    } catch (error) {
      // A concurrent registration won the unique index between our check and the insert.
      if (/unique|duplicate/i.test(String(error))) throw conflict('usernameTaken');
      throw error;
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
   * Same answer, and no mail wait, for known and unknown e-mails: the response reveals nothing. At most
   * RECOVER_PER_HOUR codes per address and hour (counted for unknown addresses too); past that nothing is sent.
   */
  async recover(email: string): Promise<void> {
    if (!(await this.attempts.allowRecover(email))) return;
    const user = await findUserByEmail(this.db, email);
    if (!user) return;
    const code = sixDigitCode();
    await storeRecoveryCode(this.db, user.id, code, this.clock.now() + RESTORE_CODE_TTL_MS);
    this.mailer
      .send({ to: user.email, ...restoreMail(user.language, code) })
      .catch((error: unknown) => this.log.error({ err: error }, 'restore mail failed'));
  }

  /**
   * Sets the new password when the code is right; every existing session and device token is revoked, and the
   * browser that proved the mailed code gets a fresh device token (a stranger's lock on the untrusted clients then
   * does not keep the owner out right after a restore). Wrong codes count against the address (5 lock it for 15
   * minutes), across the fresh codes that recover may issue: a device token does not bypass that.
   */
  async confirm(body: ConfirmBody): Promise<{ userId: number; deviceToken: string }> {
    const user = await findUserByEmail(this.db, body.email);
    const ok = await this.attempts.guard(`restore:${body.email.toLowerCase()}`, async () =>
      user ? consumeRecoveryCode(this.db, user.id, body.code.trim(), this.clock.now()) : false,
    );
    if (!user || !ok) throw badRequest('codeInvalid');
    await updateUser(this.db, user.id, { password_hash: await this.hasher.hash(body.password) });
    await deleteOtherSessions(this.db, user.id, null);
    await deleteDeviceTokens(this.db, user.id);
    return { userId: user.id, deviceToken: await issueDeviceToken(this.db, user.id, this.clock.now()) };
  }
}
