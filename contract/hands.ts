// The one TypeScript module for cards, combos and hand classes, with the engine's indexing (crates/equity combo.rs):
// card = rank * 4 + suit with rank 0 = deuce .. 12 = ace and suits c, d, h, s; the combo of cards lo < hi is
// hi * (hi - 1) / 2 + lo (1326 in all). The 13x13 grid is row-major with row and column 0 = ace. The SPA, the
// server and the tests use only this module; tests/engine/cards-parity.test.ts checks it against the wasm build.

/** Rank characters by engine rank (0 = deuce .. 12 = ace); "T" is the ten (the UI also reads "10"). */
export const RANK_CHARS = '23456789TJQKA';
/** Suit characters by engine suit index. */
export const SUIT_CHARS = 'cdhs';
/** Number of two-card combos; every range crosses the worker boundary as this many weights. */
export const COMBO_COUNT = 1326;
/** Number of hand classes in the 13x13 grid. */
export const CLASS_COUNT = 169;

/** Grid ranks, ace first (row / column order). */
export const GRID_RANKS = ['A', 'K', 'Q', 'J', 'T', '9', '8', '7', '6', '5', '4', '3', '2'] as const;

/**
 * The 169 starting-hand classes of the 13x13 grid, row-major: row i, column j; i == j pairs ("AA"), i < j suited
 * ("AKs", upper right), i > j offsuit ("AKo", lower left). Ten is "T" in class keys.
 */
export function handAt(row: number, col: number): string {
  const high = GRID_RANKS[Math.min(row, col)];
  const low = GRID_RANKS[Math.max(row, col)];
  if (row === col) return `${high}${low}`;
  return `${high}${low}${row < col ? 's' : 'o'}`;
}

export const HAND_CLASSES: readonly string[] = Array.from({ length: CLASS_COUNT }, (_, index) =>
  handAt(Math.floor(index / 13), index % 13),
);

const HAND_SET = new Set(HAND_CLASSES);

export function isHandClass(value: string): boolean {
  return HAND_SET.has(value);
}

/** Default colour and weight (SPEC §9). */
export const DEFAULT_COLOR = '#1847BE';
export const DEFAULT_WEIGHT = 100;
export const MAX_PAIR_WEIGHT = 100;
/**
 * A pair's entries are percentages with decimals, so their sum is compared with MAX_PAIR_WEIGHT with this tolerance:
 * 2.9 + 67.4 + 29.7 is 100.00000000000001 in floating point, and is a full pair, not an overflow.
 */
export const PAIR_WEIGHT_TOLERANCE = 1e-9;
export const COLOR_PATTERN = '^#[0-9A-Fa-f]{6}$';

/** A single combo as two cards, rank then suit ("AhKh", "Tc9c"); see classCombos for the canonical spelling. */
export const COMBO_PATTERN = '^[AKQJT98765432][cdhs][AKQJT98765432][cdhs]$';

/** Engine card index of "Ah" / "10h" / "Th" (either case); -1 when unreadable. */
export function cardIndex(card: string): number {
  const text = card.trim().replace(/^10/, 'T');
  if (text.length !== 2) return -1;
  const rank = RANK_CHARS.indexOf(text.charAt(0).toUpperCase());
  const suit = SUIT_CHARS.indexOf(text.charAt(1).toLowerCase());
  return rank < 0 || suit < 0 ? -1 : rank * 4 + suit;
}

/** "Ah" for an engine card index. */
export function cardText(index: number): string {
  return `${RANK_CHARS.charAt(index >> 2)}${SUIT_CHARS.charAt(index & 3)}`;
}

/**
 * Engine card indices of a run of cards written without separators or with spaces/commas ("Kh9d4c", "10h 9d");
 * null when any card is unreadable or repeated.
 */
export function parseCards(text: string): number[] | null {
  const compact = text.replace(/[\s,]/g, '').replace(/10/g, 'T');
  if (compact.length % 2 !== 0) return null;
  const cards: number[] = [];
  for (let offset = 0; offset < compact.length; offset += 2) {
    const card = cardIndex(compact.slice(offset, offset + 2));
    if (card < 0 || cards.includes(card)) return null;
    cards.push(card);
  }
  return cards;
}

/** Combo index of two distinct engine cards, in either order. */
export function comboIndex(a: number, b: number): number {
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  return (hi * (hi - 1)) / 2 + lo;
}

/** The two engine cards (lo, hi) of a combo index. */
export function comboCards(index: number): [number, number] {
  let hi = 1;
  while (((hi + 1) * hi) / 2 <= index) hi += 1;
  return [index - (hi * (hi - 1)) / 2, hi];
}

/** Grid class (row * 13 + col) of a combo of two engine cards. */
export function classOfCards(a: number, b: number): number {
  const rowOf = (card: number) => 12 - (card >> 2);
  const [ra, rb] = [rowOf(a), rowOf(b)];
  if (ra === rb) return ra * 13 + ra;
  const [high, low] = ra < rb ? [ra, rb] : [rb, ra];
  return (a & 3) === (b & 3) ? high * 13 + low : low * 13 + high;
}

