// The charts a villain can be drawn from: every range of the player's library (both roots), and the colour buttons
// of a chosen one. Read through the range API once per open players panel.
import { useEffect, useState } from 'react';

import { useCurrentUser } from '@/lib/session';
import { useAtomValue } from '@/lib/store';
import type { RangeButton, RootType, TreeNode } from '@contract/categories';

import { rangeApi } from '../shared/api';
import { buttonsAtom, categoryIdAtom } from '../shared/atoms';

export interface VillainChart {
  id: number;
  /** The folder path and name, "BTN / Open". */
  name: string;
}

const ROOTS: RootType[] = ['preflop_root', 'tournament_root'];

/** Every range of a tree with its folder path, in library order. */
export function flattenRanges(nodes: readonly TreeNode[], path: string[] = []): VillainChart[] {
  return nodes.flatMap((node) =>
    node.kind === 'range'
      ? [{ id: node.id, name: [...path, node.name].join(' / ') }]
      : flattenRanges(node.children, [...path, node.name]),
  );
}

/** The player's ranges, refreshed whenever another range is opened (the library may have changed). */
export function useVillainCharts(): VillainChart[] {
  const userId = useCurrentUser()?.id ?? null;
  const categoryId = useAtomValue(categoryIdAtom);
  const [charts, setCharts] = useState<VillainChart[]>([]);
  useEffect(() => {
    if (userId === null) return;
    let live = true;
    Promise.all(ROOTS.map((root) => rangeApi.tree(root)))
      .then((trees) => live && setCharts(trees.flatMap((tree) => flattenRanges(tree.children))))
      .catch(() => {
        // The library could not be read: villains can still be typed as text.
      });
    return () => {
      live = false;
    };
  }, [userId, categoryId]);
  return charts;
}

/** The colour buttons of a villain's chart: the open range's live buttons, another range's saved ones. */
export function useChartButtons(id: number | undefined): RangeButton[] | null {
  const openId = useAtomValue(categoryIdAtom);
  const openButtons = useAtomValue(buttonsAtom);
  const [loaded, setLoaded] = useState<{ id: number; buttons: RangeButton[] | null } | null>(null);
  const isOpen = id !== undefined && id === openId;
  useEffect(() => {
    if (id === undefined || isOpen) return;
    let live = true;
    rangeApi
      .villainButtons(id)
      .then((category) => live && setLoaded({ id, buttons: category.buttons }))
      .catch(() => live && setLoaded({ id, buttons: null }));
    return () => {
      live = false;
    };
  }, [id, isOpen]);
  if (id === undefined) return null;
  if (isOpen) return openButtons;
  return loaded?.id === id ? loaded.buttons : [];
}
