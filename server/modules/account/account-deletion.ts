import { sql, type Transaction } from 'kysely';

import type { DeleteAccountBody } from '../../../contract/profile.ts';
import type { Db } from '../../db/database.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import type { CounterStore } from '../../lib/counters.ts';
import { badRequest, conflict, HttpError } from '../../lib/http-error.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { nowIso } from '../../lib/time.ts';
import type { AttemptGuard } from '../auth/attempts.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import { usernameKey } from '../users/usernames.ts';
import { type AccountKey, ownedTables } from './account-data.ts';

/** What a tombstone holds instead of a name, an e-mail and a referral token: text no sign-up can produce. */
export const tombstoneName = (id: number): string => `#deleted-${id}`;

/** An avatar file the app wrote (a random name): only such a key is ever deleted from the media storage. */
const AVATAR_FILE = /^[0-9a-f]{32}\.webp$/;

/**
 * Counters of the shared store that name the account (limits.ts, attempts.ts, restore-guard.ts, trainer.service.ts,
 * crypto-quote-budget.ts), cleared with it: on PostgreSQL they are rows keyed by its id and its e-mail.
 */
function counterKeys(user: UserRow, sessions: number[], devices: number[]): string[] {
  const id = user.id;
  const passwords = [
    `password:${id}`,
    ...sessions.map((session) => `password:session:${session}`),
    ...devices.map((device) => `password:device:${device}`),
  ];
  return [
    ...passwords,
    ...passwords.map((key) => `lockouts:${key}`),
    `writes:${id}`,
    `shop-cost:user:${id}`,
    `user-search:user:${id}`,
    `crypto-quote-requests:user:${id}`,
    `crypto-quote:user:btc:${id}`,
    `crypto-quote:user:tether:${id}`,
    `trainer:${id}`,
    `data-export:user:${id}`,
    `recover:${user.email}`,
    `restore-wrong:${user.email}`,
    `restore-wrong:untrusted:${user.email}`,
    `sign-up-mail:${user.email.toLowerCase()}`,
  ];
}

/**
 * "Delete my account": the password asked again and the username typed as confirmation, then, in one transaction
 * under the account's row lock (the lock every library write takes, see lockOwner), everything the account owns is
 * removed (account-data.ts lists it) and what the books keep is anonymised:
 * - orders, purchases and referral payouts stay, pointing at the account's tombstone row, which keeps its id and
 *   dates only; what the buyer typed on a manual payment is cleared, except the chain transaction id of a settled
 *   crypto payment, which stops the same public transaction being claimed a second time. Open card orders expire
 *   and claims still waiting for an admin are rejected: nothing is delivered to an account that no longer exists;
 * - players the account referred keep their payouts' history but no longer point at it, so nothing more accrues;
 * - the e-mail and the username are free again at once (the tombstone holds `#deleted-<id>` in their place).
 * A second deletion (another tab, a retried request) finds the tombstone under the lock and succeeds again without
 * doing anything. The last admin cannot delete their account (the other admins are locked too, in id order, so two
 * admins deleting themselves at once cannot both pass). The avatar is removed from the media storage after the
 * commit; a failure leaves its key on the tombstone for the hourly housekeeping to try again (purgeDeletedAvatars).
 */
export class AccountDeletion {
  constructor(
    private readonly db: Db,
    private readonly media: MediaStorage,
    private readonly hasher: PasswordHasher,
    private readonly attempts: AttemptGuard,
    private readonly counters: CounterStore,
  ) {}

  async delete(user: UserRow, sessionId: number | null, body: DeleteAccountBody): Promise<void> {
    if (usernameKey(body.confirmation) !== usernameKey(user.username)) {
      throw badRequest('deleteConfirmationMismatch');
    }
    // Checked like a password change: under this session's failure counter, so a stolen session cannot guess it.
    const key = sessionId === null ? `password:${user.id}` : `password:session:${sessionId}`;
    const ok = await this.attempts.guard(key, () => this.hasher.verify(user.password_hash, body.password));
    if (!ok) throw new HttpError(403, 'passwordIncorrect');

    const removed = await this.db.kysely.transaction().execute((trx) => this.remove(trx, user.id));
    if (!removed) return;
    await Promise.all(removed.counterKeys.map((counter) => this.counters.clear(counter)));
    if (removed.avatar) await this.dropAvatar(user.id, removed.avatar);
  }

