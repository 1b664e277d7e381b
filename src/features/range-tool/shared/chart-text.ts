// A chart as text and back, in the formats other tools use. Every range of text is read and written by the engine
// (one parser: PokerStove, bracket groups, weighted lists, top shares); this module only splits a multi-action paste
// into its lines and maps ranges onto the chart's colours, so it is pure and tested against the real engine.
import type { RangeButton } from '@contract/categories';
import {
  applyExclusions,
  cardIndex,
  classCombos,
  classWeightsToRange,
  comboIndex,
  HAND_CLASSES,
  MAX_PAIR_WEIGHT,
  PAIR_WEIGHT_TOLERANCE,
} from '@contract/hands';

import { classWeights, nextButtonColor, type RangePairs } from './range-rules';
import type { ComboExclusions } from './range-save';

/** How a single range is written (the engine's styles): `QQ+, KJo:0.5`, `[50]KJo[/50]`, `AA:1,KJo:0.5`. */
export type RangeStyle = 'pokerstove' | 'bracketed' | 'weighted_list';
export const RANGE_STYLES: readonly RangeStyle[] = ['pokerstove', 'bracketed', 'weighted_list'];

/** The engine's range text in and out (engine.client.ts in the app, the wasm API itself in tests). */
export interface RangeTextEngine {
  parseRange(text: string): Promise<Float32Array> | Float32Array;
  rangeToText(weights: Float32Array, style: RangeStyle): Promise<string> | string;
}

/** A chart as its text formats see it: the legend, the hands and the combos left out. */
export interface ChartText {
  buttons: readonly RangeButton[];
  pairs: RangePairs;
  exclusions: Readonly<Record<string, readonly string[]>>;
}

/** 1326 combo weights of some colours of a chart (every colour: the whole chart), its left-out combos out. */
export function colorsRange(chart: ChartText, colors: readonly string[]): Float32Array {
  return applyExclusions(classWeightsToRange(classWeights(chart.pairs, colors)), chart.exclusions);
}

const chartColors = (chart: ChartText) => chart.buttons.map((button) => button.color);

/** The whole chart, every colour together, as one range of text. */
export async function wholeChartText(
  chart: ChartText,
  style: RangeStyle,
  engine: RangeTextEngine,
): Promise<string> {
  return engine.rangeToText(colorsRange(chart, chartColors(chart)), style);
}

/**
 * A label as a line of a multi-action paste can carry it: a colon would end it early and a line break split the
 * line, so both become spaces.
 */
