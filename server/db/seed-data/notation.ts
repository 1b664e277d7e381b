import type { ColorEntry } from '../../../contract/categories.ts';
import { GRID_RANKS } from '../../../contract/hands.ts';

const rankIndex = (rank: string): number => {
  const index = GRID_RANKS.indexOf(rank as (typeof GRID_RANKS)[number]);
  if (index < 0) throw new Error(`unknown rank ${rank}`);
  return index;
};
const rankAt = (index: number): string => GRID_RANKS[index] as string;

/** Expands one token: "77", "77+", "99-66", "AKs", "A2s+", "A5s-A2s", "KTo+", "AK" (both suited and offsuit). */
function expand(token: string): string[] {
  const pair = /^([AKQJT2-9])\1(\+)?$/.exec(token);
  if (pair) {
    const index = rankIndex(pair[1] as string);
    const from = pair[2] ? 0 : index;
    return Array.from({ length: index - from + 1 }, (_, i) => `${rankAt(from + i)}${rankAt(from + i)}`);
  }
  const pairRange = /^([AKQJT2-9])\1-([AKQJT2-9])\2$/.exec(token);
  if (pairRange) {
    const [a, b] = [rankIndex(pairRange[1] as string), rankIndex(pairRange[2] as string)];
    return Array.from({ length: Math.abs(b - a) + 1 }, (_, i) => rankAt(Math.min(a, b) + i).repeat(2));
  }
  const hand = /^([AKQJT2-9])([AKQJT2-9])([so]?)(\+)?$/.exec(token);
  if (hand) {
    const [high, low, suit = '', plus] = [hand[1] as string, hand[2] as string, hand[3], hand[4]];
    if (!suit) return [...expand(`${high}${low}s${plus ?? ''}`), ...expand(`${high}${low}o${plus ?? ''}`)];
    const h = rankIndex(high);
    const l = rankIndex(low);
    if (!plus) return [`${high}${low}${suit}`];
    // "K9s+" = K9s up to KQs: the kicker climbs until just below the high card.
    return Array.from({ length: l - h }, (_, i) => `${high}${rankAt(h + 1 + i)}${suit}`);
  }
  const span = /^([AKQJT2-9])([AKQJT2-9])([so])-\1([AKQJT2-9])\3$/.exec(token);
  if (span) {
    const [high, a, suit, b] = [span[1] as string, span[2] as string, span[3] as string, span[4] as string];
    const [from, to] = [rankIndex(a), rankIndex(b)].sort((x, y) => x - y) as [number, number];
    return Array.from({ length: to - from + 1 }, (_, i) => `${high}${rankAt(from + i)}${suit}`);
  }
  throw new Error(`cannot read range token "${token}"`);
}

/** PokerStove-style text ("22+, A2s+, KTo+") → hand classes. */
export function handsOf(text: string): string[] {
  return text
    .split(',')
    .map((token) => token.trim())
    .filter(Boolean)
    .flatMap(expand);
}

/** One colour layer per action; later layers take the hands they name (used for mixed hands below). */
export function chart(
  layers: Array<{ color: string; hands: string; weight?: number }>,
): Record<string, ColorEntry[]> {
  const pairs: Record<string, ColorEntry[]> = {};
  for (const layer of layers) {
    for (const hand of handsOf(layer.hands))
      pairs[hand] = [{ color: layer.color, weight: layer.weight ?? 100 }];
  }
  return pairs;
}

/** Mixed strategies: each listed hand gets several colours whose weights sum to 100. */
export function mix(pairs: Record<string, ColorEntry[]>, hands: string, entries: ColorEntry[]): void {
  for (const hand of handsOf(hands)) pairs[hand] = entries;
}
