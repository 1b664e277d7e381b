import { RESTORE_CODE_MAX_ATTEMPTS } from '../../../contract/auth.ts';
import type { Db } from '../../db/database.ts';
import { randomToken, safeEqual, sha256 } from '../../lib/crypto.ts';
import { nowIso } from '../../lib/time.ts';

const hashCode = (salt: string, code: string) => `${salt}:${sha256(`${salt}:${code}`)}`;

/** Stores a new code (salted sha256) and retires older unused ones: only the latest mailed code works. */
export async function storeRecoveryCode(
  db: Db,
  userId: number,
  code: string,
  expiresAt: number,
): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await trx.updateTable('recovery_codes').set({ used: 1 }).where('user_id', '=', userId).execute();
    await trx
      .insertInto('recovery_codes')
      .values({
        user_id: userId,
        code_hash: hashCode(randomToken(8), code),
        expires_at: new Date(expiresAt).toISOString(),
        attempts: 0,
        used: 0,
        created_at: nowIso(),
      })
      .execute();
  });
}

/** Checks a code: counts the attempt, and on success marks the code used (single use). */
export async function consumeRecoveryCode(
  db: Db,
  userId: number,
  code: string,
  now: number,
): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('recovery_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('used', '=', 0)
    .where('expires_at', '>', new Date(now).toISOString())
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row || row.attempts >= RESTORE_CODE_MAX_ATTEMPTS) return false;
  const salt = row.code_hash.split(':')[0] ?? '';
  const ok = safeEqual(hashCode(salt, code), row.code_hash);
  // Conditional update: two concurrent right guesses cannot both win, and attempts never pass the cap.
  const result = await db.kysely
    .updateTable('recovery_codes')
    .set(ok ? { used: 1, attempts: row.attempts + 1 } : { attempts: row.attempts + 1 })
    .where('id', '=', row.id)
    .where('used', '=', 0)
    .where('attempts', '=', row.attempts)
    .executeTakeFirst();
  return ok && Number(result.numUpdatedRows) === 1;
}
