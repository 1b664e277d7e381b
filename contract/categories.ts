import { type Static, Type } from '@sinclair/typebox';

import { Id, StringEnum } from './envelope.ts';
import { COLOR_PATTERN, COMBO_PATTERN } from './hands.ts';
import {
  CATEGORY_NAME_MAX,
  MAX_DEAD_CARDS,
  MAX_EXTRA_VILLAINS,
  NOTE_MAX,
  VILLAIN_TEXT_MAX,
} from './limits.ts';
import { SpotEv } from './spot-ev.ts';

export const ROOT_TYPES = ['preflop_root', 'tournament_root'] as const;
export type RootType = (typeof ROOT_TYPES)[number];
export const RootTypeSchema = StringEnum(ROOT_TYPES);

/** folder: holds children; range: a 13x13 chart; tournament: a folder-like node for tournament stacks/spots. */
export const CATEGORY_KINDS = ['folder', 'range', 'tournament'] as const;
export type CategoryKind = (typeof CATEGORY_KINDS)[number];
export const CategoryKindSchema = StringEnum(CATEGORY_KINDS);

/**
 * Everyone, Premium included: at most this many categories (bought strategies count) and notes of NOTE_MAX
 * characters (limits.ts). Past the category cap the server answers 409 `categoryLimitReached`.
 */
export const CATEGORY_HARD_LIMIT = 5000;

export const ColorEntry = Type.Object({
  color: Type.String({ pattern: COLOR_PATTERN }),
  weight: Type.Number({ minimum: 0, maximum: 100 }),
});
export type ColorEntry = Static<typeof ColorEntry>;

/**
 * One grid cell: hand class key (see hands.ts) and its colour entries; total weight <= 100. `excluded` lists the
 * single combos of the class the suit editor leaves out ("AhKh"; each a combo of `hand`, once, never all of them);
 * absent or empty = every combo is in. The server answers it only when non-empty, in canonical spelling.
 */
export const Pair = Type.Object({
  hand: Type.String({ minLength: 2, maxLength: 3 }),
  colors: Type.Array(ColorEntry, { maxItems: 100 }),
  excluded: Type.Optional(Type.Array(Type.String({ pattern: COMBO_PATTERN }), { maxItems: 11 })),
});
export type Pair = Static<typeof Pair>;

export const RangeButton = Type.Object({
  color: Type.String({ pattern: COLOR_PATTERN }),
  label: Type.String({ maxLength: 60 }),
});
export type RangeButton = Static<typeof RangeButton>;

/** A card: "Ah", any case, a ten as "Th" or as the range tool's picker writes it, "10h" (stored as "Th"). */
export const CARD_PATTERN = '^(?:10|[AKQJTakqjt98765432])[cdhsCDHS]$';

const SideColors = Type.Array(Type.String({ pattern: COLOR_PATTERN }), { maxItems: 50 });

/**
 * Where one range of the equity comes from: the hero or a villain. Exactly one source:
 * - `colors` alone: those colours (actions) of the chart the workspace is saved with, read live while it is painted;
 * - `category_id`: a range of the player's library (own, bought or received, this one included) with the `colors`
 *   picked, every colour of it when `colors` is empty or absent; the server checks the caller may read it;
 * - `text`: a range typed in PokerStove notation ("QQ+, AKs, KJo:0.5");
 * - `cards`: two hole cards ("Ah", "Kd"); none while the player has not typed them (the side then takes no part).
 * Sides are independent: a hand may be in several of them, and card removal applies per pair of combos.
 */
export const EquitySide = Type.Object(
  {
    category_id: Type.Optional(Id),
    colors: Type.Optional(SideColors),
    text: Type.Optional(Type.String({ maxLength: VILLAIN_TEXT_MAX })),
    cards: Type.Optional(Type.Array(Type.String({ pattern: CARD_PATTERN }), { maxItems: 2 })),
  },
  { additionalProperties: false },
);
export type EquitySide = Static<typeof EquitySide>;

/** The equity's hero and first villain, saved with a range; the later villains are in its workspace. */
export const RangeSides = Type.Object(
  { hero: EquitySide, villain: EquitySide },
  { additionalProperties: false },
);
export type RangeSides = Static<typeof RangeSides>;

/**
 * The sides as pages before independent sides sent them (and may still send from a held edit): the colours of the
 * chart forming each side. Read as `{ colors }` sides of the chart.
 */
