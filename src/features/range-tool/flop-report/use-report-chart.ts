// The chart the flop report reports on is the range tool's open chart. Opened directly, or reloaded, the page takes
// up the player's last chart as the range tool would (use-working-state.ts), and a signed-in player can pick any
// chart of their library here, without going to the range tool first.
import { useCallback, useEffect, useState } from 'react';

import { useCurrentUser, useSession } from '@/lib/session';
import { appStore, useAtomValue } from '@/lib/store';
import type { RootType, TreeNode } from '@contract/categories';

import { openRange } from '../library/use-range-library';
import { restoreLastChart } from '../library/use-working-state';
import { rangeApi } from '../shared/api';
import { categoryIdAtom, rangeOwnerAtom, rangePairsAtom, selectionScopeAtom } from '../shared/atoms';

/** A chart of the player's library: its name with the folders above it, and the tool it belongs to. */
export interface ReportChart {
  id: number;
  name: string;
  rootType: RootType;
}

const ROOTS: readonly RootType[] = ['preflop_root', 'tournament_root'];

/** The library's charts in tree order, each named with its folders ("Opens › CO open"). */
export function chartsOf(nodes: readonly TreeNode[], rootType: RootType, path: string[] = []): ReportChart[] {
  return nodes.flatMap((node) =>
    node.kind === 'range'
      ? [{ id: node.id, name: [...path, node.name].join(' › '), rootType }]
      : chartsOf(node.children, rootType, [...path, node.name]),
  );
}

export function useReportChart() {
  const ready = useSession().status === 'ready';
  const userId = useCurrentUser()?.id ?? null;
  const owner = useAtomValue(rangeOwnerAtom);
  const categoryId = useAtomValue(categoryIdAtom);
  // The charts of the account they were loaded for: another account's never show.
  const [loaded, setLoaded] = useState<{ userId: number; charts: ReportChart[] } | null>(null);
  const charts = loaded && loaded.userId === userId ? loaded.charts : null;

  useEffect(() => {
    if (!ready) return;
    // A chart on screen (the tool was shown, or a chart was painted) is the one reported on.
    const empty = Object.values(appStore.get(rangePairsAtom)).every((entries) => !entries?.length);
    if (appStore.get(categoryIdAtom) !== null || !empty) return;
    restoreLastChart(owner === null ? 'anonymous' : { userId: owner });
  }, [ready, owner]);

  useEffect(() => {
    if (userId === null) return;
    let current = true;
    Promise.all(ROOTS.map(async (root) => chartsOf((await rangeApi.tree(root)).children, root)))
      .then((lists) => current && setLoaded({ userId, charts: lists.flat() }))
      // The API client has shown the failure; the report still works on the chart on screen.
      .catch(() => current && setLoaded({ userId, charts: [] }));
    return () => {
      current = false;
    };
  }, [userId]);

  /** Opens `chart` as the range tool's chart, in its own tool's tree, so the tool shows it selected later. */
  const pick = useCallback(
    async (chart: ReportChart) => {
      appStore.set(selectionScopeAtom, { rootType: chart.rootType, owner: userId });
      await openRange(chart.id);
    },
    [userId],
  );

  return { charts, categoryId, pick };
}
