import { cardIndex, classCombos, comboIndex, HAND_CLASSES, MAX_PAIR_WEIGHT } from '@contract/hands';

import type { RangePairs } from './range-rules';
import type { ComboExclusions } from './range-save';

/** The smallest weight the weight field holds (two decimals of a percent). */
const MIN_IMPORTED_WEIGHT = 0.01;

/** A typed text range as the chart holds it: the painted classes and, per class, the combos the text left out. */
export interface ImportedText {
  pairs: RangePairs;
  /** Class → combos not in the text, for each class the text names only in part ("QsQd" → QQ minus 5 combos). */
  exclusions: ComboExclusions;
  /** Every class the text names: their earlier left-out combos are replaced by the text's. */
  classes: string[];
}

/**
 * Turns the engine's 1326 combo weights of a parsed text range into the chart's pairs and left-out combos, keeping
 * exact combos: "QsQd" paints QQ with the other five QQ combos left out, not the whole class at a sixth of the
 * weight. A class gets the weight of its combos in the text (their mean when a text weights one class's combos
 * differently, the one case the 13x13 chart with left-out combos cannot hold exactly), to two decimals of a percent.
 */
export function importTextRange(range: ArrayLike<number>, color: string): ImportedText {
  const pairs: RangePairs = {};
  const exclusions: ComboExclusions = {};
  const classes: string[] = [];
  for (const hand of HAND_CLASSES) {
    const combos = classCombos(hand);
    const weights = combos.map((combo) => {
      const index = comboIndex(cardIndex(combo.slice(0, 2)), cardIndex(combo.slice(2, 4)));
      return range[index] ?? 0;
    });
    const present = weights.filter((weight) => weight > 0);
    if (present.length === 0) continue;
    const mean = present.reduce((sum, weight) => sum + weight, 0) / present.length;
    // Percent to two decimals, as the weight field holds it (readWeight): "AKs:0.3333" is 33.33 %, not 33 %, so
    // a chart's own text imported again gives back the chart; the least weight a text can give is 0.01 %.
    const weight = Math.min(MAX_PAIR_WEIGHT, Math.max(MIN_IMPORTED_WEIGHT, Math.round(mean * 10_000) / 100));
    pairs[hand] = [{ color, weight }];
    classes.push(hand);
    const missing = combos.filter((_, index) => !(weights[index]! > 0));
    if (missing.length > 0) exclusions[hand] = missing;
  }
  return { pairs, exclusions, classes };
}

/** The chart's left-out combos after an import: the imported classes take the text's, the others keep theirs. */
export function mergeImportedExclusions(
  current: Readonly<Record<string, readonly string[]>>,
  imported: ImportedText,
): ComboExclusions {
  const next: ComboExclusions = {};
  for (const [hand, combos] of Object.entries(current)) {
    if (!imported.classes.includes(hand)) next[hand] = [...combos];
  }
  return { ...next, ...imported.exclusions };
}