export const LegacyRangeSides = Type.Object({
  hero: SideColors,
  villain: SideColors,
});
export type LegacyRangeSides = Static<typeof LegacyRangeSides>;

/** One villain after the first: any side (a chart of the library with its colours, text, hole cards). */
export const WorkspaceVillain = EquitySide;
export type WorkspaceVillain = EquitySide;

/** The equity workspace saved with a range beside its sides: the extra villains and the dead cards ("Ah"). */
export const RangeWorkspace = Type.Object(
  {
    villains: Type.Array(WorkspaceVillain, { maxItems: MAX_EXTRA_VILLAINS }),
    dead: Type.Array(Type.String({ pattern: CARD_PATTERN }), { maxItems: MAX_DEAD_CARDS }),
  },
  { additionalProperties: false },
);
export type RangeWorkspace = Static<typeof RangeWorkspace>;

/** Sides in a request body: the current shape, or the colour lists of older pages. */
const SidesInput = Type.Union([RangeSides, LegacyRangeSides, Type.Null()]);

export const CategoryName = Type.String({ minLength: 1, maxLength: CATEGORY_NAME_MAX });

export const CreateCategoryBody = Type.Object({
  name: CategoryName,
  kind: CategoryKindSchema,
  root_type: RootTypeSchema,
  parent_id: Type.Optional(Type.Union([Id, Type.Null()])),
  note: Type.Optional(Type.String({ maxLength: NOTE_MAX })),
  buttons: Type.Optional(Type.Array(RangeButton, { maxItems: 50 })),
  pairs: Type.Optional(Type.Array(Pair, { maxItems: 169 })),
  sides: Type.Optional(SidesInput),
  workspace: Type.Optional(Type.Union([RangeWorkspace, Type.Null()])),
  /** A range solved by the engine's push/fold solver: each class's EV of its two actions (spot-ev.ts). */
  spot_ev: Type.Optional(Type.Union([SpotEv, Type.Null()])),
});
export type CreateCategoryBody = Static<typeof CreateCategoryBody>;

/**
 * Update: every field optional; `pairs` replaces the whole chart (left-out combos included), `buttons` the whole
 * button list, `sides` the hero and first villain (null forgets them), `workspace` the extra villains and dead cards.
 */
export const UpdateCategoryBody = Type.Object({
  id: Type.Optional(Id),
  name: Type.Optional(CategoryName),
  note: Type.Optional(Type.String({ maxLength: NOTE_MAX })),
  buttons: Type.Optional(Type.Array(RangeButton, { maxItems: 50 })),
  pairs: Type.Optional(Type.Array(Pair, { maxItems: 169 })),
  sides: Type.Optional(SidesInput),
  /**
   * The range's revision this edit was based on: when the range has moved since (saved in another session), the
   * server answers 409 `rangeConflict` with the current version and changes nothing. Omitted: no check (rename).
   */
  base_revision: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
  workspace: Type.Optional(Type.Union([RangeWorkspace, Type.Null()])),
});
export type UpdateCategoryBody = Static<typeof UpdateCategoryBody>;

export const Category = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  kind: CategoryKindSchema,
  root_type: RootTypeSchema,
  parent_id: Type.Union([Type.Integer(), Type.Null()]),
  position: Type.Integer(),
  note: Type.String(),
  buttons: Type.Array(RangeButton),
  /** The range's saved hero and first villain; null when never chosen (the editor then plays its first colours). */
  sides: Type.Union([RangeSides, Type.Null()]),
  /** Bumped by every save of the chart, buttons, note or sides; a save names the revision it was based on. */
  revision: Type.Integer(),
  /** The saved extra villains and dead cards; null when never saved. */
  workspace: Type.Union([RangeWorkspace, Type.Null()]),
  /**
   * A solved push/fold range's per-class EVs (spot-ev.ts), kept through copies. The server always answers it (null
   * for every other range); optional so a reader may treat an absent value as none.
   */
  spot_ev: Type.Optional(Type.Union([SpotEv, Type.Null()])),
  /** True for ready-made strategies (bought or seeded): create_from_template copies them. */
  is_template: Type.Boolean(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type Category = Static<typeof Category>;

export interface TreeNode {
  id: number;
  name: string;
  kind: CategoryKind;
  position: number;
  is_template: boolean;
  children: TreeNode[];
}
export const TreeNode = Type.Recursive(
  (self) =>
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      kind: CategoryKindSchema,
      position: Type.Integer(),
      is_template: Type.Boolean(),
      children: Type.Array(self),
    }),
  { $id: 'TreeNode' },
);

