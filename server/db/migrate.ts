import { sql } from 'kysely';
import { type Migration, type MigrationProvider, type MigrationResultSet, Migrator } from 'kysely/migration';

import type { Db } from './database.ts';
import { initialMigration } from './migrations/001-initial.ts';
import { packContentsMigration } from './migrations/002-pack-contents.ts';
import { rangeSidesMigration } from './migrations/003-range-sides.ts';
import { mailOutboxMigration } from './migrations/004-mail-outbox.ts';
import { moneyOnceMigration } from './migrations/004-money-once.ts';
import { sessionsCountersMigration } from './migrations/005-sessions-counters.ts';
import { coursePublishMigration } from './migrations/006-course-publish.ts';
import { rangeWorkspaceMigration } from './migrations/007-range-workspace.ts';
import { trainerMigration } from './migrations/008-trainer.ts';
import { rangeRevisionMigration } from './migrations/009-range-revision.ts';
import { usernameKeyMigration } from './migrations/010-username-key.ts';
import { orderPricesMigration } from './migrations/011-order-prices.ts';
import { cardRefundsMigration } from './migrations/012-card-refunds.ts';
import { deviceTokensMigration } from './migrations/013-device-tokens.ts';
import { restoreRequestsMigration } from './migrations/014-restore-requests.ts';
import { cryptoQuotesMigration } from './migrations/015-crypto-quotes.ts';
import { refundSettlementsMigration } from './migrations/016-refund-settlements.ts';
import { tetherMillionthsMigration } from './migrations/017-tether-millionths.ts';
import { extraChargesMigration } from './migrations/018-extra-charges.ts';
import { independentSidesMigration } from './migrations/019-independent-sides.ts';
import { accountDeletionMigration } from './migrations/020-account-deletion.ts';
import { adminAuditMigration } from './migrations/021-admin-audit.ts';
import { cheapSubtreesMigration } from './migrations/022-cheap-subtrees.ts';
import { signUpRequestsMigration } from './migrations/023-sign-up-requests.ts';
import { readPathMigration } from './migrations/024-read-path.ts';
import { publicLinksMigration } from './migrations/025-public-links.ts';
import { spotEvMigration } from './migrations/026-spot-ev.ts';
import { storeTextsMigration } from './migrations/027-store-texts.ts';

/** Versioned migrations in code (no file-system scan, so they bundle and run the same under tsx and vitest). */
function provider(db: Db): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return {
        '001-initial': initialMigration(db.dialect),
        '002-pack-contents': packContentsMigration,
        '003-range-sides': rangeSidesMigration,
        '004-mail-outbox': mailOutboxMigration(db.dialect),
        '004-money-once': moneyOnceMigration,
        '005-sessions-counters': sessionsCountersMigration,
        '006-course-publish': coursePublishMigration,
        '007-range-workspace': rangeWorkspaceMigration,
        '008-trainer': trainerMigration,
        '009-range-revision': rangeRevisionMigration,
        '010-username-key': usernameKeyMigration,
        '011-order-prices': orderPricesMigration,
        '012-card-refunds': cardRefundsMigration,
        '013-device-tokens': deviceTokensMigration(db.dialect),
        '014-restore-requests': restoreRequestsMigration(db.dialect),
        '015-crypto-quotes': cryptoQuotesMigration(db.dialect),
        '016-refund-settlements': refundSettlementsMigration,
        '017-tether-millionths': tetherMillionthsMigration,
        '018-extra-charges': extraChargesMigration(db.dialect),
        '019-independent-sides': independentSidesMigration,
        '020-account-deletion': accountDeletionMigration,
        '021-admin-audit': adminAuditMigration(db.dialect),
        '022-cheap-subtrees': cheapSubtreesMigration,
        '023-sign-up-requests': signUpRequestsMigration(db.dialect),
        '024-read-path': readPathMigration(db.dialect),
        '025-public-links': publicLinksMigration,
        '026-spot-ev': spotEvMigration,
        '027-store-texts': storeTextsMigration(db.dialect),
      };
    },
  };
}

/** How many migrations this build knows: the schema version of a fully migrated database. */
export async function knownMigrationCount(db: Db): Promise<number> {
  return (await knownMigrationNames(db)).length;
}

/** The names of the migrations this build knows, in the order they run. */
export async function knownMigrationNames(db: Db): Promise<string[]> {
  return Object.keys(await provider(db).getMigrations()).sort();
}

export function migrator(db: Db): Migrator {
  return new Migrator({ db: db.kysely, provider: provider(db) });
}

export async function migrateToLatest(db: Db): Promise<MigrationResultSet> {
  const result = await migrator(db).migrateToLatest();
  if (result.error) throw result.error;
  return result;
}

/** Number of applied migrations: the schema version reported by /api/v1/health (one real query per call). */
export async function schemaVersion(db: Db): Promise<number> {
  const result = await sql<{ count: number }>`SELECT COUNT(*) AS count FROM kysely_migration`.execute(
    db.kysely,
  );
  return Number(result.rows[0]?.count ?? 0);
}
