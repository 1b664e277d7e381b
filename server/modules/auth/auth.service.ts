import type { FastifyBaseLogger } from 'fastify';

import type { ConfirmBody, LoginBody, RegisterBody } from '../../../contract/auth.ts';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { sixDigitCode } from '../../lib/crypto.ts';
import { badRequest, conflict } from '../../lib/http-error.ts';
import type { Mailer } from '../../lib/mailer.ts';
import {
  findUserByEmail,
  findUserByReferralToken,
  findUserByUsername,
  insertUser,
  updateUser,
} from '../users/users.repository.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { consumeRecoveryCode, storeRecoveryCode } from './recovery.repository.ts';
import { restoreMail } from './restore-mail.ts';
import { createSession, deleteOtherSessions, deleteSession } from './sessions.repository.ts';

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
  ) {}

  async register(body: RegisterBody, referralToken?: string): Promise<{ user: UserRow; token: string }> {
    const username = body.username.trim();
    let referrerId: number | null = null;
    if (referralToken) {
      const referrer = await findUserByReferralToken(this.db, referralToken);
      if (!referrer) throw badRequest('referralTokenInvalid');
      referrerId = referrer.id;
    }
    if (await findUserByUsername(this.db, username)) throw conflict('usernameTaken');
    if (await findUserByEmail(this.db, body.email)) throw conflict('emailTaken');
    const passwordHash = await hashPassword(body.password);
    let user: UserRow;
    try {
      user = await insertUser(this.db, { username, email: body.email, passwordHash, referrerId });
    } catch (error) {
      // A concurrent registration won the unique index between our check and the insert.
      if (/unique|duplicate/i.test(String(error))) throw conflict('usernameTaken');
      throw error;
    }
    return { user, token: await createSession(this.db, user.id) };
  }

  async login(body: LoginBody): Promise<{ user: UserRow; token: string }> {
    const login = body.login.trim();
    const user = login.includes('@')
      ? await findUserByEmail(this.db, login)
      : await findUserByUsername(this.db, login);
    const ok = await verifyPassword(user?.password_hash ?? null, body.password);
    if (!user || !ok) throw badRequest('loginFailed');
    return { user, token: await createSession(this.db, user.id) };
  }

  async logout(sessionId: number): Promise<void> {
    await deleteSession(this.db, sessionId);
  }

  /** Same answer, and no mail wait, for known and unknown e-mails: the response reveals nothing. */
  async recover(email: string): Promise<void> {
    const user = await findUserByEmail(this.db, email);
    if (!user) return;
    const code = sixDigitCode();
    await storeRecoveryCode(this.db, user.id, code);
    this.mailer
      .send({ to: user.email, ...restoreMail(user.language, code) })
      .catch((error: unknown) => this.log.error({ err: error }, 'restore mail failed'));
  }

  /** Sets the new password when the code is right; every existing session is revoked. */
  async confirm(body: ConfirmBody): Promise<void> {
    const user = await findUserByEmail(this.db, body.email);
    if (!user || !(await consumeRecoveryCode(this.db, user.id, body.code.trim()))) {
      throw badRequest('codeInvalid');
    }
    await updateUser(this.db, user.id, { password_hash: await hashPassword(body.password) });
    await deleteOtherSessions(this.db, user.id, null);
  }
}
