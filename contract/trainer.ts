import { type Static, Type } from '@sinclair/typebox';

import { ColorEntry, Pair, RangeButton, RootTypeSchema } from './categories.ts';
import { Id } from './envelope.ts';
import { COLOR_PATTERN, COMBO_PATTERN } from './hands.ts';
import { TRAINER_BATCH_MAX, TRAINER_MAX_BOX } from './limits.ts';
import { SpotEv } from './spot-ev.ts';

/** What the trainer needs to deal from one chart: the answers it offers and where the chart sits in the library. */
export const TrainerChart = Type.Object({
  id: Id,
  name: Type.String(),
  root_type: RootTypeSchema,
  /** Names of the folders above the chart, top first: the spot the hand is played in. */
  path: Type.Array(Type.String()),
  /** Effective stack in big blinds for tournament charts whose name or folders give one ("10bb"), else null. */
  stack_bb: Type.Union([Type.Number(), Type.Null()]),
  /**
   * The actions to answer with: the chart's buttons, then any colour its cells use without a button (label "").
   * "Not in the range" (fold) is always offered besides these.
   */
  actions: Type.Array(RangeButton),
  /** Leitner box per hand class answered before on this chart; classes not listed are in TRAINER_START_BOX. */
  boxes: Type.Record(Type.String(), Type.Integer({ minimum: 0, maximum: TRAINER_MAX_BOX })),
  /**
   * The chart's cells that hold anything (colours or left-out combos), in grid order; every other class is a pure
   * fold. The drill grades from them at once and deals by them (how much each class teaches).
   */
  cells: Type.Array(Pair),
  /**
   * For a chart saved from a solved push/fold spot: each class's EV of playing and of folding, so a wrong answer is
   * shown with what it costs. Null for every other chart.
   */
  spot_ev: Type.Union([SpotEv, Type.Null()]),
});
export type TrainerChart = Static<typeof TrainerChart>;

/**
 * One answer. `color` is the chosen action (#RRGGBB), null for "not in the range"; `frequency` (0-100) only in
 * frequency mode. The hand is one concrete combo ("AsKd"); the server grades it against the stored chart.
 */
export const TrainerAnswerBody = Type.Object(
  {
    category_id: Id,
    combo: Type.String({ pattern: COMBO_PATTERN }),
    color: Type.Union([Type.String({ pattern: COLOR_PATTERN }), Type.Null()]),
    frequency: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
  },
  { additionalProperties: false },
);
export type TrainerAnswerBody = Static<typeof TrainerAnswerBody>;

/** A batch of answers, in the order given; recorded in one write, each graded by the server (TRAINER_BATCH_MAX). */
export const TrainerAnswersBody = Type.Object(
  { answers: Type.Array(TrainerAnswerBody, { minItems: 1, maxItems: TRAINER_BATCH_MAX }) },
  { additionalProperties: false },
);
export type TrainerAnswersBody = Static<typeof TrainerAnswersBody>;

export const TrainerAnswerResult = Type.Object({
  correct: Type.Boolean(),
  /** The grid class of the combo ("AKo"). */
  hand: Type.String(),
  combo: Type.String(),
  /** The right answer: the cell's colours and weights, and the share not in the range (fold), 0-100. */
  colors: Type.Array(ColorEntry),
  fold: Type.Number(),
  /** Weight of the chosen action in the cell (0 when it is not part of the answer). */
  chosen_weight: Type.Number(),
  /** True when the combo itself is left out of the cell by the suit editor (so the answer is fold). */
  excluded: Type.Boolean(),
  /** The class's Leitner box on this chart after the answer. */
  box: Type.Integer(),
  /** The player's running streak of right answers and best streak ever, over all charts. */
  streak: Type.Integer(),
  best_streak: Type.Integer(),
});
export type TrainerAnswerResult = Static<typeof TrainerAnswerResult>;

/**
 * The batch's answers as the server graded and recorded them, in the order sent. An answer on a chart that is not
 * the player's range any more (deleted meanwhile in another tab) is not counted: null in its place.
 */
export const TrainerAnswersResult = Type.Object({
  results: Type.Array(Type.Union([TrainerAnswerResult, Type.Null()])),
});
export type TrainerAnswersResult = Static<typeof TrainerAnswersResult>;

export const TrainerWeakClass = Type.Object({
  category_id: Id,
  category_name: Type.String(),
  hand: Type.String(),
  shown: Type.Integer(),
  missed: Type.Integer(),
});
export type TrainerWeakClass = Static<typeof TrainerWeakClass>;

/** The profile's summary: every answer of the player over all charts. */
export const TrainerSummary = Type.Object({
  hands: Type.Integer(),
  correct: Type.Integer(),
  /** correct / hands, 0 when nothing was answered. */
  accuracy: Type.Number(),
  streak: Type.Integer(),
  best_streak: Type.Integer(),
  /** Up to five classes missed most (by missed share, then count), each on its chart. */
  weakest: Type.Array(TrainerWeakClass),
});
export type TrainerSummary = Static<typeof TrainerSummary>;
