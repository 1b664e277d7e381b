import { type Static, Type } from '@sinclair/typebox';

import { Pair, RangeButton, RootTypeSchema } from './categories.ts';
import { PUBLIC_LINK_ID_PATTERN } from './limits.ts';

/**
 * A read-only link to one chart: a random 128-bit id (22 base64url characters), revocable by the chart's owner.
 * The link shows the chart live, as its owner keeps it now: later edits appear to everyone holding the link, and
 * deleting the chart or revoking the link ends it. Ready-made strategies (bought or seeded) are never published.
 */
export const PublicLinkId = Type.String({ pattern: PUBLIC_LINK_ID_PATTERN });

/** One of the owner's links, as the profile lists it. */
export const PublicLink = Type.Object({
  id: PublicLinkId,
  category_id: Type.Integer(),
  /** The chart's name now. */
  name: Type.String(),
  root_type: RootTypeSchema,
  created_at: Type.String(),
});
export type PublicLink = Static<typeof PublicLink>;

export const PublicLinkList = Type.Array(PublicLink);

/**
 * The path parameter of the public routes: any short text, so an id of the wrong shape is answered like an unknown
 * one (404), and the answer tells nothing about which ids exist.
 */
export const PublicLinkParams = Type.Object({ link: Type.String({ minLength: 1, maxLength: 64 }) });
export type PublicLinkParams = Static<typeof PublicLinkParams>;

/** A published chart as anyone holding its link sees it. */
export const PublicChart = Type.Object({
  id: PublicLinkId,
  name: Type.String(),
  note: Type.String(),
  root_type: RootTypeSchema,
  buttons: Type.Array(RangeButton),
  pairs: Type.Array(Pair),
  /** The owner's username (usernames are public). */
  owner: Type.String(),
  /** When the link was made, and when the chart was last saved: the page shows it live. */
  published_at: Type.String(),
  updated_at: Type.String(),
  /** Bumped by every save of the chart: the preview image's address carries it, so chat apps fetch a new one. */
  revision: Type.Integer(),
});
export type PublicChart = Static<typeof PublicChart>;
