// What a seeded chart holds, measured from its cells: the share of all 1326 starting combos it plays and the hand
// classes one chart adds to another, written the way the charts' notes state them in each language.
import { classComboCount, COMBO_COUNT, GRID_RANKS, HAND_CLASSES } from '../../../contract/hands.ts';
import type { Language } from '../../../contract/languages.ts';
import type { StoredPairs } from '../../modules/categories/pairs.ts';

/** The summed weight (0..1) of a stored cell's colours, or only of `color` when given. */
export function cellWeight(pairs: StoredPairs, hand: string, color?: string): number {
  const cell = pairs[hand];
  if (!cell) return 0;
  const entries = Array.isArray(cell) ? cell : cell.colors;
  return entries
    .filter((entry) => color === undefined || entry.color.toUpperCase() === color.toUpperCase())
    .reduce((sum, entry) => sum + entry.weight / 100, 0);
}

/** Combos a chart plays (a class at 50% counts half its combos), of all colours or of one. */
export function chartCombos(pairs: StoredPairs, color?: string): number {
  return HAND_CLASSES.reduce((sum, hand) => sum + classComboCount(hand) * cellWeight(pairs, hand, color), 0);
}

/** The share of all starting hands (combos) a chart plays, 0..1. */
export const chartShare = (pairs: StoredPairs, color?: string): number =>
  chartCombos(pairs, color) / COMBO_COUNT;

/** "27.9%" in the language's own way ("27,9 %" in Russian and Spanish). */
export function percent(value: number, language: Language, digits = 1): string {
  return new Intl.NumberFormat(language, {
    style: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/** A number with `digits` decimals in the language's own way ("0,31"). */
export function decimal(value: number, language: Language, digits: number): string {
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

const rankIndex = (rank: string) => GRID_RANKS.indexOf(rank as (typeof GRID_RANKS)[number]);

/**
 * Hand classes in short range notation: consecutive pairs and kickers of one high card join ("K2s-K5s", "88-66"),
 * in grid order. Only for lists to read: the engine parses ranges.
 */
export function classList(hands: readonly string[]): string {
  const wanted = new Set(hands);
  const parts: string[] = [];
  const runs = (members: string[][]) => {
    for (const run of members) {
      parts.push(run.length === 1 ? run[0]! : `${run[0]}-${run[run.length - 1]}`);
    }
  };
  const collect = (candidates: string[]) => {
    const result: string[][] = [];
    let current: string[] = [];
    for (const hand of candidates) {
      if (wanted.has(hand)) current.push(hand);
      else if (current.length) {
        result.push(current);
        current = [];
      }
    }
    if (current.length) result.push(current);
    return result;
  };
  runs(collect(GRID_RANKS.map((rank) => `${rank}${rank}`)));
  for (const suit of ['s', 'o']) {
    for (const high of GRID_RANKS) {
      const kickers = GRID_RANKS.slice(rankIndex(high) + 1).map((low) => `${high}${low}${suit}`);
      runs(collect(kickers));
    }
  }
  return parts.join(', ');
}

/** The classes `wider` plays that `narrower` does not, in grid order. */
export function addedClasses(narrower: StoredPairs, wider: StoredPairs): string[] {
  return HAND_CLASSES.filter((hand) => cellWeight(wider, hand) > 0 && cellWeight(narrower, hand) === 0);
}
