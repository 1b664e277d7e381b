// Result shapes of the engine, re-exported from the wasm facade's generated declarations so the app, the worker
// and the Node tools share one definition.
export type {
  CategoryStat,
  EquityChange,
  EquityReport,
  HandCategory,
  HandRankInfo,
  NextCard,
  SideTotals,
} from '@equity-wasm';

/** Number of two-card combos; every range crosses the worker boundary as this many weights. */
export const COMBO_COUNT = 1326;
/** Number of hand classes in the 13x13 grid. */
export const CLASS_COUNT = 169;