const lineLabel = (label: string) =>
  label
    .replace(/[:\r\n]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * One line per colour with hands, "Raise: QQ+, AKs", in the legend's order: the multi-action text other tools and
 * `importActions` read. Colours without hands are left out.
 */
export async function actionsText(
  chart: ChartText,
  style: RangeStyle,
  engine: RangeTextEngine,
): Promise<string> {
  const lines: string[] = [];
  for (const button of chart.buttons) {
    const range = colorsRange(chart, [button.color]);
    if (!range.some((weight) => weight > 0)) continue;
    const label = lineLabel(button.label);
    const text = await engine.rangeToText(range, style);
    lines.push(label ? `${label}: ${text}` : text);
  }
  return lines.join('\n');
}

/** One line of a multi-action paste: its label (null without one), its range text and where that text starts. */
export interface ActionLine {
  label: string | null;
  text: string;
  /** UTF-16 offset of `text` in the whole paste, so an error inside it can be selected there. */
  offset: number;
  /** 1-based line number in the paste. */
  line: number;
}

// A label is the text before the line's first colon when that text cannot begin a range: "Raise: QQ+" has one,
// "AA:1, AKs:0.75" (a weighted list) and "KJo : 0.5" do not. Hands, spans, top shares and random/any read as range.
const RANGE_HEAD =
  /^(?:random|any|top\s*[\d.]*\s*%?|[AKQJT2-9][cdhs][AKQJT2-9][cdhs]|[AKQJT2-9]{2}[so]?(?:\s*[+-].*)?)$/i;

/** Splits a paste into its non-blank lines, each with its label when it has one ("Raise: …"). */
export function actionLines(paste: string): ActionLine[] {
  const lines: ActionLine[] = [];
  let offset = 0;
  paste.split('\n').forEach((raw, index) => {
    const start = offset;
    offset += raw.length + 1;
    if (!raw.trim()) return;
    const colon = raw.indexOf(':');
    const head = colon >= 0 ? raw.slice(0, colon).trim() : '';
    const labelled = colon >= 0 && head !== '' && !/[,;[\]]/.test(head) && !RANGE_HEAD.test(head);
    const body = labelled ? raw.slice(colon + 1) : raw;
    const skipped = body.length - body.trimStart().length;
    lines.push({
      label: labelled ? head : null,
      text: body.trim(),
      offset: start + (labelled ? colon + 1 : 0) + skipped,
      line: index + 1,
    });
  });
  return lines;
}

const labelKey = (label: string) => lineLabel(label).toLowerCase();

/** The colour of each line: a labelled line the legend's button of that name (a new one if none), else by order. */
export function lineColors(
  lines: readonly ActionLine[],
  buttons: readonly RangeButton[],
  newLabel: (place: number) => string,
): { colors: string[]; buttons: RangeButton[] } {
  const next = [...buttons];
  const taken = new Set<string>();
  const colors = lines.map((line, index) => {
    const named =
      line.label === null ? undefined : next.find((b) => labelKey(b.label) === labelKey(line.label!));
    const ordered = line.label === null ? next[index] : undefined;
    const found = named ?? (ordered && !taken.has(ordered.color.toLowerCase()) ? ordered : undefined);
    if (found) {
      taken.add(found.color.toLowerCase());
      return found.color;
    }
    const button = { color: nextButtonColor(next), label: line.label ?? newLabel(next.length + 1) };
    next.push(button);
    taken.add(button.color.toLowerCase());
    return button.color;
  });
  return { colors, buttons: next };
}

/** A class the lines give more than the whole of: the hand and its total, in %. */
export interface OverfullHand {
  hand: string;
  total: number;
}

export type ImportedActions =
  { ok: true; pairs: RangePairs; exclusions: ComboExclusions } | { ok: false; overfull: OverfullHand };

/** Percent to two decimals, as the weight field holds it. */
const percent = (weight: number) => Math.round(weight * 10_000) / 100;

/**
 * The chart several ranges make, one colour each (`colors[i]` for `ranges[i]`): a combo no range holds is left out
 * of its class, and each colour takes the mean weight of its combos over the combos left in (the exact weight
 * whenever a colour weights a class's combos alike, as every chart does). A class the ranges fill past 100 % is
 * refused, named with its total.
 */
export function chartFromRanges(
  ranges: readonly ArrayLike<number>[],
  colors: readonly string[],
): ImportedActions {
  const pairs: RangePairs = {};
  const exclusions: ComboExclusions = {};
  for (const hand of HAND_CLASSES) {
    const combos = classCombos(hand);
    const indices = combos.map((combo) =>
      comboIndex(cardIndex(combo.slice(0, 2)), cardIndex(combo.slice(2, 4))),
    );
    const held = indices.map((combo) => ranges.some((range) => (range[combo] ?? 0) > 0));
    const inClass = indices.filter((_, at) => held[at]);
    if (inClass.length === 0) continue;
    // Lines of one colour (a label written twice) add up.
    const byColor = new Map<string, number>();
    ranges.forEach((range, at) => {
      const key = colors[at]!;
      const sum = inClass.reduce((total, combo) => total + (range[combo] ?? 0), 0);
      byColor.set(key, (byColor.get(key) ?? 0) + sum / inClass.length);
    });
    const entries = [...byColor]
      .map(([color, weight]) => ({ color, weight: percent(weight) }))
      .filter((entry) => entry.weight > 0);
    const total = entries.reduce((sum, entry) => sum + entry.weight, 0);
    if (total > MAX_PAIR_WEIGHT + PAIR_WEIGHT_TOLERANCE) return { ok: false, overfull: { hand, total } };
    if (entries.length === 0) continue;
    pairs[hand] = entries;
    const out = combos.filter((_, at) => !held[at]);
    if (out.length > 0) exclusions[hand] = out;
  }
  return { ok: true, pairs, exclusions };
}
