// What the range tool saves with a range beside its chart, and how it comes back: the suit editor's left-out
// combos travel in the pairs (`excluded`), the equity panel's hero/villain colours in the category (`sides`), its
// extra villains and dead cards in the category's `workspace`.
import type { Pair, RangeButton, RangeSides, RangeWorkspace, WorkspaceVillain } from '@contract/categories';
import { cardIndex, cardText, classCombos, HAND_CLASSES } from '@contract/hands';

import { pairsToList, pickerCard, type RangePairs } from './range-rules';

export type ComboExclusions = Record<string, string[]>;

/**
 * Left-out combos the server accepts: combos of their class, once each, in the suit editor's order, never the
 * whole class (a class with every combo out is dropped rather than failing the save).
 */
export function cleanExclusions(exclusions: Readonly<Record<string, readonly string[]>>): ComboExclusions {
  const clean: ComboExclusions = {};
  for (const hand of HAND_CLASSES) {
    const chosen = new Set(exclusions[hand] ?? []);
    const combos = classCombos(hand).filter((combo) => chosen.has(combo));
    if (combos.length > 0 && combos.length < classCombos(hand).length) clean[hand] = combos;
  }
  return clean;
}

/** The chart as the server's pair list, with each class's left-out combos; a class with only exclusions is kept. */
export function pairsToSave(
  pairs: RangePairs,
  exclusions: Readonly<Record<string, readonly string[]>>,
): Pair[] {
  const clean = cleanExclusions(exclusions);
  const coloured = new Map(pairsToList(pairs).map((pair) => [pair.hand, pair]));
  return HAND_CLASSES.filter((hand) => coloured.has(hand) || clean[hand]).map((hand) => {
    const colors = coloured.get(hand)?.colors ?? [];
    return clean[hand] ? { hand, colors, excluded: clean[hand] } : { hand, colors };
  });
}

/** The suit editor's state from a loaded pair list. */
export function exclusionsFromList(list: readonly Pair[]): ComboExclusions {
  const found: ComboExclusions = {};
  for (const pair of list) if (pair.excluded?.length) found[pair.hand] = [...pair.excluded];
  return cleanExclusions(found);
}

/** The equity panel's colour choice as saved with the range. */
export const sidesToSave = (hero: readonly string[], villain: readonly string[]): RangeSides => ({
  hero: [...new Set(hero)],
  villain: [...new Set(villain)],
});

/**
 * The colours to restore from a loaded range: its saved choice when it has one, else null (the panel keeps the
 * current choice, as before sides were saved). Compared without case: the server stores upper case.
 */
export function sidesFromCategory(sides: RangeSides | null | undefined): RangeSides | null {
  return sides ? { hero: [...sides.hero], villain: [...sides.villain] } : null;
}

/**
 * The sides of a range that has none saved: the hero is its first action colour and the villain the next, so a
 * chart whose buttons are not the editor's defaults (a seeded or bought strategy) shows its combos at once.
 */
export function defaultSides(buttons: readonly RangeButton[]): RangeSides {
  const colors = [...new Set(buttons.map((button) => button.color.toUpperCase()))];
  return { hero: colors.slice(0, 1), villain: colors.slice(1, 2) };
}

/** The extra villains and dead cards as saved with the range; a card in the contract's spelling ("10h" → "Th"). */
export const workspaceToSave = (
  villains: readonly WorkspaceVillain[],
  dead: readonly string[],
): RangeWorkspace => ({
  villains: villains.map((villain) =>
    villain.text !== undefined
      ? { text: villain.text }
      : { category_id: villain.category_id, colors: [...(villain.colors ?? [])] },
  ),
  dead: [
    ...new Set(
      dead
        .map(cardIndex)
        .filter((index) => index >= 0)
        .map(cardText),
    ),
  ],
});

/**
 * The workspace to restore from a loaded range, its dead cards in the picker's spelling ("Th" → "10h") so the
 * picker shows them chosen; a range that never saved one starts with none.
 */
export const workspaceFromCategory = (workspace: RangeWorkspace | null | undefined): RangeWorkspace => ({
  villains: workspace ? workspace.villains.map((villain) => ({ ...villain })) : [],
  dead: workspace ? [...new Set(workspace.dead.map(pickerCard))] : [],
});