  /** The transaction: null when the account was deleted already (a second tab), else what to clean after it. */
  private async remove(
    trx: Transaction<Database>,
    id: number,
  ): Promise<{ avatar: string | null; counterKeys: string[] } | null> {
    const postgres = this.db.dialect === 'postgres';
    const live = await trx
      .selectFrom('users')
      .select(['is_admin'])
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!live) return null;
    // The account's row, and for an admin every live admin's row, locked in id order (no deadlock between two).
    let locking = trx
      .selectFrom('users')
      .selectAll()
      .where((eb) =>
        live.is_admin
          ? eb.or([eb('id', '=', id), eb.and([eb('is_admin', '=', 1), eb('deleted_at', 'is', null)])])
          : eb('id', '=', id),
      )
      .orderBy('id');
    if (postgres) locking = locking.forUpdate();
    const rows = await locking.execute();
    const user = rows.find((row) => row.id === id);
    if (!user || user.deleted_at !== null) return null;
    if (user.is_admin && rows.filter((row) => row.is_admin && row.deleted_at === null).length < 2) {
      throw conflict('lastAdmin');
    }

    const sessions = await trx.selectFrom('sessions').select('id').where('user_id', '=', id).execute();
    const devices = await trx.selectFrom('device_tokens').select('id').where('user_id', '=', id).execute();
    const values: Record<AccountKey, string | number> = { id, email: user.email };
    for (const { table, by, cleared } of ownedTables()) {
      for (const [column, match] of Object.entries(by)) {
        await sql`DELETE FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${values[match]}`.execute(trx);
      }
      for (const [column, match] of Object.entries(cleared)) {
        await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = NULL
          WHERE ${sql.ref(column)} = ${values[match]}`.execute(trx);
      }
    }
    await this.anonymiseOrders(trx, id);
    // The packs' folders went with the categories; the purchase records stay.
    await trx.updateTable('purchases').set({ category_id: null }).where('user_id', '=', id).execute();
    await trx.updateTable('users').set({ referrer_id: null }).where('referrer_id', '=', id).execute();
    await trx
      .updateTable('sign_up_requests')
      .set({ referrer_id: null })
      .where('referrer_id', '=', id)
      .execute();
    const tombstone = tombstoneName(id);
    // The audit log keeps what an admin did (the money and the store need it), not who the person was.
    await trx
      .updateTable('admin_audit')
      .set({ admin_username: tombstone })
      .where('admin_id', '=', id)
      .execute();
    const avatar = AVATAR_FILE.test(user.avatar) ? user.avatar : null;
    await trx
      .updateTable('users')
      .set({
        username: tombstone,
        username_key: tombstone,
        email: tombstone,
        password_hash: '',
        language: 'en-US',
        // The file name stays until the storage has deleted the file (dropAvatar), so a failed delete is retried.
        avatar: avatar ?? '',
        is_premium: 0,
        is_admin: 0,
        referral_token: tombstone,
        referrer_id: null,
        deleted_at: nowIso(),
      })
      .where('id', '=', id)
      .execute();
    return {
      avatar,
      counterKeys: counterKeys(
        user,
        sessions.map((row) => row.id),
        devices.map((row) => row.id),
      ),
    };
  }

  private async anonymiseOrders(trx: Transaction<Database>, id: number): Promise<void> {
    const now = nowIso();
    const orders = trx.updateTable('orders').where('user_id', '=', id);
    await orders
      .set({ status: 'expired', updated_at: now })
      .where('method', '=', 'cloudpayments')
      .where('status', '=', 'pending')
      .execute();
    await orders
      .set({ status: 'rejected', updated_at: now })
      .where('method', '!=', 'cloudpayments')
      .where('status', '=', 'pending')
      .execute();
    // A card transfer's key holds the buyer's card digits; a chain transaction id is kept only where it was settled.
    await orders
      .set({ claim_key: null })
      .where((eb) =>
        eb.or([eb('method', 'not in', ['btc', 'tether']), eb('status', 'not in', ['paid', 'refunded'])]),
      )
      .execute();
    await orders.set({ payment_source: null }).execute();
  }

  /**
   * Removes the avatar file, then its name from the tombstone; false when the storage failed (S3 unreachable), and
   * the hourly housekeeping tries again.
   */
  private async dropAvatar(id: number, file: string): Promise<boolean> {
    try {
      await this.media.delete(`avatars/${file}`);
    } catch {
      return false;
    }
    await this.db.kysely
      .updateTable('users')
      .set({ avatar: '' })
      .where('id', '=', id)
      .where('deleted_at', 'is not', null)
      .where('avatar', '=', file)
      .execute();
    return true;
  }

  /** The housekeeping's retry of avatar files a deletion could not remove; returns how many went now. */
  async purgeDeletedAvatars(): Promise<number> {
    const rows = await this.db.kysely
      .selectFrom('users')
      .select(['id', 'avatar'])
      .where('deleted_at', 'is not', null)
      .where('avatar', '!=', '')
      .limit(100)
      .execute();
    let purged = 0;
    for (const row of rows) {
      if (AVATAR_FILE.test(row.avatar) && (await this.dropAvatar(row.id, row.avatar))) purged += 1;
    }
    return purged;
  }
}
