import { type Static, Type } from '@sinclair/typebox';

import { LanguageSchema, StringEnum } from './envelope.ts';

export const CURRENCIES = ['USD', 'RUB'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const CurrencySchema = StringEnum(CURRENCIES);

/** Premium: one-time $25 (SPEC §9); the RUB price is set by the server (settings) and read from the cost routes. */
export const PREMIUM_PRICE_USD = 25;

export const OfferItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  price_in_user_currency: Type.Number(),
  owned: Type.Boolean(),
  /** An owned strategy pack whose ready-made folder the buyer deleted: POST its restore route to put it back. */
  restorable: Type.Boolean(),
});
export type OfferItem = Static<typeof OfferItem>;

/** A restored pack: its folder, and whether this call made it (false: it was there already, nothing was added). */
export const PackRestored = Type.Object({ category_id: Type.Integer(), restored: Type.Boolean() });
export type PackRestored = Static<typeof PackRestored>;

export const Lesson = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  position: Type.Integer(),
  has_video: Type.Boolean(),
  /**
   * Present only for owners of the course: a signed link (usable as a <video> src, no header needed, valid 6 hours),
   * served with HTTP range requests.
   */
  video_url: Type.Union([Type.String(), Type.Null()]),
  /** Signed like video_url: the lesson's still image, null when the video came without one. */
  poster_url: Type.Union([Type.String(), Type.Null()]),
  /** Signed WebVTT captions, one per interface language the lesson has them in (empty when none). */
  captions: Type.Array(Type.Object({ language: LanguageSchema, url: Type.String() })),
});
export type Lesson = Static<typeof Lesson>;

export const VideoCourse = Type.Intersect([OfferItem, Type.Object({ lessons: Type.Array(Lesson) })]);
export type VideoCourse = Static<typeof VideoCourse>;

/**
 * The price of the whole package for the caller, computed by the server so the store card, the product page and the
 * payment window agree: the items not owned yet plus Premium when the package requires it and the caller lacks it.
 */
const OfferQuote = {
  total: Type.Number(),
  /** The Premium part of `total` (0 when not required or already held). */
  premium_cost: Type.Number(),
  /** Every item is owned already: nothing is for sale. */
  all_owned: Type.Boolean(),
  /**
   * The caller holds Premium: a package's `premium_required` (its rule, the same for everyone) is then met, and the
   * store says so instead of asking for Premium. False for anonymous visitors.
   */
  premium_owned: Type.Boolean(),
};

/** A store offer ("package"): strategy packs (products) and video courses sold together or one by one. */
export const Offer = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  premium_required: Type.Boolean(),
  currency: CurrencySchema,
  ...OfferQuote,
  products: Type.Array(OfferItem),
  video_courses: Type.Array(OfferItem),
});
export type Offer = Static<typeof Offer>;

export const ProductPage = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  premium_required: Type.Boolean(),
  currency: CurrencySchema,
  ...OfferQuote,
  products: Type.Array(OfferItem),
  video_courses: Type.Array(VideoCourse),
});
export type ProductPage = Static<typeof ProductPage>;

/**
 * The language the store's names, descriptions and lesson titles are wanted in: the interface's, sent by the app on
 * every store read so that each answer (and any cache keyed on the URL) is of one language. Left out: the signed-in
 * player's language, else English. A language without a translation of some text shows its English.
 */
export const LanguageQuery = Type.Object({ lang: Type.Optional(LanguageSchema) });

export const ShopQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
  lang: Type.Optional(LanguageSchema),
});

export const ShopPage = Type.Object({
  total: Type.Integer(),
  page: Type.Integer(),
  per_page: Type.Integer(),
  list: Type.Array(Offer),
});
export type ShopPage = Static<typeof ShopPage>;
