// The equity's sides (hero and villains) as both ends read them, in a module free of schemas so the app can use it.
// A side names where its range comes from: colours of the chart it is saved with, another chart, text or two hole
// cards (contract/categories.ts EquitySide). Pages from before independent sides saved each side as a list of the
// chart's colours; those still arrive from held edits and old rows, and are read here as colour sides.
import type { EquitySide, LegacyRangeSides, RangeSides } from './categories.ts';

/** Which source a side takes its range from. */
export type SideSource = 'colors' | 'chart' | 'text' | 'cards';

/** The one source a well-formed side names, or null when it names none or several. */
export function sideSource(side: EquitySide): SideSource | null {
  const chart = side.category_id !== undefined;
  const text = side.text !== undefined;
  const cards = side.cards !== undefined;
  const named = Number(chart) + Number(text) + Number(cards);
  if (named > 1) return null;
  if (chart) return 'chart';
  if (text) return side.colors === undefined ? 'text' : null;
  if (cards) return side.colors === undefined ? 'cards' : null;
  return side.colors !== undefined ? 'colors' : null;
}

const isColorList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((color) => typeof color === 'string');

/** True for the colour lists older pages saved as sides. */
export function isLegacySides(sides: RangeSides | LegacyRangeSides): sides is LegacyRangeSides {
  return isColorList(sides.hero) && isColorList(sides.villain);
}

/** Sides in the current shape: colour lists of older pages become colour sides of the same chart. */
export function upgradeSides(sides: RangeSides | LegacyRangeSides | null | undefined): RangeSides | null {
  if (!sides) return null;
  if (isLegacySides(sides))
    return { hero: { colors: [...sides.hero] }, villain: { colors: [...sides.villain] } };
  return { hero: { ...sides.hero }, villain: { ...sides.villain } };
}

/** The colours of the open chart a side plays, or none when it plays another source. */
export const sideChartColors = (side: EquitySide): string[] =>
  sideSource(side) === 'colors' ? (side.colors ?? []) : [];

/** A colour side of the chart the workspace belongs to. */
export const colorSide = (colors: readonly string[]): EquitySide => ({ colors: [...colors] });

/** A side after this chart's colour `from` became `to`: colour sides follow their chart; other sources stay. */
export const recolorSide =
  (from: string, to: string) =>
  (side: EquitySide): EquitySide =>
    sideSource(side) === 'colors'
      ? colorSide(
          (side.colors ?? []).map((color) => (color.toLowerCase() === from.toLowerCase() ? to : color)),
        )
      : side;
