// Card and combo indexing shared with the engine (crates/equity combo.rs): card = rank * 4 + suit with rank
// 0 = deuce .. 12 = ace and suits c, d, h, s; combo of cards lo < hi = hi * (hi - 1) / 2 + lo. The grid has row and
// column 0 = ace. Kept here so a hand (hole cards) and an imported range convert without a worker round trip.
import { COMBO_COUNT } from '@/engine/engine-types';

const RANK_CHARS = '23456789TJQKA';
const SUIT_CHARS = 'cdhs';

/** Engine card index of "Ah" / "10h" / "Th"; -1 when unreadable. */
export function cardIndex(card: string): number {
  const text = card.trim().replace(/^10/, 'T');
  const rank = RANK_CHARS.indexOf(text.charAt(0).toUpperCase());
  const suit = SUIT_CHARS.indexOf(text.charAt(1).toLowerCase());
  return rank < 0 || suit < 0 || text.length !== 2 ? -1 : rank * 4 + suit;
}

export function comboIndex(a: number, b: number): number {
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  return (hi * (hi - 1)) / 2 + lo;
}

/** Grid class (row * 13 + col) of a combo of two engine cards. */
export function classOfCards(a: number, b: number): number {
  const rowOf = (card: number) => 12 - Math.floor(card / 4);
  const [ra, rb] = [rowOf(a), rowOf(b)];
  if (ra === rb) return ra * 13 + ra;
  const [high, low] = ra < rb ? [ra, rb] : [rb, ra];
  return a % 4 === b % 4 ? high * 13 + low : low * 13 + high;
}

/** A range holding exactly one hand, for hand-vs-range equity. */
export function handRange(cards: readonly string[]): Float32Array | null {
  const [a, b] = cards.map(cardIndex);
  if (a === undefined || b === undefined || a < 0 || b < 0 || a === b) return null;
  const range = new Float32Array(COMBO_COUNT);
  range[comboIndex(a, b)] = 1;
  return range;
}

/** 169 class weights (mean weight of each class's combos) from 1326 combo weights. */
export function rangeToClassWeights(range: ArrayLike<number>): Float32Array {
  const sums = new Float32Array(169);
  const counts = new Float32Array(169);
  for (let hi = 1; hi < 52; hi += 1) {
    for (let lo = 0; lo < hi; lo += 1) {
      const cls = classOfCards(lo, hi);
      sums[cls]! += range[comboIndex(lo, hi)] ?? 0;
      counts[cls]! += 1;
    }
  }
  return sums.map((sum, index) => sum / (counts[index] || 1));
}

/** The single combos of a grid class as card pairs ("AhKh"): 6 for a pair, 4 suited, 12 offsuit (shared with the
 * server, which validates saved left-out combos against the same list). */
export { classCombos } from '@contract/hands';

/** A copy of `range` with the excluded single combos (suit editor) at weight 0. */
export function applyExclusions(range: Float32Array, exclusions: Record<string, string[]>): Float32Array {
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