/** Grid class of every combo index, built once. */
export const COMBO_CLASS: Uint8Array = (() => {
  const classes = new Uint8Array(COMBO_COUNT);
  for (let hi = 1; hi < 52; hi += 1) {
    for (let lo = 0; lo < hi; lo += 1) classes[comboIndex(lo, hi)] = classOfCards(lo, hi);
  }
  return classes;
})();

/** Number of combos in a hand class: pairs 6, suited 4, offsuit 12; 0 for an unknown class. */
export function classComboCount(hand: string): number {
  if (!isHandClass(hand)) return 0;
  if (hand.length === 2) return 6;
  return hand.endsWith('s') ? 4 : 12;
}

const COMBO_SUITS = ['h', 'c', 'd', 's'] as const;

/**
 * The single combos of a hand class in canonical spelling, the suit editor's order: 6 for a pair ("AhAc"…),
 * 4 suited ("AhKh"…), 12 offsuit ("AhKc"…). Unknown classes have none.
 */
export function classCombos(hand: string): string[] {
  if (!isHandClass(hand)) return [];
  const [high, low] = [hand.charAt(0), hand.charAt(1)];
  const combos: string[] = [];
  COMBO_SUITS.forEach((a, i) => {
    COMBO_SUITS.forEach((b, j) => {
      if (hand.length === 2 ? j > i : hand.endsWith('s') ? a === b : a !== b)
        combos.push(`${high}${a}${low}${b}`);
    });
  });
  return combos;
}

/** The canonical spelling of `combo` if it is a combo of `hand` (either card first), else null. */
export function canonicalCombo(hand: string, combo: string): string | null {
  const combos = classCombos(hand);
  if (combos.includes(combo)) return combo;
  const swapped = `${combo.slice(2, 4)}${combo.slice(0, 2)}`;
  return combo.length === 4 && combos.includes(swapped) ? swapped : null;
}

/** 169 class weights (row-major, ace first) to 1326 combo weights: every combo takes its class's weight. */
export function classWeightsToRange(grid: ArrayLike<number>): Float32Array {
  if (grid.length !== CLASS_COUNT)
    throw new Error(`expected ${CLASS_COUNT} class weights, got ${grid.length}`);
  const range = new Float32Array(COMBO_COUNT);
  for (let combo = 0; combo < COMBO_COUNT; combo += 1) range[combo] = grid[COMBO_CLASS[combo]!]!;
  return range;
}

/** 169 class weights (mean weight of each class's combos) from 1326 combo weights. */
export function rangeToClassWeights(range: ArrayLike<number>): Float32Array {
  const sums = new Float64Array(CLASS_COUNT);
  const counts = new Float64Array(CLASS_COUNT);
  for (let combo = 0; combo < COMBO_COUNT; combo += 1) {
    sums[COMBO_CLASS[combo]!]! += range[combo] ?? 0;
    counts[COMBO_CLASS[combo]!]! += 1;
  }
  return Float32Array.from(sums, (sum, index) => sum / (counts[index] || 1));
}

/** A range holding exactly one hand (hand-vs-range equity); null unless two distinct readable cards. */
export function handRange(cards: readonly string[]): Float32Array | null {
  if (cards.length !== 2) return null;
  const [a, b] = cards.map(cardIndex) as [number, number];
  if (a < 0 || b < 0 || a === b) return null;
  const range = new Float32Array(COMBO_COUNT);
  range[comboIndex(a, b)] = 1;
  return range;
}

/** A copy of `range` with the excluded single combos (suit editor; class → "AhKh"…) at weight 0. */
export function applyExclusions(
  range: Float32Array,
  exclusions: Readonly<Record<string, readonly string[]>>,
): Float32Array {
  const out = range.slice();
  for (const combos of Object.values(exclusions)) {
    for (const combo of combos) {
      const a = cardIndex(combo.slice(0, 2));
      const b = cardIndex(combo.slice(2, 4));
      if (a >= 0 && b >= 0 && a !== b) out[comboIndex(a, b)] = 0;
    }
  }
  return out;
}

/** Total weight of a range in combos (a combo at weight 0.5 counts half). */
export function rangeCombos(range: ArrayLike<number>): number {
  let total = 0;
  for (let combo = 0; combo < range.length; combo += 1) total += range[combo] ?? 0;
  return total;
}

/**
 * Combos of a chart, whole (each class at its total weight, 100 % at most) and per colour (lower-case key), with the
 * combos the suit editor left out (`exclusions`, class → combos) not counted. Weights are percentages.
 */
export function chartComboCounts(
  pairs: Readonly<Record<string, ReadonlyArray<{ color: string; weight: number }>>>,
  exclusions: Readonly<Record<string, readonly string[]>> = {},
): { total: number; byColor: Record<string, number> } {
  let total = 0;
  const byColor: Record<string, number> = {};
  for (const [hand, entries] of Object.entries(pairs)) {
    const combos = Math.max(0, classComboCount(hand) - (exclusions[hand]?.length ?? 0));
    const weight = entries.reduce((sum, entry) => sum + entry.weight, 0);
    total += (combos * Math.min(MAX_PAIR_WEIGHT, weight)) / 100;
    for (const entry of entries) {
      const key = entry.color.toLowerCase();
      byColor[key] = (byColor[key] ?? 0) + (combos * entry.weight) / 100;
    }
  }
  return { total, byColor };
}
