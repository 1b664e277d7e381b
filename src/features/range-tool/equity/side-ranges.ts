// The equity's sides as engine ranges (1326 combo weights). A side names its source (contract/sides.ts): colours of
// the open chart (read live from the editor, so unsaved paint counts at once), another chart of the library (fetched
// once per opened range), text (parsed by the engine, once per text) or two hole cards. Sides are independent: the
// same hand may be in several, and the engine removes cards per pair of combos.
import type { EngineClient } from '@/engine/engine.client';
import type { EquitySide } from '@contract/categories';
import { applyExclusions, cardIndex, classWeightsToRange, handRange, rangeCombos } from '@contract/hands';
import { sideSource } from '@contract/sides';

import { chartPairs, fetchedChart } from '../shared/chart-cache';
import { classWeights, pairsFromList, type RangePairs } from '../shared/range-rules';
import { type ComboExclusions, exclusionsFromList } from '../shared/range-save';
import type { SideIssue } from './atoms';

/** The open range, read from the editor rather than the server so unsaved paint counts at once. */
export interface OpenRange {
  categoryId: number | null;
  pairs: RangePairs;
  exclusions: ComboExclusions;
}

/** One side resolved: its range (null when it takes no part) and why it takes none. */
export interface SideRange {
  range: Float32Array | null;
  issue: SideIssue;
}

/** Texts the engine read (or refused), newest last; a few dozen cover every side a player switches between. */
const parsedTexts = new Map<string, Float32Array | null>();
const PARSED_TEXTS_KEPT = 64;

function rememberText(text: string, range: Float32Array | null): void {
  parsedTexts.delete(text);
  parsedTexts.set(text, range);
  if (parsedTexts.size > PARSED_TEXTS_KEPT) parsedTexts.delete(parsedTexts.keys().next().value as string);
}

/** One chart's colours as a 1326-combo range, with the suit editor's left-out combos at weight 0. */
export function chartRange(pairs: RangePairs, exclusions: ComboExclusions, colors: readonly string[]) {
  return applyExclusions(classWeightsToRange(classWeights(pairs, colors)), exclusions);
}

/** Every colour that has an entry in the chart: a chart side that picked none plays all of them. */
function allColors(pairs: RangePairs): string[] {
  const colors = new Set<string>();
  for (const entries of Object.values(pairs)) for (const entry of entries ?? []) colors.add(entry.color);
  return [...colors];
}

function fromChart(pairs: RangePairs, exclusions: ComboExclusions, colors: readonly string[]): SideRange {
  const range = chartRange(pairs, exclusions, colors.length ? colors : allColors(pairs));
  return rangeCombos(range) > 0 ? { range, issue: null } : { range: null, issue: 'empty' };
}

const EMPTY: SideRange = { range: null, issue: 'empty' };

/**
 * A side resolved without waiting, when that is possible: colours of the open chart, hole cards, a text the engine
 * read before, a chart fetched before. Undefined when the engine or the server must be asked first. `taken` holds
 * the board and dead cards (as indexes): hole cards among them take no part.
 */
export function resolveSideNow(
  side: EquitySide,
  open: OpenRange,
  taken: ReadonlySet<number>,
): SideRange | undefined {
  switch (sideSource(side)) {
    case 'colors':
      // This chart's colours name its actions one by one: none chosen is no range, not the whole chart.
      return side.colors?.length ? fromChart(open.pairs, open.exclusions, side.colors) : EMPTY;
    case 'cards': {
      const cards = side.cards ?? [];
      if (cards.some((card) => taken.has(cardIndex(card)))) return { range: null, issue: 'cardsTaken' };
      const range = handRange(cards);
      return range ? { range, issue: null } : EMPTY;
    }
    case 'text': {
      const text = side.text?.trim() ?? '';
      if (!text) return EMPTY;
      if (!parsedTexts.has(text)) return undefined;
      const range = parsedTexts.get(text) ?? null;
      if (!range) return { range: null, issue: 'textInvalid' };
      return rangeCombos(range) > 0 ? { range, issue: null } : EMPTY;
    }
    case 'chart': {
      const id = side.category_id as number;
      const colors = side.colors ?? [];
      if (id === open.categoryId) return fromChart(open.pairs, open.exclusions, colors);
      const list = fetchedChart(id);
      return list ? fromChart(pairsFromList(list), exclusionsFromList(list), colors) : undefined;
    }
    default:
      return EMPTY;
  }
}

/** A side resolved, asking the engine (text) or the server (another chart) when it must. */
export async function resolveSide(
  side: EquitySide,
  open: OpenRange,
  taken: ReadonlySet<number>,
  engine: EngineClient,
  signal: AbortSignal,
): Promise<SideRange> {
  const now = resolveSideNow(side, open, taken);
  if (now) return now;
  if (sideSource(side) === 'text') {
    const text = side.text?.trim() ?? '';
    try {
      rememberText(text, await engine.parseRange(text, { signal }));
    } catch (error) {
      if (signal.aborted) throw error;
      rememberText(text, null);
    }
  } else {
    try {
      await chartPairs(side.category_id as number);
    } catch {
      return { range: null, issue: 'chartMissing' };
    }
  }
  return resolveSideNow(side, open, taken) ?? EMPTY;
}
