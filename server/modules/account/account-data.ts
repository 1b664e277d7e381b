/**
 * Where an account's data lives, table by table: what its deletion removes, what it keeps for the books and
 * anonymises, and what holds no account data at all. The deletion reads the owned tables from here, and the server
 * suite compares this map with the live schema (every table, and every column of a kept table), so a table or column
 * added later fails that suite until it is given its place here.
 */

/** Which value of the account a column is matched against. */
export type AccountKey = 'id' | 'email';

export type TablePolicy =
  /**
   * Rows whose column (any of `by`) holds the account's id or e-mail are deleted with it. A column of `cleared` that
   * holds the account's id in a row that stays (someone else's) is set to null.
   */
  | {
      kind: 'owned';
      by: Readonly<Record<string, AccountKey>>;
      cleared?: Readonly<Record<string, 'id'>>;
      why: string;
    }
  /**
   * Rows kept (money and its books): each column says whether it stays as it is, or is cleared or rewritten by the
   * deletion (`anonymised`). A kept row may still point at the account's tombstone, which holds no personal data.
   */
  | { kind: 'kept'; columns: Readonly<Record<string, 'kept' | 'anonymised'>>; why: string }
  /** Per-account counters, keyed by text: cleared through the counter store (counter-keys in account-deletion.ts). */
  | { kind: 'counters'; why: string }
  | { kind: 'none'; why: string };

const kept = (columns: string[], anonymised: string[] = []) =>
  Object.fromEntries([
    ...columns.map((column) => [column, 'kept' as const]),
    ...anonymised.map((column) => [column, 'anonymised' as const]),
  ]);

export const ACCOUNT_TABLES: Readonly<Record<string, TablePolicy>> = {
  users: {
    kind: 'kept',
    why: 'the tombstone that kept orders and payouts point at; every personal column is overwritten',
    columns: kept(
      ['id', 'created_at', 'deleted_at'],
      [
        'username',
        'username_key',
        'email',
        'password_hash',
        'language',
        'avatar',
        'is_premium',
        'is_admin',
        'referral_token',
        'referrer_id',
      ],
    ),
  },
  admin_audit: {
    kind: 'kept',
    why: "what admins did to payments and the store outlives the admin's account; a deleted admin's name is replaced",
    columns: kept(
      ['id', 'admin_id', 'action', 'target_id', 'detail', 'request_id', 'created_at'],
      ['admin_username'],
    ),
  },
  sessions: { kind: 'owned', by: { user_id: 'id' }, why: 'sign-ins: every session ends' },
  sign_up_requests: {
    kind: 'owned',
    by: { email: 'email' },
    cleared: { referrer_id: 'id' },
    why: "sign-ups waiting for the code mailed to the address; another's pending sign-up loses the account as referrer",
  },
  device_tokens: { kind: 'owned', by: { user_id: 'id' }, why: 'browsers trusted for the account' },
  restore_requests: {
    kind: 'owned',
    by: { user_id: 'id', email: 'email' },
    why: 'password restores, also those asked past their budget (no user id, only the e-mail)',
  },
  mail_outbox: {
    kind: 'owned',
    by: { recipient: 'email' },
    why: 'mail to the account: its address is freed',
  },
  categories: {
    kind: 'owned',
    by: { user_id: 'id' },
    why: 'charts, folders, tournaments and bought packs (shares and trainer cells of them go by cascade)',
  },
  public_links: {
    kind: 'owned',
    by: { user_id: 'id' },
    why: "read-only links to the account's charts: every one stops working (they also go with their charts)",
  },
  shares: {
    kind: 'owned',
    by: { from_user_id: 'id', to_user_id: 'id' },
    why: 'strategies sent and received, pending or answered',
  },
  trainer_totals: { kind: 'owned', by: { user_id: 'id' }, why: 'trainer results' },
  trainer_cells: { kind: 'owned', by: { user_id: 'id' }, why: 'trainer results per hand' },
  crypto_quotes: { kind: 'owned', by: { user_id: 'id' }, why: 'open crypto amounts quoted to the account' },
  crypto_quote_log: {
    kind: 'owned',
    by: { user_id: 'id' },
    why: 'crypto amounts quoted in the last 30 days',
  },
  orders: {
    kind: 'kept',
    why: 'payments stay for the accounts; what the buyer typed is cleared and open orders are closed',
    columns: kept(
      [
        'id',
        'user_id',
        'method',
        'amount',
        'currency',
        'pay_for_premium',
        'package_id',
        'products',
        'video_courses',
        'expected_amount',
        'transaction_id',
        'scope_key',
        'sandbox',
        'refund_amount',
        'refunded_at',
        'line_prices',
        'card_refunded',
        'refund_review',
        'hand_refunded',
        'settled_by',
        'settled_at',
        'created_at',
      ],
      ['status', 'payment_source', 'claim_key', 'updated_at'],
    ),
  },
  purchases: {
    kind: 'kept',
    why: 'what was bought, for the accounts; the folder a pack was copied into is gone',
    columns: kept(
      [
        'id',
        'user_id',
        'order_id',
        'kind',
        'item_id',
        'name',
        'amount',
        'currency',
        'created_at',
        'refunded_at',
      ],
      ['category_id'],
    ),
  },
  referral_payments: {
    kind: 'kept',
    why: 'commissions are money owed or paid: kept for the books, whichever side was deleted',
    columns: kept([
      'id',
      'referrer_id',
      'user_id',
      'order_id',
      'percent',
      'amount',
      'currency',
      'type',
      'created_at',
      'reversed_amount',
    ]),
  },
  card_refunds: {
    kind: 'kept',
    why: "the provider's refunds of kept orders",
    columns: kept(['transaction_key', 'order_id', 'amount', 'created_at', 'extra_charge_id']),
  },
  extra_charges: {
    kind: 'kept',
    why: 'card charges owed back on kept orders',
    columns: kept([
      'id',
      'transaction_id',
      'order_id',
      'amount',
      'currency',
      'reason',
      'card_refunded',
      'refunded_at',
      'refunded_by',
      'created_at',
    ]),
  },
  rate_counters: { kind: 'counters', why: 'abuse counters keyed by the account id, a session or the e-mail' },
  packages: { kind: 'none', why: 'the store catalogue' },
  shop_items: { kind: 'none', why: 'the store catalogue' },
  shop_item_contents: { kind: 'none', why: 'the store catalogue' },
  lessons: { kind: 'none', why: 'the store catalogue' },
  package_texts: { kind: 'none', why: 'the store catalogue' },
  shop_item_texts: { kind: 'none', why: 'the store catalogue' },
  lesson_texts: { kind: 'none', why: 'the store catalogue' },
  settings: { kind: 'none', why: "the admin's settings" },
  cache_versions: { kind: 'none', why: 'what the in-memory caches were built from' },
  kysely_migration: { kind: 'none', why: 'the schema version' },
  kysely_migration_lock: { kind: 'none', why: 'the schema version' },
};

/** The owned tables with their matching columns, in the order the deletion runs them. */
export function ownedTables(): Array<{
  table: string;
  by: Readonly<Record<string, AccountKey>>;
  cleared: Readonly<Record<string, 'id'>>;
}> {
  return Object.entries(ACCOUNT_TABLES).flatMap(([table, policy]) =>
    policy.kind === 'owned' ? [{ table, by: policy.by, cleared: policy.cleared ?? {} }] : [],
  );
}
