import { type Static, type TSchema, Type } from '@sinclair/typebox';

import { CategoryKindSchema, Pair, RangeButton, RootTypeSchema } from './categories.ts';
import { Id } from './envelope.ts';
import { PaymentStatusSchema } from './payments.ts';

/** Why a card charge on an order's invoice was not taken as the order's payment (extra-charges.ts). */
export const EXTRA_CHARGE_REASONS = [
  'paid_twice',
  'order_refunded',
  'order_closed',
  'wrong_amount',
  'wrong_account',
] as const;

/** A card charge the provider took that paid for nothing (a second charge of one invoice): owed back whole. */
export const AdminExtraCharge = Type.Object({
  id: Type.Integer(),
  order_id: Type.Integer(),
  /** The provider's transaction: what the admin refunds in the provider's panel. */
  transaction_id: Type.String(),
  /** What the provider charged (major units), in its currency (not necessarily the order's). */
  amount: Type.Number(),
  currency: Type.String(),
  reason: Type.Union(EXTRA_CHARGE_REASONS.map((reason) => Type.Literal(reason))),
  /** Sent back so far by the provider's refunds (major units). */
  card_refunded: Type.Number(),
  /** When it was settled (refunded whole by the provider, or marked by an admin) and by which admin; null: open. */
  refunded_at: Type.Union([Type.String(), Type.Null()]),
  refunded_by: Type.Union([Type.String(), Type.Null()]),
  datetime: Type.String(),
});
export type AdminExtraCharge = Static<typeof AdminExtraCharge>;

export const AdminPayment = Type.Object({
  id: Type.Integer(),
  user_id: Type.Integer(),
  username: Type.String(),
  method: Type.String(),
  status: PaymentStatusSchema,
  amount: Type.Number(),
  currency: Type.String(),
  payment_source: Type.Union([Type.String(), Type.Null()]),
  pay_for_premium: Type.Boolean(),
  datetime: Type.String(),
  /** Charged for something the buyer already owned (a second open order paid): to send back (major units). */
  refund_due: Type.Number(),
  /** What the card provider refunded on the order (major units); 0 when nothing. */
  card_refunded: Type.Number(),
  /** A card refund matched no line of the order and took back nothing: the admin decides what it covers. */
  refund_review: Type.Boolean(),
  /** A crypto claim: the exact amount quoted to its buyer (`0.00025012` BTC, `25.012` USDT); null otherwise. */
  expected_amount: Type.Union([Type.String(), Type.Null()]),
  /** Claims (this one included) of the same chain transaction by any user; 1 when alone, 0 for card orders. */
  same_source_claims: Type.Integer(),
  /** Card charges on this order's invoice that paid for nothing (settled ones too); the open ones are owed back. */
  extra_charges: Type.Array(AdminExtraCharge),
});
export type AdminPayment = Static<typeof AdminPayment>;

export const AdminPaymentsQuery = Type.Object({
  status: Type.Optional(PaymentStatusSchema),
  /**
   * `refunds`: every order (card orders included) still owing a refund or holding an extra charge not yet refunded,
   * whatever the status filter says.
   */
  queue: Type.Optional(Type.Union([Type.Literal('manual'), Type.Literal('refunds')])),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
});

export const AdminUser = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  email: Type.String(),
  is_premium: Type.Boolean(),
  is_admin: Type.Boolean(),
  created_at: Type.String(),
});
export type AdminUser = Static<typeof AdminUser>;

export const Settings = Type.Object({
  referral_percent: Type.Integer({ minimum: 0, maximum: 100 }),
  premium_price_rub: Type.Number({ minimum: 0, maximum: 10_000_000 }),
  btc_usd_rate: Type.Number({ minimum: 1, maximum: 100_000_000 }),
  /** Where manual payments go: a bank card number, a BTC address, a USDT TRC20 address. */
  card_account: Type.String({ maxLength: 200 }),
  btc_account: Type.String({ maxLength: 200 }),
  tether_account: Type.String({ maxLength: 200 }),
});
export type Settings = Static<typeof Settings>;
export const SettingsUpdate = Type.Partial(Settings);

