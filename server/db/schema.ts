import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * Table types. Portable choices so one set of queries runs on SQLite and PostgreSQL: booleans are 0/1 integers,
 * timestamps are ISO-8601 UTC text (sortable as text), JSON is text, money is integer minor units (cents, kopecks).
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** usernameKey(username), unique: how names are compared (look-alikes and Unicode case fold together). */
  username_key: string;
  email: string;
  password_hash: string;
  language: string;
  avatar: string;
  is_premium: number;
  is_admin: number;
  referral_token: string;
  referrer_id: number | null;
  created_at: string;
  /** Set when the owner deleted the account (migration 021): the row is a tombstone kept for the books. */
  deleted_at: Generated<string | null>;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  /** Last use (ISO text, refreshed at most hourly): the session expires SESSION_TTL_MS after it. */
  last_seen_at: string;
}

/** Device tokens (server/modules/auth/devices.repository.ts): the sha256 of each, the user it trusts a browser for. */
export interface DeviceTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  /** ISO text: DEVICE_TOKEN_TTL_MS after issue. */
  expires_at: string;
}

/** Shared counters (see server/lib/counters.ts); `reset_at` is ms since the epoch. */
export interface RateCountersTable {
  counter_key: string;
  count: number;
  reset_at: number;
}

/** A restore request (migration 014): `user_id` null for an unknown e-mail or a request past its budgets. */
export interface RestoreRequestsTable {
  id: Generated<number>;
  token_hash: string;
  email: string;
  user_id: number | null;
  trusted: number;
  code_hash: string;
  attempts: number;
  used: number;
  created_at: string;
  expires_at: string;
}

/** A sign-up waiting for the code mailed to its address (migration 020); the account is made from it. */
export interface SignUpRequestsTable {
  id: Generated<number>;
  token_hash: string;
  email: string;
  username: string;
  password_hash: string;
  referrer_id: number | null;
  language: string;
  /** 1: a code was mailed (the address had no account and the budgets allowed); 0: no code can match. */
  mailed: number;
  code_hash: string;
  attempts: number;
  used: number;
  created_at: string;
  expires_at: string;
}

/** A read-only link to a chart (migration 025): the id is the link; revoked links stay for the referral credit. */
export interface PublicLinksTable {
  id: string;
  category_id: number;
  user_id: number;
  created_at: string;
  revoked_at: string | null;
}

export interface CategoriesTable {
  id: Generated<number>;
  user_id: number;
  root_type: string;
  parent_id: number | null;
  kind: string;
  name: string;
  position: number;
  note: string;
  buttons: string;
  pairs: string;
  /** Hero/villain colours as JSON `{ hero, villain }` (migration 003); NULL when never chosen. */
  sides: string | null;
  /** Bumped by every content save (migration 009); a save based on an older revision is refused with 409. */
  revision: Generated<number>;
  /** Extra villains and dead cards as JSON `{ villains, dead }` (migration 007); NULL when never saved. */
  workspace: string | null;
  /** A solved push/fold range's per-class EVs as JSON (contract/spot-ev.ts, migration 026); NULL otherwise. */
  spot_ev: string | null;
  is_template: number;
  created_at: string;
  updated_at: string;
}

export interface SharesTable {
  id: Generated<number>;
  from_user_id: number;
  to_user_id: number;
  category_id: number;
  status: string;
  created_at: string;
}

export interface PackagesTable {
  id: Generated<number>;
  name: string;
  description: string;
  premium_required: number;
  position: number;
  active: number;
}

export interface ShopItemsTable {
  id: Generated<number>;
  package_id: number;
  type: string;
  name: string;
  description: string;
  price_usd: number;
  price_rub: number;
  position: number;
  /** 1: listed, priced and sold by the store; 0: a draft only its owners (and admins) see. */
  published: Generated<number>;
}

/** Strategy packs: the JSON tree of template categories copied to the buyer (kept apart: it is large). */
export interface ShopItemContentsTable {
  item_id: number;
  content: string;
}

export interface LessonsTable {
  id: Generated<number>;
  item_id: number;
  title: string;
  position: number;
  video_file: string | null;
}

/** A package's, an item's or a lesson's words in one language other than English (migration 027). */
export interface PackageTextsTable {
  package_id: number;
  language: string;
  name: string;
  description: string;
}
export interface ShopItemTextsTable {
  item_id: number;
  language: string;
  name: string;
  description: string;
}
export interface LessonTextsTable {
  lesson_id: number;
  language: string;
  title: string;
}

