// How often the trainer deals each hand class of a chart. Dealt as at the table, a tight chart is almost all folds:
// on a 4% opening chart 39 hands in 40 are "fold" and teach nothing. So by default a class comes as often as it
// teaches, by what the chart asks of it and of the classes around it in the grid:
//
//   kind     the class                                                        factor on its combos
//   mixed    has more than one right answer: two actions, an action below     MIXED  (12)
//            100% (the rest folds), or combos the suit editor left out
//   edge     has one answer, and a grid neighbour (the eight cells around     EDGE   (10)
//            it, so 88 borders 99 along the pairs' diagonal) answers
//            otherwise: the last hands of the range, the first folds next
//            to them, the border between two actions
//   inside   is played, and every neighbour is played the same way            INSIDE (3)
//   trivial  folds, and every neighbour folds                                 TRIVIAL (1)
//
// and then by its Leitner box (trainer-rules.ts classWeights): a class just missed comes four times as often; a far
// fold answered right sinks to the top box and comes a quarter as often, while a class that teaches never comes
// less for being answered right. On that 4% chart (99+, AKs, AKo) about two hands in three dealt are at the range's
// border from the first hand on (as dealt, one in six), and more as the far folds sink. A mix outweighs a border: it
// has more than one right answer to know. "Every hand as dealt" turns all of this off: every one of the 1326 combos
// equally likely, as at the table.
import type { Pair } from '@contract/categories';
import { classComboCount, HAND_CLASSES } from '@contract/hands';

export const DEAL_MODES = ['teaching', 'asDealt'] as const;
export type DealMode = (typeof DEAL_MODES)[number];

export const TEACHING_FACTORS = { mixed: 12, edge: 10, inside: 3, trivial: 1 } as const;
export type TeachingKind = keyof typeof TEACHING_FACTORS;

// Weights are percentages with decimals (33.33 + 33.33 + 33.34): below this a remainder is rounding, not a fold.
const EPSILON = 1e-6;
const SIDE = 13;

/**
 * What a cell asks: its actions with weights and the fold share, or "mixed" when more than one answer is right.
 * `foldColor` is a colour that paints the fold itself (a chart saved from a solved push/fold spot paints Fold): a
 * cell of it alone is not played, so a far fold of such a chart is as trivial as an empty cell.
 */
function answerOf(
  cell: Pair | undefined,
  foldColor: string | null,
): { key: string; mixed: boolean; played: boolean } {
  const colors = (cell?.colors ?? [])
    .filter((entry) => entry.weight > EPSILON)
    .map((entry) => ({ color: entry.color.toUpperCase(), weight: entry.weight }))
    .sort((a, b) => a.color.localeCompare(b.color));
  const fold = 100 - colors.reduce((sum, entry) => sum + entry.weight, 0);
  const answers = colors.length + (fold > EPSILON ? 1 : 0);
  const trimmed = (cell?.excluded?.length ?? 0) > 0 && colors.length > 0;
  return {
    key: colors.map((entry) => `${entry.color}:${entry.weight}`).join(',') || 'fold',
    mixed: answers > 1 || trimmed,
    played: colors.some((entry) => entry.color !== foldColor),
  };
}

/** The teaching kind of every class of the chart, in grid order (HAND_CLASSES); `foldColor` as in answerOf. */
export function teachingKinds(
  cells: readonly Pair[],
  foldColor: string | null = null,
): readonly TeachingKind[] {
  let kinds = kindsCache.get(cells);
  if (!kinds) {
    kinds = sortClasses(cells, foldColor?.toUpperCase() ?? null);
    kindsCache.set(cells, kinds);
  }
  return kinds;
}

// A chart's cells are loaded once and never changed in place (nor its fold colour): their kinds are worked out once
// per chart.
const kindsCache = new WeakMap<readonly Pair[], TeachingKind[]>();

function sortClasses(cells: readonly Pair[], foldColor: string | null): TeachingKind[] {
  const byHand = new Map(cells.map((cell) => [cell.hand, cell]));
  const answers = HAND_CLASSES.map((hand) => answerOf(byHand.get(hand), foldColor));
  return answers.map((answer, index) => {
    if (answer.mixed) return 'mixed';
    const row = Math.floor(index / SIDE);
    const col = index % SIDE;
    for (let r = Math.max(0, row - 1); r <= Math.min(SIDE - 1, row + 1); r += 1) {
      for (let c = Math.max(0, col - 1); c <= Math.min(SIDE - 1, col + 1); c += 1) {
        if (answers[r * SIDE + c]!.key !== answer.key) return 'edge';
      }
    }
    return answer.played ? 'inside' : 'trivial';
  });
}

/**
 * The deal weight of every class (grid order) before the Leitner box: its combos, times its teaching factor unless
 * every hand is dealt as at the table.
 */
export function classDealWeights(
  cells: readonly Pair[],
  mode: DealMode,
  foldColor: string | null = null,
): readonly number[] {
  if (mode === 'asDealt') return COMBO_WEIGHTS;
  const kinds = teachingKinds(cells, foldColor);
  return HAND_CLASSES.map((hand, index) => classComboCount(hand) * TEACHING_FACTORS[kinds[index]!]);
}

const COMBO_WEIGHTS = HAND_CLASSES.map(classComboCount);
