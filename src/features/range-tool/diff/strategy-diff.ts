// The strategy diff of two charts as pure functions, so every rule below is unit-tested without
// React or the server. A chart is what the range tool holds: per hand class its colour entries (actions) with
// weights in % of the class, and per class the single combos the suit editor left out.
//
// Definitions (per hand class; "actions" are the class's colours with a weight above 0, compared without case):
// - unchanged: both sides have no action, or the same actions with the same weights and the same combos in.
// - added: no action before, at least one after. removed: the reverse.
// - re-coloured: actions on both sides, but the set of colours differs. A class whose colours AND weights change is
//   re-coloured: the colour change is the bigger one for a player (another action), the weights show in the detail.
// - re-weighted: the same colours on both sides, and a weight differs, or the suit editor left out other combos
//   (the class then holds another number of combos of each action).
// Combos: a class holds 6 (pair), 4 (suited) or 12 (offsuit) combos less those left out. An action counts
// combos × weight / 100 of each class, so a mixed cell (60% raise, 40% call of AKo) counts 7.2 raise and 4.8 call
// combos; the range's total counts each class once at its total weight (capped at 100%), as countCombos does.
import type { ColorEntry } from '@contract/categories';
import { classComboCount, HAND_CLASSES } from '@contract/hands';

import { countCombos, MAX_PAIR_WEIGHT, type RangePairs } from '../shared/range-rules';

export const DIFF_KINDS = ['unchanged', 'added', 'removed', 'reweighted', 'recoloured'] as const;
export type DiffKind = (typeof DIFF_KINDS)[number];

/** One side of the diff: the chart's cells and its left-out combos (class → "AhKh"…). */
export interface DiffChart {
  pairs: RangePairs;
  exclusions: Readonly<Record<string, readonly string[]>>;
}

export interface ClassDiff {
  hand: string;
  kind: DiffKind;
  /** The class's actions before and after: one entry per colour (upper case), in the chart's order. */
  before: ColorEntry[];
  after: ColorEntry[];
  /** Combos of the class in the range (all actions) before and after. */
  combosBefore: number;
  combosAfter: number;
}

export interface ActionTotal {
  /** Upper-case #RRGGBB. */
  color: string;
  before: number;
  after: number;
  change: number;
}

export interface StrategyDiff {
  /** The 169 classes in grid order (row-major, ace first). */
  classes: ClassDiff[];
  /** How many classes of each kind. */
  counts: Record<DiffKind, number>;
  /** Combos per action on each side and the change, in `order`, then any other colour in order of appearance. */
  actions: ActionTotal[];
  /** Combos of the whole range on each side and the change. */
  total: { before: number; after: number; change: number };
}

// Weights are percentages with two decimals; sums of them carry float noise far below this.
const EPSILON = 1e-9;

/** A cell's actions: entries of one colour merged (a stored chart never repeats one, an edited one may not either). */
export function cellActions(entries: readonly ColorEntry[] | undefined): ColorEntry[] {
  const merged = new Map<string, number>();
  for (const entry of entries ?? []) {
    if (!(entry.weight > 0)) continue;
    const color = entry.color.toUpperCase();
    merged.set(color, (merged.get(color) ?? 0) + entry.weight);
  }
  return [...merged].map(([color, weight]) => ({ color, weight }));
}

/** Combos of a class that are in the chart (not left out by the suit editor). */
function classCombosIn(chart: DiffChart, hand: string): number {
  return Math.max(0, classComboCount(hand) - (chart.exclusions[hand]?.length ?? 0));
}

const weightOf = (entries: readonly ColorEntry[]) =>
  Math.min(
    MAX_PAIR_WEIGHT,
    entries.reduce((sum, entry) => sum + entry.weight, 0),
  );

/** The kind of change of one class; see the definitions at the top of the file. */
export function classifyCell(
  before: readonly ColorEntry[],
  after: readonly ColorEntry[],
  combosBefore: number,
  combosAfter: number,
): DiffKind {
  if (before.length === 0 && after.length === 0) return 'unchanged';
  if (before.length === 0) return 'added';
  if (after.length === 0) return 'removed';
  const weights = new Map(before.map((entry) => [entry.color, entry.weight]));
  const sameColors = before.length === after.length && after.every((entry) => weights.has(entry.color));
  if (!sameColors) return 'recoloured';
  const sameWeights = after.every((entry) => Math.abs(weights.get(entry.color)! - entry.weight) < EPSILON);
  return sameWeights && combosBefore === combosAfter ? 'unchanged' : 'reweighted';
}

/** The diff of `before` → `after`; `order` (colours) sets the action table's first rows, e.g. the buttons. */
export function diffCharts(before: DiffChart, after: DiffChart, order: readonly string[] = []): StrategyDiff {
  const counts = Object.fromEntries(DIFF_KINDS.map((kind) => [kind, 0])) as Record<DiffKind, number>;
  const seen: string[] = order.map((color) => color.toUpperCase());
  const note = (entries: readonly ColorEntry[]) => {
    for (const entry of entries) if (!seen.includes(entry.color)) seen.push(entry.color);
  };
  const classes = HAND_CLASSES.map((hand): ClassDiff => {
    const left = cellActions(before.pairs[hand]);
    const right = cellActions(after.pairs[hand]);
    note(left);
    note(right);
    const inLeft = classCombosIn(before, hand);
    const inRight = classCombosIn(after, hand);
    const kind = classifyCell(left, right, inLeft, inRight);
    counts[kind] += 1;
    return {
      hand,
      kind,
      before: left,
      after: right,
      combosBefore: (inLeft * weightOf(left)) / 100,
      combosAfter: (inRight * weightOf(right)) / 100,
    };
  });
  const leftCount = countCombos(before.pairs, before.exclusions);
  const rightCount = countCombos(after.pairs, after.exclusions);
  const byColor = (count: typeof leftCount, color: string) => count.byColor[color.toLowerCase()]?.combos ?? 0;
  const actions = [...new Set(seen)]
    .map((color) => {
      const left = byColor(leftCount, color);
      const right = byColor(rightCount, color);
      return { color, before: left, after: right, change: right - left };
    })
    // Colours named in `order` that neither chart uses add nothing to read.
    .filter((action) => action.before > 0 || action.after > 0);
  const total = {
    before: leftCount.total.combos,
    after: rightCount.total.combos,
    change: rightCount.total.combos - leftCount.total.combos,
  };
  return { classes, counts, actions, total };
}

/** The classes that changed, for a summary line or a list. */
export const changedClasses = (diff: StrategyDiff): ClassDiff[] =>
  diff.classes.filter((entry) => entry.kind !== 'unchanged');
