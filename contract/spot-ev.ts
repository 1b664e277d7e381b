import { type Static, Type } from '@sinclair/typebox';

import { StringEnum } from './envelope.ts';
import { CLASS_COUNT, COLOR_PATTERN } from './hands.ts';

/**
 * The unit of a solved spot's values: `bb` is chip EV (the stack's change in big blinds), `pool_pct` prize equity
 * under ICM in percent of the prize pool.
 */
export const SPOT_EV_UNITS = ['bb', 'pool_pct'] as const;
export type SpotEvUnit = (typeof SPOT_EV_UNITS)[number];

/**
 * Bound on any stored value: chip EVs are stack changes of at most the deepest stack a spot takes (10,000 bb), prize
 * equity at most the whole pool (100%). Anything beyond is no solver's answer.
 */
export const SPOT_EV_MAX = 100_000;

/**
 * A number or null as one JSON-schema type list, not an anyOf: the server's validator coerces types, and in an anyOf
 * of number and null it would turn null into 0 (the number branch coerces first) or 0 into null (the other way round).
 * With the type list a value of either type is taken as it is.
 */
const NumberOrNull = Type.Unsafe<number | null>({
  type: ['number', 'null'],
  minimum: -SPOT_EV_MAX,
  maximum: SPOT_EV_MAX,
});

/** One value per hand class in grid order (AA, AKs, ..., AKo, KK, ...); null where the class never gets there. */
const ClassValues = Type.Array(NumberOrNull, { minItems: CLASS_COUNT, maxItems: CLASS_COUNT });

const SpotAction = Type.Object(
  {
    /** The chart's button colour of the action (#RRGGBB). */
    color: Type.String({ pattern: COLOR_PATTERN }),
    /** Each class's EV of taking the action, in `unit`. */
    ev: ClassValues,
  },
  { additionalProperties: false },
);

/**
 * What a push/fold chart solved by the engine carries besides its frequencies: each class's EV of playing (pushing,
 * calling) and of folding, so the trainer can say what a wrong answer costs. A push/fold decision has exactly these
 * two actions; "not in the range" on the chart is the fold. The EVs are the spot's, against the other seats'
 * equilibrium strategies: they stay true when the player repaints the chart.
 */
export const SpotEv = Type.Object(
  {
    unit: StringEnum(SPOT_EV_UNITS),
    play: SpotAction,
    fold: SpotAction,
  },
  { additionalProperties: false },
);
export type SpotEv = Static<typeof SpotEv>;
