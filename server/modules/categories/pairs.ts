import type { ColorEntry, Pair, RangeButton } from '../../../contract/categories.ts';
import {
  canonicalCombo,
  classCombos,
  HAND_CLASSES,
  isHandClass,
  MAX_PAIR_WEIGHT,
  PAIR_WEIGHT_TOLERANCE,
} from '../../../contract/hands.ts';
import { badRequest } from '../../lib/http-error.ts';

/**
 * One stored cell: its colour entries, or, when the suit editor left combos out, `{ colors, excluded }`. The plain
 * list is the original format (older rows and strategy packs), so both are read.
 */
export type StoredCell = ColorEntry[] | { colors: ColorEntry[]; excluded: string[] };
/** Stored chart: hand class → cell; cells without colours and without left-out combos are not stored. */
export type StoredPairs = Record<string, StoredCell>;

/** Canonical left-out combos of a pair: each a combo of the class, once, and not every combo of it. */
function normalizeExcluded(hand: string, excluded: readonly string[]): string[] {
  const result = new Set<string>();
  for (const combo of excluded) {
    const canonical = canonicalCombo(hand, combo);
    if (!canonical) throw badRequest('invalidCombo');
    if (result.has(canonical)) throw badRequest('duplicateCombo');
    result.add(canonical);
  }
  if (result.size > 0 && result.size >= classCombos(hand).length) throw badRequest('allCombosExcluded');
  // Stored in the suit editor's order, so equal choices store equally.
  return classCombos(hand).filter((combo) => result.has(combo));
}

/** Validates a chart from a client: known hands, once each, total weight per pair at most 100. */
export function normalizePairs(pairs: Pair[]): StoredPairs {
  const stored: StoredPairs = {};
  const seen = new Set<string>();
  for (const pair of pairs) {
    if (!isHandClass(pair.hand) || seen.has(pair.hand)) throw badRequest('invalidHand');
    seen.add(pair.hand);
    // Each weight in 0..100 (a non-finite one would make the total NaN, which no comparison catches).
    if (pair.colors.some((entry) => !(entry.weight >= 0 && entry.weight <= MAX_PAIR_WEIGHT)))
      throw badRequest('invalidWeight');
    const total = pair.colors.reduce((sum, entry) => sum + entry.weight, 0);
    if (!(total <= MAX_PAIR_WEIGHT + PAIR_WEIGHT_TOLERANCE)) throw badRequest('pairTotalTooHigh');
    const colors = pair.colors
      .filter((entry) => entry.weight > 0)
      .map((entry) => ({ color: entry.color.toUpperCase(), weight: entry.weight }));
    const excluded = normalizeExcluded(pair.hand, pair.excluded ?? []);
    if (excluded.length > 0) stored[pair.hand] = { colors, excluded };
    else if (colors.length > 0) stored[pair.hand] = colors;
  }
  return stored;
}

/** A stored cell as the contract's pair; `excluded` only when combos are left out. */
function cellToPair(hand: string, cell: StoredCell | undefined): Pair {
  if (!cell) return { hand, colors: [] };
  if (Array.isArray(cell)) return { hand, colors: cell };
  const colors = Array.isArray(cell.colors) ? cell.colors : [];
  const excluded = Array.isArray(cell.excluded) ? cell.excluded : [];
  return excluded.length ? { hand, colors, excluded } : { hand, colors };
}

export function parsePairs(json: string): StoredPairs {
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === 'object' ? (value as StoredPairs) : {};
  } catch {
    return {};
  }
}

/** Grid cells `begin..end` (row-major, end exclusive) with their colours; empty cells have an empty list. */
export function pairsWindow(stored: StoredPairs, begin = 0, end = HAND_CLASSES.length): Pair[] {
  const from = Math.max(0, Math.min(begin, HAND_CLASSES.length));
  const to = Math.max(from, Math.min(end, HAND_CLASSES.length));
  return HAND_CLASSES.slice(from, to).map((hand) => cellToPair(hand, stored[hand]));
}

export function parseButtons(json: string): RangeButton[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? (value as RangeButton[]) : [];
  } catch {
    return [];
  }
}

export const normalizeButtons = (buttons: RangeButton[]): RangeButton[] =>
  buttons.map((button) => ({ color: button.color.toUpperCase(), label: button.label.trim() }));
