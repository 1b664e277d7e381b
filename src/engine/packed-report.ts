// A heads-up report packed by the engine as one array of numbers (`equityReportPacked`, `finishTalliesPacked` in
// crates/equity-wasm): a worker moves that array to the main thread instead of a tree of objects that the engine
// would build one property at a time and structured cloning would copy one property at a time again. The layout is
// the engine's `pack_report`: both sides' totals, the class equities (169, or none when the job left them out) after
// their count, then the next cards after theirs.
import { cardText, CLASS_COUNT } from '../../contract/hands.ts';
import type { EquityChange, EquityReport, SideTotals } from './engine-types.ts';

const SIDE = 5;
const CHANGES: readonly EquityChange[] = ['increase', 'keep', 'reduce'];

function side(packed: Float64Array, offset: number): SideTotals {
  return {
    equity: packed[offset]!,
    win: packed[offset + 1]!,
    tie: packed[offset + 2]!,
    lose: packed[offset + 3]!,
    combos: packed[offset + 4]!,
  };
}

/** The report (without per-combo equities) a packed array stands for; throws on an array of another shape. */
export function unpackReport(packed: Float64Array): EquityReport {
  const matrixAt = 2 * SIDE + 1;
  const classes = packed[matrixAt - 1] ?? NaN;
  if (classes !== 0 && classes !== CLASS_COUNT) {
    throw new Error(`Not a packed equity report (${packed.length} numbers)`);
  }
  const cardsAt = matrixAt + classes;
  const count = packed[cardsAt] ?? NaN;
  if (!Number.isInteger(count) || packed.length !== cardsAt + 1 + 3 * count) {
    throw new Error(`Not a packed equity report (${packed.length} numbers)`);
  }
  const next_cards = [];
  for (let offset = cardsAt + 1; offset < packed.length; offset += 3) {
    const change = CHANGES[packed[offset + 2]!];
    if (!change) throw new Error(`Not a packed equity report (change ${packed[offset + 2]})`);
    next_cards.push({ card: cardText(packed[offset]!), equity: packed[offset + 1]!, change });
  }
  return {
    hero: side(packed, 0),
    villain: side(packed, SIDE),
    matrix: Array.from(packed.subarray(matrixAt, cardsAt)),
    next_cards,
  };
}
