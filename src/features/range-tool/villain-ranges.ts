// The extra villains of the equity workspace as engine ranges: a chart villain is the chosen colours of a range of
// the player's library (the open range read live from the editor, others fetched once per opened range), a text
// villain is parsed by the engine.
import type { EngineClient } from '@/engine/engine.client';
import type { Pair, WorkspaceVillain } from '@contract/categories';
import { applyExclusions, classWeightsToRange, rangeCombos } from '@contract/hands';

import { rangeApi } from './api';
import type { VillainIssue } from './atoms';
import { classWeights, pairsFromList, type RangePairs } from './range-rules';
import { type ComboExclusions, exclusionsFromList } from './range-save';

/** The open range, read from the editor rather than the server so unsaved paint counts at once. */
export interface OpenRange {
  categoryId: number | null;
  pairs: RangePairs;
  exclusions: ComboExclusions;
}

const charts = new Map<number, Promise<Pair[]>>();

/** Forgets fetched charts: opening another range reads the library's charts afresh (they may have been edited). */
export function forgetVillainCharts(): void {
  charts.clear();
}

function chartPairs(id: number): Promise<Pair[]> {
  let pending = charts.get(id);
  if (!pending) {
    pending = rangeApi.villainChart(id);
    // A failed read is not kept: the next job asks again.
    pending.catch(() => charts.delete(id));
    charts.set(id, pending);
  }
  return pending;
}

/** One chart's colours as a 1326-combo range, with the suit editor's left-out combos at weight 0. */
export function chartRange(pairs: RangePairs, exclusions: ComboExclusions, colors: readonly string[]) {
  return applyExclusions(classWeightsToRange(classWeights(pairs, colors)), exclusions);
}

async function villainRange(
  villain: WorkspaceVillain,
  open: OpenRange,
  engine: EngineClient,
  signal: AbortSignal,
): Promise<{ range: Float32Array | null; issue: VillainIssue }> {
  if (villain.text !== undefined) {
    if (!villain.text.trim()) return { range: null, issue: 'empty' };
    try {
      return { range: await engine.parseRange(villain.text, { signal }), issue: null };
    } catch (error) {
      if (signal.aborted) throw error;
      return { range: null, issue: 'textInvalid' };
    }
  }
  const id = villain.category_id;
  if (id === undefined) return { range: null, issue: 'empty' };
  let range: Float32Array;
  if (id === open.categoryId) {
    range = chartRange(open.pairs, open.exclusions, villain.colors ?? []);
  } else {
    try {
      const list = await chartPairs(id);
      range = chartRange(pairsFromList(list), exclusionsFromList(list), villain.colors ?? []);
    } catch {
      return { range: null, issue: 'chartMissing' };
    }
  }
  return rangeCombos(range) > 0 ? { range, issue: null } : { range: null, issue: 'empty' };
}

/** Every extra villain's range (null when it takes no part) and the reason it does not. */
export async function resolveVillains(
  villains: readonly WorkspaceVillain[],
  open: OpenRange,
  engine: EngineClient,
  signal: AbortSignal,
): Promise<Array<{ range: Float32Array | null; issue: VillainIssue }>> {
  return Promise.all(villains.map((villain) => villainRange(villain, open, engine, signal)));
}