/** A name or title in any language: not blank (a name of spaces would show nothing in the store). */
const Words = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });
const Description = Type.String({ maxLength: 5000 });

/**
 * A text in the other interface languages (the body's own fields are English, every language's fallback): each
 * language given has its own, one left out shows English. Replaces what was stored when sent.
 */
const TranslationsOf = <T extends TSchema>(text: T) =>
  Type.Object(
    { 'ru-RU': Type.Optional(text), 'zh-CN': Type.Optional(text), 'es-ES': Type.Optional(text) },
    // Refused, not dropped (the server's Ajv drops what `false` forbids): a text for "fr-FR" or for "en-US" (the
    // body's own fields) is a mistake to report, not to lose without a word.
    { additionalProperties: Type.Never() },
  );

/** A package's or an item's name and description in one language. */
export const NamedText = Type.Object({ name: Words, description: Description });
export type NamedText = Static<typeof NamedText>;
export const NamedTranslations = TranslationsOf(NamedText);
export type NamedTranslations = Static<typeof NamedTranslations>;
export const TitleTranslations = TranslationsOf(Words);
export type TitleTranslations = Static<typeof TitleTranslations>;

export const ItemBody = Type.Object({
  type: Type.Union([Type.Literal('product'), Type.Literal('video_course')]),
  name: Type.String({ minLength: 1, maxLength: 200 }),
  description: Description,
  price_usd: Type.Number({ minimum: 0, maximum: 1_000_000 }),
  price_rub: Type.Number({ minimum: 0, maximum: 10_000_000 }),
  package_id: Type.Optional(Id),
  /** Left out: the stored translations stay as they are. */
  translations: Type.Optional(NamedTranslations),
});
export type ItemBody = Static<typeof ItemBody>;

/** A package's words (its English name and description, and their translations). */
export const PackageBody = Type.Object({
  name: Words,
  description: Description,
  translations: Type.Optional(NamedTranslations),
});
export type PackageBody = Static<typeof PackageBody>;

export const LessonBody = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 200 }),
  translations: Type.Optional(TitleTranslations),
});
export type LessonBody = Static<typeof LessonBody>;

/** One node of a strategy pack: a folder/tournament with children, or a range with its chart. */
export interface PackNode {
  name: string;
  kind: 'folder' | 'range' | 'tournament';
  note?: string;
  buttons?: Static<typeof RangeButton>[];
  pairs?: Static<typeof Pair>[];
  children?: PackNode[];
}
export const PackNode = Type.Recursive(
  (self) =>
    Type.Object({
      name: Type.String({ minLength: 1, maxLength: 120 }),
      kind: CategoryKindSchema,
      note: Type.Optional(Type.String({ maxLength: 10000 })),
      buttons: Type.Optional(Type.Array(RangeButton, { maxItems: 50 })),
      pairs: Type.Optional(Type.Array(Pair, { maxItems: 169 })),
      children: Type.Optional(Type.Array(self, { maxItems: 200 })),
    }),
  { $id: 'PackNode' },
);

/**
 * Categories one strategy pack may hold (its folders and charts): a pack is copied into every buyer's library whole,
 * past the buyer's own caps.
 */
export const PACK_MAX_NODES = 2000;

/** The charts a strategy pack copies into the buyer's tree, uploaded by an admin. */
export const PackContentBody = Type.Object({
  root_type: RootTypeSchema,
  nodes: Type.Array(PackNode, { maxItems: 200 }),
});
export type PackContentBody = Static<typeof PackContentBody>;

/** A lesson as the admin sees it: whether its video is uploaded (a course is published only when all are). */
export const AdminLesson = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  translations: TitleTranslations,
  position: Type.Integer(),
  has_video: Type.Boolean(),
});
export type AdminLesson = Static<typeof AdminLesson>;

