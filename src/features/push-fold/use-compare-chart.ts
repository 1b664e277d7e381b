// The player's chart to compare with a solution: the ranges of their tournament tree to pick from, then the chosen
// one's chart and its actions (buttons, and colours painted without one), each load with its loading and error state.
import { useAsync } from '@/lib/use-async';
import type { Pair, RangeButton, TreeNode } from '@contract/categories';

import { pushFoldApi } from './api';

export interface ChartChoice {
  id: number;
  /** The folders above it and its name ("Push/fold › SB push 10bb"). */
  label: string;
}

/** Every range of a tree, each with its folders, in tree order. */
export function rangeChoices(nodes: readonly TreeNode[], path: readonly string[] = []): ChartChoice[] {
  return nodes.flatMap((node) =>
    node.kind === 'range'
      ? [{ id: node.id, label: [...path, node.name].join(' › ') }]
      : rangeChoices(node.children, [...path, node.name]),
  );
}

/** The chart's actions: its buttons in order, then any colour its cells hold that no button names. */
export function chartActions(buttons: readonly RangeButton[], pairs: readonly Pair[]): RangeButton[] {
  const actions = buttons.map((button) => ({ ...button, color: button.color.toUpperCase() }));
  for (const pair of pairs)
    for (const entry of pair.colors) {
      const color = entry.color.toUpperCase();
      if (entry.weight > 0 && !actions.some((action) => action.color === color))
        actions.push({ color, label: '' });
    }
  return actions;
}

/** The ranges of the player's tournament tree, and the chosen one's chart with its actions. */
export function useCompareChart(chartId: number | null) {
  const choices = useAsync(
    async (signal) => rangeChoices((await pushFoldApi.tree('tournament_root', signal)).children),
    'push-fold-choices',
  );
  const chart = useAsync(
    async (signal) => {
      const id = chartId as number;
      const [category, pairs] = await Promise.all([
        pushFoldApi.category(id, signal),
        pushFoldApi.range(id, signal),
      ]);
      return { pairs, actions: chartActions(category.buttons, pairs) };
    },
    String(chartId),
    { enabled: chartId !== null },
  );
  return { choices, chart };
}
