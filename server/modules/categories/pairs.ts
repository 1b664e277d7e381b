import type { ColorEntry, Pair, RangeButton } from '../../../contract/categories.ts';
import { HAND_CLASSES, isHandClass, MAX_PAIR_WEIGHT } from '../../../contract/hands.ts';
import { badRequest } from '../../lib/http-error.ts';

/** Stored chart: hand class → colour entries; cells without colours are not stored. */
export type StoredPairs = Record<string, ColorEntry[]>;

// Weights are percentages with decimals; a tiny tolerance keeps 33.33 + 33.33 + 33.34 valid after float sums.
const EPSILON = 1e-9;

/** Validates a chart from a client: known hands, once each, total weight per pair at most 100. */
export function normalizePairs(pairs: Pair[]): StoredPairs {
  const stored: StoredPairs = {};
  const seen = new Set<string>();
  for (const pair of pairs) {
    if (!isHandClass(pair.hand) || seen.has(pair.hand)) throw badRequest('invalidHand');
    seen.add(pair.hand);
    const total = pair.colors.reduce((sum, entry) => sum + entry.weight, 0);
    if (total > MAX_PAIR_WEIGHT + EPSILON) throw badRequest('pairTotalTooHigh');
    const colors = pair.colors
      .filter((entry) => entry.weight > 0)
      .map((entry) => ({ color: entry.color.toUpperCase(), weight: entry.weight }));
    if (colors.length > 0) stored[pair.hand] = colors;
  }
  return stored;
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
  return HAND_CLASSES.slice(from, to).map((hand) => ({ hand, colors: stored[hand] ?? [] }));
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