/** Every item, drafts included, with both prices and (for a course) its lessons. */
export const AdminItem = Type.Object({
  id: Type.Integer(),
  type: Type.Union([Type.Literal('product'), Type.Literal('video_course')]),
  name: Type.String(),
  description: Type.String(),
  translations: NamedTranslations,
  price_usd: Type.Number(),
  price_rub: Type.Number(),
  published: Type.Boolean(),
  /** How many users own it: a course they own stays open to them when it goes back to draft. */
  owners: Type.Integer(),
  lessons: Type.Array(AdminLesson),
});
export type AdminItem = Static<typeof AdminItem>;

export const AdminPackage = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  translations: NamedTranslations,
  items: Type.Array(AdminItem),
});
export type AdminPackage = Static<typeof AdminPackage>;

export const PublishBody = Type.Object({ published: Type.Boolean() });
export type PublishBody = Static<typeof PublishBody>;

/** One delivered line of an order as the admin settles a refund: taken back already or still granting. */
export const AdminOrderLine = Type.Object({
  id: Type.Integer(),
  kind: Type.Union([Type.Literal('premium'), Type.Literal('product'), Type.Literal('video_course')]),
  name: Type.String(),
  amount: Type.Number(),
  refunded: Type.Boolean(),
});
export type AdminOrderLine = Static<typeof AdminOrderLine>;

/** An order's lines and refunds (major units) for the admin's refund queue. */
export const AdminOrderLines = Type.Object({
  id: Type.Integer(),
  status: PaymentStatusSchema,
  currency: Type.String(),
  amount: Type.Number(),
  /** Sent back so far: by the card provider and by hand as the admin recorded; at most `amount`. */
  refunded: Type.Number(),
  refund_review: Type.Boolean(),
  /** The admin who last took lines back or found nothing to take back, and when; null when none did. */
  settled_by: Type.Union([Type.String(), Type.Null()]),
  settled_at: Type.Union([Type.String(), Type.Null()]),
  lines: Type.Array(AdminOrderLine),
});
export type AdminOrderLines = Static<typeof AdminOrderLines>;

/** Lines of the order to take back, and the money sent back for them by hand (0 when the card refund covers it). */
export const TakeBackBody = Type.Object({
  purchase_ids: Type.Array(Id, { minItems: 1, maxItems: 100, uniqueItems: true }),
  amount: Type.Number({ minimum: 0, maximum: 100_000_000 }),
});
export type TakeBackBody = Static<typeof TakeBackBody>;

/** Admin actions kept in the audit log; the admin panel names each in the interface language. */
export const AUDIT_ACTIONS = [
  'payment.confirm',
  'payment.reject',
  'payment.refunded',
  'order.take_back',
  'order.nothing_to_take_back',
  'extra_charge.refunded',
  'settings.update',
  'item.create',
  'item.update',
  'item.publish',
  'item.content',
  'package.update',
  'lesson.create',
  'lesson.update',
  'lesson.video',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** A value in an audit entry's detail: what was set, or `[before, after]` for a changed setting. */
const AuditValue = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]);

export const AdminAuditEntry = Type.Object({
  id: Type.Integer(),
  /** The admin's username when the action was taken (kept should the account go). */
  admin: Type.String(),
  action: Type.Union(AUDIT_ACTIONS.map((action) => Type.Literal(action))),
  /** The order, extra charge, store item or lesson acted on; null for the settings. */
  target_id: Type.Union([Type.Integer(), Type.Null()]),
  detail: Type.Record(Type.String(), Type.Union([AuditValue, Type.Array(AuditValue)])),
  /** The request's id (X-Request-Id): the same id is on every log line of it. */
  request_id: Type.Union([Type.String(), Type.Null()]),
  datetime: Type.String(),
});
export type AdminAuditEntry = Static<typeof AdminAuditEntry>;