export interface OrdersTable {
  id: Generated<number>;
  user_id: number;
  method: string;
  status: string;
  amount: number;
  currency: string;
  pay_for_premium: number;
  package_id: number | null;
  products: string;
  video_courses: string;
  /** Manual: `method:u<user>:text`, unique: one claim per user and confirmation (migration 015). */
  payment_source: string | null;
  /**
   * Manual: what the payment is in the world (`btc:<tx id>`, `tether:<tx id>`; card transfers `card:u<user>:text`).
   * Several users may claim one transaction while pending; at most one such order is paid (migration 015).
   */
  claim_key: string | null;
  /** Crypto claims: the exact amount the buyer was quoted (`0.00025012` BTC, `25.012` USDT); NULL otherwise. */
  expected_amount: string | null;
  transaction_id: string | null;
  /** Card orders: what the order buys (migration 004); one open order per user and scope_key. */
  scope_key: string | null;
  /** 1 for a test payment made in sandbox mode: no referral, never settled by a provider call. */
  sandbox: number;
  /** Charged for something the buyer already held (minor units): the admin's refund queue; 0 when none. */
  refund_amount: number;
  refunded_at: string | null;
  /** Each line's price when the order was made (migration 011, JSON, minor units); NULL on older orders. */
  line_prices: string | null;
  /** What the card provider has refunded on the order (migration 012, minor units); at most its amount. */
  card_refunded: Generated<number>;
  /** 1: a card refund matching no line of the order took back nothing; the admin decides (refund queue). */
  refund_review: Generated<number>;
  /** Money the admin recorded as sent back outside the provider (migration 016, minor units); 0 when none. */
  hand_refunded: Generated<number>;
  /** The admin who last took lines back or closed the refund flag (migration 016), and when. */
  settled_by: Generated<number | null>;
  settled_at: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

/** One refund or cancellation reported by the card provider (migration 012); the key makes it count once. */
export interface CardRefundsTable {
  transaction_key: string;
  order_id: number;
  amount: number;
  created_at: string;
  /** The extra charge this refund sent back (migration 018); NULL: the order's own payment. */
  extra_charge_id: Generated<number | null>;
}

/**
 * A card charge on an order's invoice that is not the order's payment (migration 018): recorded once per provider
 * transaction, grants nothing, owed back to the buyer until refunded (extra-charges.ts).
 */
export interface ExtraChargesTable {
  id: Generated<number>;
  transaction_id: string;
  order_id: number;
  /** What the provider charged (minor units) and in which currency: not necessarily the order's. */
  amount: number;
  currency: string;
  reason: string;
  /** What the provider has refunded of it (minor units); at most its amount. */
  card_refunded: Generated<number>;
  /** When it was settled: refunded whole by the provider, or marked refunded by hand by `refunded_by` (an admin). */
  refunded_at: Generated<string | null>;
  refunded_by: Generated<number | null>;
  created_at: string;
}

export interface PurchasesTable {
  id: Generated<number>;
  user_id: number;
  order_id: number;
  kind: string;
  item_id: number | null;
  name: string;
  amount: number;
  currency: string;
  created_at: string;
  /** Set when a card refund took the purchase back (migration 012): it no longer grants anything. */
  refunded_at: Generated<string | null>;
  /** A strategy pack's purchase: the ready-made folder it copied into the buyer's tree (NULL before migration 012). */
  category_id: Generated<number | null>;
}

export interface ReferralPaymentsTable {
  id: Generated<number>;
  referrer_id: number;
  user_id: number;
  order_id: number;
  percent: number;
  amount: number;
  currency: string;
  type: string;
  created_at: string;
  /** The part of the commission cancelled by card refunds of its order (migration 012, minor units). */
  reversed_amount: Generated<number>;
}

export interface SettingsTable {
  key: string;
  value: string;
}

/** A counter per in-memory cache ('auth', 'store'), moved by triggers on what it was built from (migration 024). */
export interface CacheVersionsTable {
  name: string;
  version: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  device_tokens: DeviceTokensTable;
  crypto_quotes: CryptoQuotesTable;
  crypto_quote_log: CryptoQuoteLogTable;
  restore_requests: RestoreRequestsTable;
  sign_up_requests: SignUpRequestsTable;
  categories: CategoriesTable;
  public_links: PublicLinksTable;
  shares: SharesTable;
  packages: PackagesTable;
  shop_items: ShopItemsTable;
  shop_item_contents: ShopItemContentsTable;
  lessons: LessonsTable;
  package_texts: PackageTextsTable;
  shop_item_texts: ShopItemTextsTable;
  lesson_texts: LessonTextsTable;
  orders: OrdersTable;
  card_refunds: CardRefundsTable;
  extra_charges: ExtraChargesTable;
  purchases: PurchasesTable;
  referral_payments: ReferralPaymentsTable;
  settings: SettingsTable;
  rate_counters: RateCountersTable;
  mail_outbox: MailOutboxTable;
  admin_audit: AdminAuditTable;
  trainer_totals: TrainerTotalsTable;
  trainer_cells: TrainerCellsTable;
  cache_versions: CacheVersionsTable;
}

export interface MailOutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  body: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: string;
  lease_until: string | null;
  claimed_by: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** The trainer's totals per player (migration 008). */
export interface TrainerTotalsTable {
  user_id: number;
  hands: number;
  correct: number;
  streak: number;
  best_streak: number;
  updated_at: string;
}

/** The trainer's record of one hand class on one chart for one player; `box` is its Leitner box. */
export interface TrainerCellsTable {
  user_id: number;
  category_id: number;
  hand: string;
  shown: number;
  missed: number;
  box: number;
  updated_at: string;
}

export type UserRow = Selectable<UsersTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type NewCategory = Insertable<CategoriesTable>;
export type OrderRow = Selectable<OrdersTable>;
export type ExtraChargeRow = Selectable<ExtraChargesTable>;
export type ShopItemRow = Selectable<ShopItemsTable>;

/** An exact crypto amount quoted to one user for one order's contents (migration 015); minor coin units. */
export interface CryptoQuotesTable {
  id: Generated<number>;
  user_id: number;
  method: string;
  scope_key: string;
  /** The order's price in the coin's minor units (satoshi, millionths of a USDT since migration 017) when quoted. */
  base: number;
  /** base plus this quote's offset: unique among the method's open quotes. */
  amount: number;
  created_at: string;
  expires_at: string;
}

/** Every crypto amount quoted, kept 30 days: a buyer who pays late is quoted the same amount again when free. */
export type CryptoQuoteLogTable = Omit<CryptoQuotesTable, 'expires_at'>;

/** What an admin did (migration 023): server/modules/admin/audit.ts. */
export interface AdminAuditTable {
  id: Generated<number>;
  admin_id: number | null;
  admin_username: string;
  action: string;
  target_id: number | null;
  /** JSON object: what changed. */
  detail: string;
  request_id: string | null;
  created_at: string;
}
