// SPEC §4 "Range tool" as pure functions: the components and atoms only call these, so every rule is unit-tested
// without React, the engine or the server.
import type { ColorEntry, RangeButton } from '@contract/categories';
import {
  chartComboCounts,
  COMBO_COUNT,
  DEFAULT_COLOR,
  DEFAULT_WEIGHT,
  HAND_CLASSES,
  MAX_PAIR_WEIGHT,
  PAIR_WEIGHT_TOLERANCE,
} from '@contract/hands';

export { DEFAULT_COLOR, DEFAULT_WEIGHT, MAX_PAIR_WEIGHT };

/** SPEC §9: at most 5 board cards and 2 hole cards. */
export const MAX_BOARD_CARDS = 5;
export const MAX_HOLE_CARDS = 2;
/** SPEC §9: display mode default 2; mode 1 is the one-colour on/off chart. */
export const DEFAULT_DISPLAY_MODE = 2;
export const DISPLAY_MODES = [1, 2] as const;
export type DisplayMode = (typeof DISPLAY_MODES)[number];

/** A chart: hand class ("AKs") → its colour entries, oldest first. Missing key = no colours. */
export type RangePairs = Record<string, ColorEntry[]>;

export const RANKS = ['A', 'K', 'Q', 'J', '10', '9', '8', '7', '6', '5', '4', '3', '2'] as const;
export const SUITS = ['h', 'c', 'd', 's'] as const;
/** SPEC §3 allCards: 52 cards, ranks A, K, Q, J, 10 to 2, suits h, c, d, s. */
export const ALL_CARDS: readonly string[] = RANKS.flatMap((rank) => SUITS.map((suit) => `${rank}${suit}`));

/** A card in the picker's spelling ("Th" → "10h"), as the server and the engine's text write a ten. */
export const pickerCard = (card: string): string => card.replace(/^[Tt](?=[hcdsHCDS]$)/, '10');

/** The engine takes a board of 0 (preflop), 3, 4 or 5 cards; one or two picked cards wait for the flop. */
export const isBoardComplete = (count: number) => count === 0 || (count >= 3 && count <= MAX_BOARD_CARDS);

/**
 * Toggles a card in a selection limited to `max`: a chosen card is removed; a new one is appended and the oldest
 * cards are dropped while the selection is over the limit (the sixth board card drops the first).
 */
export function toggleCard(selected: readonly string[], card: string, max: number): string[] {
  if (selected.includes(card)) return selected.filter((value) => value !== card);
  const next = [...selected, card];
  return next.slice(Math.max(0, next.length - max));
}

/** Why the weight field's text is no weight: nothing typed, not a plain number, or a share outside (0, 100]. */
export type WeightProblem = 'empty' | 'notNumber' | 'outOfRange';
export type WeightReading = { ok: true; value: number } | { ok: false; problem: WeightProblem };

/** A plain decimal ("55", "55.5", "55,5"): no sign, exponent or other text, so what is painted is what was typed. */
const WEIGHT_PATTERN = /^(?:\d+(?:[.,]\d*)?|[.,]\d+)$/;

/**
 * The weight field's text (SPEC §3 weight "100") as the share a paint gives a hand, in % to two decimals, or why it
 * is none. A paint never falls back to another weight: 0 would paint nothing, a guess would paint what was not asked.
 */
export function readWeight(text: string): WeightReading {
  const trimmed = String(text).trim();
  if (trimmed === '') return { ok: false, problem: 'empty' };
  if (/^-\s*\d/.test(trimmed)) return { ok: false, problem: 'outOfRange' };
  if (!WEIGHT_PATTERN.test(trimmed)) return { ok: false, problem: 'notNumber' };
  const value = Math.round(Number(trimmed.replace(',', '.')) * 100) / 100;
  if (!(value > 0) || value > MAX_PAIR_WEIGHT) return { ok: false, problem: 'outOfRange' };
  return { ok: true, value };
}

export const totalWeight = (entries: readonly ColorEntry[]) =>
  entries.reduce((sum, entry) => sum + entry.weight, 0);

const sameColor = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The colour a chart is painted in: `chosen` as the chart writes it when one of its buttons has it, else the chart's
 * first colour (the default colour for a chart without buttons). A chart never gets a colour its legend lacks.
 */
export function chartColor(buttons: readonly RangeButton[], chosen: string): string {
  return (
    buttons.find((button) => sameColor(button.color, chosen))?.color ?? buttons[0]?.color ?? DEFAULT_COLOR
  );
}

