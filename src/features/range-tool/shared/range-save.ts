// What the range tool saves with a range beside its chart, and how it comes back: the suit editor's left-out
// combos travel in the pairs (`excluded`), the equity's hero and first villain in the category (`sides`), its
// later villains and dead cards in the category's `workspace`.
import type {
  EquitySide,
  LegacyRangeSides,
  Pair,
  RangeButton,
  RangeSides,
  RangeWorkspace,
} from '@contract/categories';
import { cardIndex, cardText, classCombos, HAND_CLASSES } from '@contract/hands';
import { colorSide, sideSource, upgradeSides } from '@contract/sides';

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

/** A side as the server takes it: colours without repeats, cards in the contract's spelling ("10h" → "Th"). */
export function sideToSave(side: EquitySide): EquitySide {
  switch (sideSource(side)) {
    case 'colors':
      return { colors: [...new Set(side.colors)] };
    case 'chart':
      return { category_id: side.category_id, colors: [...new Set(side.colors ?? [])] };
    case 'text':
      return { text: side.text ?? '' };
    case 'cards':
      return { cards: (side.cards ?? []).map((card) => cardText(cardIndex(card))) };
    default:
      return { colors: [] };
  }
}

/** The equity's hero and first villain as saved with the range. */
export const sidesToSave = (hero: EquitySide, villain: EquitySide): RangeSides => ({
  hero: sideToSave(hero),
  villain: sideToSave(villain),
});

/**
 * The sides to restore from a loaded range: its saved choice when it has one (colour lists of older pages read as
 * colour sides), else null. Hole cards come back in the picker's spelling ("Th" → "10h").
 */
export function sidesFromCategory(
  sides: RangeSides | LegacyRangeSides | null | undefined,
): RangeSides | null {
  const upgraded = upgradeSides(sides);
  if (!upgraded) return null;
  const shown = (side: EquitySide): EquitySide =>
    side.cards ? { cards: side.cards.map(pickerCard) } : { ...side };
  return { hero: shown(upgraded.hero), villain: shown(upgraded.villain) };
}

/**
 * The sides of a range that has none saved: the hero plays its first action and the villain the next, so a chart
 * of two actions (a seeded or bought strategy) shows its combos at once. A chart of one action has no opponent in
 * it: the villain waits for a range to be typed or a chart to be picked.
 */
export function defaultSides(buttons: readonly RangeButton[]): RangeSides {
  const colors = [...new Set(buttons.map((button) => button.color.toUpperCase()))];
  return {
    hero: colorSide(colors.slice(0, 1)),
    villain: colors[1] ? colorSide([colors[1]]) : { text: '' },
  };
}

/** The extra villains and dead cards as saved with the range; a card in the contract's spelling ("10h" → "Th"). */
export const workspaceToSave = (
  villains: readonly EquitySide[],
  dead: readonly string[],
): RangeWorkspace => ({
  villains: villains.map(sideToSave),
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
  villains: workspace
    ? workspace.villains.map((villain) =>
        villain.cards ? { cards: villain.cards.map(pickerCard) } : { ...villain },
      )
    : [],
  dead: workspace ? [...new Set(workspace.dead.map(pickerCard))] : [],
});
