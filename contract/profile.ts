import { type Static, type TSchema, Type } from '@sinclair/typebox';

import { Username } from './auth.ts';
import { LanguageSchema } from './envelope.ts';

export const UpdateUsernameBody = Type.Object({ username: Username });
export type UpdateUsernameBody = Static<typeof UpdateUsernameBody>;

export const UpdatePasswordBody = Type.Object({
  current_password: Type.String({ minLength: 1, maxLength: 256 }),
  new_password: Type.String({ minLength: 6, maxLength: 20 }),
  confirm_password: Type.String({ minLength: 1, maxLength: 256 }),
});
export type UpdatePasswordBody = Static<typeof UpdatePasswordBody>;

/**
 * "Delete my account": the password asked again, and the account's username typed as a deliberate confirmation
 * (compared as usernames are: case and look-alike letters folded).
 */
export const DeleteAccountBody = Type.Object({
  password: Type.String({ minLength: 1, maxLength: 256 }),
  confirmation: Type.String({ minLength: 1, maxLength: 64 }),
});
export type DeleteAccountBody = Static<typeof DeleteAccountBody>;
export const AccountDeleted = Type.Object({ deleted: Type.Literal(true) });

export const LanguageBody = Type.Object({ language: LanguageSchema });
export type LanguageBody = Static<typeof LanguageBody>;
export const LanguageResponse = Type.Object({ language: LanguageSchema });

/** Avatar upload (at most AVATAR_MAX_BYTES, limits.ts): multipart field `avatar` (or any single file field); stored as
 * 256x256 WebP. */
export const AVATAR_SIZE = 256;
export const AvatarResponse = Type.Object({ avatar: Type.String() });

export const FindUsersQuery = Type.Object({
  q: Type.String({ minLength: 1, maxLength: 254 }),
});
export const FoundUser = Type.Object({ id: Type.Integer(), username: Type.String(), avatar: Type.String() });
export type FoundUser = Static<typeof FoundUser>;

export const Purchase = Type.Object({
  id: Type.Integer(),
  kind: Type.Union([Type.Literal('premium'), Type.Literal('product'), Type.Literal('video_course')]),
  item_id: Type.Union([Type.Integer(), Type.Null()]),
  name: Type.String(),
  amount: Type.Number(),
  currency: Type.String(),
  datetime: Type.String(),
  /** Taken back by a card refund: it no longer grants anything. */
  refunded: Type.Boolean(),
  /** A strategy pack whose ready-made folder the buyer deleted: it can be put back (the store's restore route). */
  restorable: Type.Boolean(),
});
export type Purchase = Static<typeof Purchase>;

/** SPEC §3: referral payment = user, percent, amount, datetime, type. */
export const ReferralPayment = Type.Object({
  id: Type.Integer(),
  /** The buyer's username; empty when the buyer has deleted their account (the payout is kept for the books). */
  user: Type.String(),
  percent: Type.Number(),
  amount: Type.Number(),
  currency: Type.String(),
  datetime: Type.String(),
  type: Type.Union([Type.Literal('premium'), Type.Literal('shop')]),
  /** The part of the commission cancelled because its order was refunded (major units); 0 when none. */
  reversed: Type.Number(),
});
export type ReferralPayment = Static<typeof ReferralPayment>;

/** SPEC §7: purchases and affiliate_purchases answer `{ total, page, items }`. */
export const PagedItems = <T extends TSchema>(item: T) =>
  Type.Object({
    total: Type.Integer(),
    page: Type.Integer(),
    per_page: Type.Integer(),
    items: Type.Array(item),
  });