/** The colours new buttons take, in order, before any colour is made up. */
export const BUTTON_PALETTE = [
  '#1847BE',
  '#C0392B',
  '#27AE60',
  '#F39C12',
  '#8E44AD',
  '#16A085',
  '#D35400',
  '#7F8C8D',
] as const;

/**
 * The colour of a new button: the first of the palette no button has, else one made from the number of buttons
 * (golden-angle hues), which no button has either.
 */
export function nextButtonColor(buttons: readonly RangeButton[]): string {
  const used = new Set(buttons.map((button) => button.color.toLowerCase()));
  const free = BUTTON_PALETTE.find((color) => !used.has(color.toLowerCase()));
  if (free) return free;
  for (let step = buttons.length; ; step += 1) {
    const hue = (step * 137.508) % 360;
    const color = hslHex(hue, 0.62, 0.45);
    if (!used.has(color.toLowerCase())) return color;
  }
}

/** "#RRGGBB" of a hue (degrees), saturation and lightness (0..1). */
function hslHex(hue: number, saturation: number, lightness: number): string {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = lightness - chroma * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`.toUpperCase();
}

/**
 * The buttons with one more for every colour the chart holds that none of them has (a chart painted before painting
 * kept to the legend's colours), named by `label` with its place in the legend, so every combo counted in the
 * range's total is also counted, shown and editable in its legend.
 */
export function withChartColors(
  buttons: readonly RangeButton[],
  pairs: RangePairs,
  label: (place: number) => string,
): RangeButton[] {
  const next = [...buttons];
  for (const entries of Object.values(pairs)) {
    for (const { color } of entries) {
      if (!next.some((button) => sameColor(button.color, color)))
        next.push({ color, label: label(next.length + 1) });
    }
  }
  return next;
}

export interface PaintOptions {
  mode: number;
  color: string;
  weight: number;
}

/**
 * The colour entries of one pair after the player chooses it.
 * - Mode 1: no colours ↔ one entry of `color` at weight 100 (the chart's default colour, its first: the editor never
 *   paints a colour the chart's legend lacks).
 * - Other modes: an entry of the current colour at the same weight is removed (choosing it again deselects it);
 *   at a different weight it is removed and re-added as the newest; otherwise it is added. Then the oldest other
 *   entries are dropped while the total is above 100.
 */
export function applyPairChoice(entries: readonly ColorEntry[], options: PaintOptions): ColorEntry[] {
  if (options.mode === 1) {
    return entries.length > 0 ? [] : [{ color: options.color, weight: MAX_PAIR_WEIGHT }];
  }
  const weight = Math.min(MAX_PAIR_WEIGHT, Math.max(0, options.weight));
  const existing = entries.find((entry) => sameColor(entry.color, options.color));
  const others = entries.filter((entry) => !sameColor(entry.color, options.color));
  if ((existing && existing.weight === weight) || weight <= 0) return others;
  const next = [...others, { color: options.color, weight }];
  while (next.length > 1 && totalWeight(next) > MAX_PAIR_WEIGHT + PAIR_WEIGHT_TOLERANCE) next.shift();
  return next;
}

/**
 * A drag paints every crossed cell the same way: the first cell decides whether the stroke adds or removes the
 * colour, so dragging back over painted cells does not flicker them on and off.
 */
export function strokeIntent(entries: readonly ColorEntry[], options: PaintOptions): 'add' | 'remove' {
  const after = applyPairChoice(entries, options);
  if (options.mode === 1) return after.length > 0 ? 'add' : 'remove';
  return after.some((entry) => sameColor(entry.color, options.color)) ? 'add' : 'remove';
}

/** Applies a stroke's intent to a crossed cell: only changes it when the choice goes the stroke's way. */
export function paintPair(
  pairs: RangePairs,
  hand: string,
  options: PaintOptions,
  intent: 'add' | 'remove',
): RangePairs {
  const current = pairs[hand] ?? [];
  const after = applyPairChoice(current, options);
  const has = (list: readonly ColorEntry[]) =>
    options.mode === 1 ? list.length > 0 : list.some((entry) => sameColor(entry.color, options.color));
  // Cells already in the stroke's state (e.g. the same colour and weight while adding) stay as they are.
  return has(after) === (intent === 'add') ? setPair(pairs, hand, after) : pairs;
}

export function setPair(pairs: RangePairs, hand: string, entries: ColorEntry[]): RangePairs {
  const next = { ...pairs };
  if (entries.length === 0) delete next[hand];
  else next[hand] = entries;
  return next;
}

/** Removes one colour from every pair (deleting a button). */
export function removeColor(pairs: RangePairs, color: string): RangePairs {
  const next: RangePairs = {};
  for (const [hand, entries] of Object.entries(pairs)) {
    const kept = entries.filter((entry) => !sameColor(entry.color, color));
    if (kept.length) next[hand] = kept;
  }
  return next;
}

/** Recolours every entry of one colour (recolouring a button keeps its hands). */
export function recolor(pairs: RangePairs, from: string, to: string): RangePairs {
  const next: RangePairs = {};
  for (const [hand, entries] of Object.entries(pairs)) {
    next[hand] = entries.map((entry) => (sameColor(entry.color, from) ? { ...entry, color: to } : entry));
  }
  return next;
}

export interface ComboCount {
  combos: number;
  /** Share of all 1326 starting hands, in %. */
  percent: number;
}

export const comboCount = (combos: number): ComboCount => ({ combos, percent: (combos / COMBO_COUNT) * 100 });

/**
 * Combos of the whole range (each pair counted at its total weight) and of each colour; combos the suit editor left
 * out (`exclusions`, hand class → combos) do not count.
 */
export function countCombos(
  pairs: RangePairs,
  exclusions: Readonly<Record<string, readonly string[]>> = {},
): { total: ComboCount; byColor: Record<string, ComboCount> } {
  const { total, byColor } = chartComboCounts(pairs, exclusions);
  return {
    total: comboCount(total),
    byColor: Object.fromEntries(
      Object.entries(byColor).map(([color, combos]) => [color, comboCount(combos)]),
    ),
  };
}

/** Combos and share of all hands of one side (the hero's or the villain's colours), as the engine will see it. */
export function sideCombos(
  pairs: RangePairs,
  colors: readonly string[],
  exclusions: Readonly<Record<string, readonly string[]>> = {},
): ComboCount {
  const chosen = new Set(colors.map((color) => color.toLowerCase()));
  const side: RangePairs = {};
  for (const [hand, entries] of Object.entries(pairs)) {
    const kept = entries.filter((entry) => chosen.has(entry.color.toLowerCase()));
    if (kept.length) side[hand] = kept;
  }
  return countCombos(side, exclusions).total;
}

/** 169 class weights in [0,1] (grid order) from the entries of the chosen colours; the engine's range input. */
export function classWeights(pairs: RangePairs, colors: readonly string[]): Float32Array {
  const chosen = new Set(colors.map((color) => color.toLowerCase()));
  const grid = new Float32Array(HAND_CLASSES.length);
  HAND_CLASSES.forEach((hand, index) => {
    const weight = (pairs[hand] ?? [])
      .filter((entry) => chosen.has(entry.color.toLowerCase()))
      .reduce((sum, entry) => sum + entry.weight, 0);
    grid[index] = Math.min(1, weight / 100);
  });
  return grid;
}

/** Pairs from the server's list (SPEC §3 range pair); unknown hands and empty entries are dropped. */
export function pairsFromList(list: ReadonlyArray<{ hand: string; colors: ColorEntry[] }>): RangePairs {
  const known = new Set(HAND_CLASSES);
  const pairs: RangePairs = {};
  for (const pair of list) {
    if (known.has(pair.hand) && pair.colors.length)
      pairs[pair.hand] = pair.colors.map((entry) => ({ ...entry }));
  }
  return pairs;
}

export function pairsToList(pairs: RangePairs): Array<{ hand: string; colors: ColorEntry[] }> {
  return HAND_CLASSES.filter((hand) => pairs[hand]?.length).map((hand) => ({ hand, colors: pairs[hand]! }));
}

/** Pairs from 169 engine class weights (an imported PokerStove range), painted in one colour. */
export function pairsFromClassWeights(grid: ArrayLike<number>, color: string): RangePairs {
  const pairs: RangePairs = {};
  HAND_CLASSES.forEach((hand, index) => {
    const weight = Math.round((grid[index] ?? 0) * 100);
    if (weight > 0) pairs[hand] = [{ color, weight: Math.min(MAX_PAIR_WEIGHT, weight) }];
  });
  return pairs;
}

/**
 * Paints an imported range in one colour: that colour's old entries go, each imported hand is chosen with its
 * weight by the same rule as a click, so other colours on a hand keep their share while the total fits in 100.
 */
export function mergeImported(pairs: RangePairs, imported: RangePairs, color: string): RangePairs {
  let next = removeColor(pairs, color);
  for (const [hand, entries] of Object.entries(imported)) {
    const weight = entries.reduce((sum, entry) => sum + entry.weight, 0);
    next = setPair(next, hand, applyPairChoice(next[hand] ?? [], { mode: 2, color, weight }));
  }
  return next;
}
