import type { RangeButton } from '../../../contract/categories.ts';
import type { StoredPairs } from '../categories/pairs.ts';

interface TreeRow {
  id: number;
  parent_id: number | null;
  name: string;
}

/** Names of the folders above `id`, top first (a broken or cyclic parent chain stops where it breaks). */
export function folderPath(rows: readonly TreeRow[], id: number): string[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const names: string[] = [];
  const seen = new Set<number>([id]);
  let parentId = byId.get(id)?.parent_id ?? null;
  while (parentId !== null && !seen.has(parentId)) {
    const parent = byId.get(parentId);
    if (!parent) break;
    seen.add(parentId);
    names.unshift(parent.name);
    parentId = parent.parent_id;
  }
  return names;
}

/**
 * A stack in big blinds as a word of a chart or folder name: "10bb", "12.5 bb", "7,5BB", "15 BB+", "15 big blinds",
 * and the Russian "15бб". A span such as "5–20bb" or "5bb-20bb" names several stacks, so it is no stack of one chart;
 * a bet size ("2.5bb open", "3bb raise") is not the stack either.
 */
const STACK =
  /(?<![\d.,–—-]\s*)(\d{1,3}(?:[.,]\d+)?)\s?(?:bb|бб|big blinds?)(?![\p{L}\d])(?!\s*[–—-]\s*\d)(?!\s+(?:open|raise|bet)s?(?![\p{L}]))/giu;

/** The stack named by one name, or null (the first stack-like word that is neither a span nor a bet size). */
function stackIn(text: string): number | null {
  for (const match of text.matchAll(STACK)) {
    const value = Number(match[1]!.replace(',', '.'));
    if (value > 0) return value;
  }
  return null;
}

/**
 * The stack in big blinds named by the chart's own name, else by its nearest folder that names one (a tournament
 * is often laid out as "SB push" › "15bb" › "vs. BTN open", the depth being a folder and not the chart).
 */
export function stackDepth(name: string, path: readonly string[]): number | null {
  for (const text of [name, ...[...path].reverse()]) {
    const value = stackIn(text);
    if (value !== null) return value;
  }
  return null;
}

/**
 * The actions the trainer offers for a chart: its buttons in their order, then every colour its cells use that no
 * button names (an unlabelled colour is still a right answer the player must be able to give).
 */
export function chartActions(buttons: readonly RangeButton[], pairs: StoredPairs): RangeButton[] {
  const actions: RangeButton[] = [];
  const seen = new Set<string>();
  const add = (color: string, label: string) => {
    const key = color.toUpperCase();
    if (seen.has(key)) return;
    seen.add(key);
    actions.push({ color: key, label });
  };
  for (const button of buttons) add(button.color, button.label);
  for (const cell of Object.values(pairs)) {
    const colors = Array.isArray(cell) ? cell : (cell?.colors ?? []);
    for (const entry of colors) if (entry.weight > 0) add(entry.color, '');
  }
  return actions;
}
