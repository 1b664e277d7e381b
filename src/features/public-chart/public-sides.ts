// The public page's equity players as the range tool's sides model writes them (contract/sides.ts): the hero plays
// some actions of the published chart; the opponent plays other actions of it, a typed range or two hole cards. A
// side is turned into 1326 combo weights here; typed text goes through the engine's parser.
import type { EquitySide, Pair } from '@contract/categories';
import {
  applyExclusions,
  CLASS_COUNT,
  classWeightsToRange,
  HAND_CLASSES,
  handRange,
  MAX_PAIR_WEIGHT,
} from '@contract/hands';
import { sideSource } from '@contract/sides';

/** 1326 combo weights of some colours of a chart (its left-out combos out). */
export function chartColorsRange(pairs: readonly Pair[], colors: readonly string[]): Float32Array {
  const chosen = new Set(colors.map((color) => color.toLowerCase()));
  const byHand = new Map(pairs.map((pair) => [pair.hand, pair]));
  const grid = new Float32Array(CLASS_COUNT);
  const exclusions: Record<string, string[]> = {};
  HAND_CLASSES.forEach((hand, index) => {
    const pair = byHand.get(hand);
    if (!pair) return;
    const weight = pair.colors
      .filter((entry) => chosen.has(entry.color.toLowerCase()))
      .reduce((sum, entry) => sum + entry.weight, 0);
    grid[index] = Math.min(MAX_PAIR_WEIGHT, weight) / 100;
    if (pair.excluded?.length) exclusions[hand] = pair.excluded;
  });
  return applyExclusions(classWeightsToRange(grid), exclusions);
}

/** Why a side has no range yet: nothing picked, nothing typed, not two cards. */
export type SideGap = 'noColors' | 'noText' | 'noCards';

/**
 * A side's range: the chart's colours, the engine's reading of typed text (`parse` may throw the engine's
 * RangeTextError), or two hole cards. Text and cards are the contract's spelling; a side of another chart of a
 * library has no meaning on a public page and gives none.
 */
export async function sideRange(
  side: EquitySide,
  pairs: readonly Pair[],
  parse: (text: string) => Promise<Float32Array>,
): Promise<Float32Array | SideGap> {
  switch (sideSource(side)) {
    case 'colors':
      return side.colors?.length ? chartColorsRange(pairs, side.colors) : 'noColors';
    case 'text':
      return side.text?.trim() ? parse(side.text) : 'noText';
    case 'cards':
      return handRange(side.cards ?? []) ?? 'noCards';
    default:
      return 'noColors';
  }
}