export const TreeQuery = Type.Object({ root_type: RootTypeSchema });
export const TreeResponse = Type.Object({ root_type: RootTypeSchema, children: Type.Array(TreeNode) });
export type TreeResponse = Static<typeof TreeResponse>;

/**
 * The range endpoint: `category_id` names the range; `begin`/`end` select a window of grid cells by row-major index
 * (0..169, end exclusive) so the SPA can load a chart in parts. Without them the whole chart comes back.
 */
export const RangeQuery = Type.Object({
  category_id: Id,
  begin: Type.Optional(Type.Integer({ minimum: 0, maximum: 169 })),
  end: Type.Optional(Type.Integer({ minimum: 0, maximum: 169 })),
});
export type RangeQuery = Static<typeof RangeQuery>;

export const ShareBody = Type.Object({
  category_id: Id,
  user_ids: Type.Array(Id, { minItems: 1, maxItems: 50 }),
});
export type ShareBody = Static<typeof ShareBody>;
export const ShareResponse = Type.Object({ shared: Type.Integer() });

export const IncomingStrategy = Type.Object({
  id: Type.Integer(),
  category_id: Type.Integer(),
  name: Type.String(),
  kind: CategoryKindSchema,
  root_type: RootTypeSchema,
  from_user: Type.String(),
  datetime: Type.String(),
});
export type IncomingStrategy = Static<typeof IncomingStrategy>;

/** SPEC §7: incoming answers `{ total, page, per_page, list }`. */
export const IncomingPage = Type.Object({
  total: Type.Integer(),
  page: Type.Integer(),
  per_page: Type.Integer(),
  list: Type.Array(IncomingStrategy),
});
export type IncomingPage = Static<typeof IncomingPage>;

export const AcceptResponse = Type.Object({
  category_id: Type.Integer(),
  /** Free tier (SPEC §4): the first category of the list is deleted to make room; its id, else null. */
  removed_category_id: Type.Union([Type.Integer(), Type.Null()]),
});

/** A category of the recipient's own library, named by the compare answer. */
export const CategoryRef = Type.Object({ id: Type.Integer(), name: Type.String(), kind: CategoryKindSchema });
export type CategoryRef = Static<typeof CategoryRef>;

/**
 * Accept: which own category the player agreed to lose to the free-tier swap (SPEC §4), as the compare answer named
 * it; null or left out when they agreed to lose none. The server never deletes anything else: when the swap would
 * now take a category other than the agreed one (the library changed since the player looked, or nothing was
 * agreed), the accept is refused with 409 `acceptSwapChanged` carrying `current.replaces`, and nothing changes. When
 * the swap would take nothing now (Premium since, or an empty list), the accept goes through without a deletion.
 */
export const AcceptBody = Type.Object(
  { replaces: Type.Optional(Type.Union([Id, Type.Null()])) },
  { additionalProperties: false },
);
export type AcceptBody = Static<typeof AcceptBody>;

/** The 409 of accept: the error and what accepting would delete now, for the dialog to ask again. */
export const AcceptConflictBody = Type.Object({
  error: Type.String(),
  code: Type.Optional(Type.String()),
  current: Type.Optional(Type.Object({ replaces: Type.Union([CategoryRef, Type.Null()]) })),
});

/**
 * The strategy diff of an incoming strategy: the shared range's chart with its buttons (the action names)
 * and what accepting it would cost the recipient now. `replaces` is the category the free-tier swap (SPEC §4) would
 * delete, computed by the same rule as the accept route; null for Premium or an empty list. It is advice at the
 * time of asking: the library may change before the player accepts.
 */
export const IncomingCompare = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  kind: CategoryKindSchema,
  root_type: RootTypeSchema,
  from_user: Type.String(),
  buttons: Type.Array(RangeButton),
  pairs: Type.Array(Pair),
  replaces: Type.Union([CategoryRef, Type.Null()]),
});
export type IncomingCompare = Static<typeof IncomingCompare>;

/**
 * A 409 of the update route. For `rangeConflict` (a save based on an old revision) `current` is the range as it is
 * now, so the player can compare; other conflicts carry no `current`.
 */
export const RangeConflictBody = Type.Object({
  error: Type.String(),
  code: Type.Optional(Type.String()),
  current: Type.Optional(Type.Object({ category: Category, pairs: Type.Array(Pair) })),
});
export type RangeConflictBody = Static<typeof RangeConflictBody>;
