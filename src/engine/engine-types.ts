// Result shapes of the engine, re-exported from the wasm facade's generated declarations so the app, the worker
// and the Node tools share one definition.
export type {
  CategoryStat,
  EquityChange,
  EquityReport,
  FlopClass,
  FlopOutcome,
  FlopPlan,
  FlopRow,
  FlopTexture,
  HandCategory,
  HandRankInfo,
  NextCard,
  SideTotals,
} from '@equity-wasm';
