import { randomBytes } from 'node:crypto';

import sharp from 'sharp';

import { AVATAR_MAX_BYTES } from '../../../contract/limits.ts';
import { AVATAR_SIZE, type UpdatePasswordBody } from '../../../contract/profile.ts';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { badRequest, conflict, HttpError, unauthorized } from '../../lib/http-error.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import type { Clock } from '../../lib/time.ts';
import type { AttemptGuard } from '../auth/attempts.ts';
import { deleteDeviceTokens, issueDeviceToken } from '../auth/devices.repository.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import { deleteOtherSessions } from '../auth/sessions.repository.ts';
import { foldLogin, normalizeUsername } from './usernames.ts';
import { findUserByUsername, searchUsers, updateUser } from './users.repository.ts';

/** Decoding stops above this many pixels: a 2 MB PNG can claim 50,000 x 50,000 and exhaust memory (pixel bomb). */
export const AVATAR_MAX_INPUT_PIXELS = 25_000_000;

export class ProfileService {
  constructor(
    private readonly db: Db,
    private readonly media: MediaStorage,
    private readonly hasher: PasswordHasher,
    private readonly attempts: AttemptGuard,
    private readonly clock: Clock,
  ) {}

  /** Saves the normalised username (see usernames.ts) and returns it. */
  async updateUsername(user: UserRow, username: string): Promise<string> {
    const normalized = normalizeUsername(username);
    const other = await findUserByUsername(this.db, normalized);
    if (other && other.id !== user.id) throw conflict('usernameTaken');
    try {
      if (!(await updateUser(this.db, user.id, { username: normalized }))) throw unauthorized();
    } catch (error) {
      if (/unique|duplicate/i.test(String(error))) throw conflict('usernameTaken');
      throw error;
    }
    return normalized;
  }

  /**
   * The current password is checked under a failure counter of this session: a stolen session token cannot be used
   * to guess it (5 failures lock its checks for 15 minutes, doubling), and, like a device token, a session proves an
   * earlier sign-in, so a stranger's lock of the account's untrusted sign-ins does not stop the owner changing it.
   * The other sessions and every device token are revoked; this browser gets a fresh device token (returned).
   */
  async updatePassword(user: UserRow, sessionId: number | null, body: UpdatePasswordBody): Promise<string> {
    if (body.new_password !== body.confirm_password) throw badRequest('passwordsDoNotMatch');
    const key = sessionId === null ? `password:${user.id}` : `password:session:${sessionId}`;
    const ok = await this.attempts.guard(key, () =>
      this.hasher.verify(user.password_hash, body.current_password),
    );
    if (!ok) throw badRequest('currentPasswordIncorrect');
    const hash = await this.hasher.hash(body.new_password);
    if (!(await updateUser(this.db, user.id, { password_hash: hash }))) throw unauthorized();
    await deleteOtherSessions(this.db, user.id, sessionId);
    await deleteDeviceTokens(this.db, user.id);
    return issueDeviceToken(this.db, user.id, this.clock.now());
  }

  /** The share dialog's search: a username prefix, never an e-mail (that would reveal who owns an address). */
  async findUsers(user: UserRow, query: string): Promise<UserRow[]> {
    const needle = foldLogin(query);
    if (!needle) return [];
    return searchUsers(this.db, needle, user.id);
  }

  async updateLanguage(user: UserRow, language: string): Promise<void> {
    if (!(await updateUser(this.db, user.id, { language }))) throw unauthorized();
  }

  /**
   * Decodes the upload with sharp (so only real images pass), strips metadata, and re-encodes a 256x256 WebP under a
   * random name; the previous file is removed. Anything sharp cannot decode is rejected.
   */
  async updateAvatar(user: UserRow, upload: Buffer): Promise<string> {
    if (upload.length === 0) throw badRequest('avatarRequired');
    if (upload.length > AVATAR_MAX_BYTES) throw new HttpError(413, 'avatarTooLarge');
    let webp: Buffer;
    try {
      webp = await sharp(upload, { limitInputPixels: AVATAR_MAX_INPUT_PIXELS, failOn: 'error' })
        .rotate()
        .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
        .webp({ quality: 82 })
        .toBuffer();
    } catch {
      throw badRequest('avatarInvalid');
    }
    const file = `${randomBytes(16).toString('hex')}.webp`;
    await this.media.put(`avatars/${file}`, webp, 'image/webp');
    // The account deleted while the image was converted: the file must not outlive it.
    if (!(await updateUser(this.db, user.id, { avatar: file }))) {
      await this.media.delete(`avatars/${file}`);
      throw unauthorized();
    }
    if (user.avatar && /^[0-9a-f]{32}\.webp$/.test(user.avatar)) {
      await this.media.delete(`avatars/${user.avatar}`);
    }
    return file;
  }
}
