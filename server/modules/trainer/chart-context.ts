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

// "10bb", "12.5 bb", "7,5BB" as a word; a span such as "5–20bb" names several stacks, so it is no stack of one chart.
const STACK = /(?<![\d.,–—-]\s*)(\d{1,3}(?:[.,]\d+)?)\s?bb\b/i;

/** The stack in big blinds named by the chart's own name, else by its nearest folder; null when none names one. */
export function stackDepth(name: string, path: readonly string[]): number | null {
  for (const text of [name, ...[...path].reverse()]) {
    const match = STACK.exec(text);
    if (match?.[1]) {
      const value = Number(match[1].replace(',', '.'));
      if (value > 0) return value;
    }
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
