// The trainer's grading, one rule for both sides: the server grades every answer it records, and the drill grades
// the same answer at once from the chart it loaded, so a player sees the verdict without waiting for the server.
import type { ColorEntry } from './categories.ts';
import { canonicalCombo, cardIndex, classOfCards, HAND_CLASSES } from './hands.ts';
import { TRAINER_FREQUENCY_TOLERANCE } from './limits.ts';

/**
 * One cell of a chart as stored and sent: its colour entries, or, when the suit editor left combos out,
 * `{ colors, excluded }` (a contract Pair has this shape too).
 */
export type GradedCell = ColorEntry[] | { colors: ColorEntry[]; excluded?: string[] };

/** The right answer for one combo of a chart: its colours with weights and the share outside the range (fold). */
export interface CellAnswer {
  colors: ColorEntry[];
  fold: number;
  /** The combo is left out of its cell by the suit editor, so it is fully outside the range. */
  excluded: boolean;
}

export interface Grade extends CellAnswer {
  correct: boolean;
  chosenWeight: number;
}

// Weights are percentages with decimals (33.33 + 33.33 + 33.34): below this a remainder is rounding, not a fold.
const EPSILON = 1e-6;

/** The grid class ("AKo") of a combo written as two cards ("AsKd"); null when unreadable or one card twice. */
export function comboClass(combo: string): string | null {
  const a = cardIndex(combo.slice(0, 2));
  const b = cardIndex(combo.slice(2, 4));
  if (combo.length !== 4 || a < 0 || b < 0 || a === b) return null;
  return HAND_CLASSES[classOfCards(a, b)] ?? null;
}

/**
 * The answer a stored cell gives for one of its combos. Colours with weight 0 are no part of it; whatever the
 * colours leave of 100% is "not in the range". A combo the suit editor left out is wholly outside the range.
 */
export function cellAnswer(hand: string, combo: string, cell: GradedCell | undefined): CellAnswer {
  const colors = (Array.isArray(cell) ? cell : (cell?.colors ?? []))
    .filter((entry) => entry.weight > 0)
    .map((entry) => ({ color: entry.color.toUpperCase(), weight: entry.weight }));
  const excludedList = cell && !Array.isArray(cell) && Array.isArray(cell.excluded) ? cell.excluded : [];
  const canonical = canonicalCombo(hand, combo);
  if (canonical && excludedList.includes(canonical)) return { colors: [], fold: 100, excluded: true };
  const total = colors.reduce((sum, entry) => sum + entry.weight, 0);
  const fold = total >= 100 - EPSILON ? 0 : Math.round((100 - total) * 1e6) / 1e6;
  return { colors, fold, excluded: false };
}

/**
 * Grades one answer: right when the chosen action (a colour, or null for "not in the range") has weight > 0 in
 * the cell, and, in frequency mode (a frequency given), when that frequency is within TRAINER_FREQUENCY_TOLERANCE
 * points of the action's weight. So in a 60/40 raise/call cell both actions are right without a frequency, and
 * with one "raise 50%" and "call 40%" are right while "raise 100%" is not.
 */
export function gradeAnswer(
  answer: CellAnswer,
  color: string | null,
  frequency: number | undefined,
  tolerance = TRAINER_FREQUENCY_TOLERANCE,
): Grade {
  const chosenWeight =
    color === null
      ? answer.fold
      : (answer.colors.find((entry) => entry.color === color.toUpperCase())?.weight ?? 0);
  const inRange = chosenWeight > EPSILON;
  const frequencyOk = frequency === undefined || Math.abs(frequency - chosenWeight) <= tolerance + EPSILON;
  return { ...answer, chosenWeight, correct: inRange && frequencyOk };
}
