// A solved spot saved as ordinary charts of the tournament tree: a folder for the spot, and in it one range per
// decision chosen, its buttons the action and Fold, the frequencies as their weights and each class's EVs beside.
import type { CreateCategoryBody, Pair, TreeNode } from '@contract/categories';
import { HAND_CLASSES } from '@contract/hands';
import { CATEGORY_NAME_MAX, FREE_CATEGORY_LIMIT, FREE_RANGE_LIMIT } from '@contract/limits';
import type { SpotEv, SpotEvUnit } from '@contract/spot-ev';

import type { SolvedDecision } from './solved-spot';

/** The colours of the saved charts: pushes orange, calls green (as the store's push/fold pack), folds slate. */
export const PUSH_COLOR = '#E08A1E';
export const CALL_COLOR = '#2E9E5B';
export const FOLD_COLOR = '#5B6B7F';

export const playColor = (decision: Pick<SolvedDecision, 'kind'>) =>
  decision.kind === 'push' ? PUSH_COLOR : CALL_COLOR;

/** Weights are percentages with two decimals: a frequency to four, as the command line prints it. */
const weight = (frequency: number) => Math.round(frequency * 10_000) / 100;
/** EVs to six decimals, as the command line prints them. */
const ev = (value: number | null) => (value === null ? null : Math.round(value * 1e6) / 1e6);

/** Every class with what it plays and what it folds, both painted: the chart is complete without "not in range". */
export function chartPairs(frequency: readonly number[], play: string): Pair[] {
  return HAND_CLASSES.map((hand, index) => {
    const played = weight(frequency[index] ?? 0);
    const folded = Math.round((100 - played) * 100) / 100;
    return {
      hand,
      colors: [
        ...(played > 0 ? [{ color: play, weight: played }] : []),
        ...(folded > 0 ? [{ color: FOLD_COLOR, weight: folded }] : []),
      ],
    };
  });
}

/** The decision's EVs as the chart keeps them (contract/spot-ev.ts). */
export function spotEvOf(decision: SolvedDecision, unit: SpotEvUnit): SpotEv {
  return {
    unit,
    play: { color: playColor(decision), ev: decision.playEv.map(ev) },
    fold: { color: FOLD_COLOR, ev: decision.foldEv.map(ev) },
  };
}

/** A name cut to what the server keeps, on a character (not half a surrogate pair). */
export const fitName = (name: string) => [...name].slice(0, CATEGORY_NAME_MAX).join('').trim();

export interface ChartLabels {
  name: string;
  play: string;
  fold: string;
  note: string;
}

/** The body that creates one decision's chart inside the spot's folder. */
export function chartBody(
  decision: SolvedDecision,
  unit: SpotEvUnit,
  parentId: number,
  labels: ChartLabels,
): CreateCategoryBody {
  const play = playColor(decision);
  return {
    name: fitName(labels.name),
    kind: 'range',
    root_type: 'tournament_root',
    parent_id: parentId,
    note: labels.note,
    buttons: [
      { color: play, label: labels.play },
      { color: FOLD_COLOR, label: labels.fold },
    ],
    pairs: chartPairs(decision.frequency, play),
    spot_ev: spotEvOf(decision, unit),
  };
}

/** The body of the spot's folder, at the top of the tournament tree. */
export const folderBody = (name: string, note: string): CreateCategoryBody => ({
  name: fitName(name),
  kind: 'tournament',
  root_type: 'tournament_root',
  parent_id: null,
  note,
});

/** The player's own categories and ranges in their trees (bought ready-made ones do not count). */
export function ownCounts(trees: ReadonlyArray<readonly TreeNode[]>): { categories: number; ranges: number } {
  const counts = { categories: 0, ranges: 0 };
  const visit = (node: TreeNode) => {
    if (!node.is_template) {
      counts.categories += 1;
      if (node.kind === 'range') counts.ranges += 1;
    }
    node.children.forEach(visit);
  };
  trees.forEach((tree) => tree.forEach(visit));
  return counts;
}

/**
 * How many charts a free player can still save with the spot's folder (the free plan's caps, contract/limits.ts);
 * null for Premium, which has no such cap.
 */
export function freeRoom(premium: boolean, own: { categories: number; ranges: number }): number | null {
  if (premium) return null;
  return Math.max(0, Math.min(FREE_RANGE_LIMIT - own.ranges, FREE_CATEGORY_LIMIT - own.categories - 1));
}
