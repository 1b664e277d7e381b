import { useEffect, useState } from 'react';

import type { Category, Pair, RootType, TreeNode } from '@contract/categories';

import { rangeApi } from '../shared/api';

/** Most charts one print job lays out: a whole course stays printable, a library of thousands is cut short. */
export const PRINT_CHART_LIMIT = 120;
/** Charts fetched at once: a big folder loads in a few seconds without a burst of hundreds of requests. */
const FETCH_PARALLEL = 4;

/** One chart of a print job, in the order the library lists it. */
export interface PrintChart {
  id: number;
  name: string;
  note: string;
  buttons: Category['buttons'];
  pairs: Pair[];
}

export type PrintState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; title: string; rootType: RootType; charts: PrintChart[]; more: number };

/** The ranges under a node of the tree, depth first in the library's order. */
export function rangesUnder(node: TreeNode): TreeNode[] {
  if (node.kind === 'range') return [node];
  return node.children.flatMap(rangesUnder);
}

function findNode(nodes: TreeNode[], id: number): TreeNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const below = findNode(node.children, id);
    if (below) return below;
  }
  return undefined;
}

/** Fetches `ids` a few at a time, keeping their order. */
async function fetchAll<T>(ids: number[], fetch: (id: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(ids.length);
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const at = next++;
      out[at] = await fetch(ids[at]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(FETCH_PARALLEL, ids.length) }, worker));
  return out;
}

/**
 * The charts a print job lays out: a range itself, or every range inside a folder or tournament (at every depth,
 * in the library's order, at most PRINT_CHART_LIMIT), each with its legend, note and hands.
 */
export function usePrintCharts(id: number): PrintState {
  const [state, setState] = useState<PrintState>({ status: 'loading' });
  useEffect(() => {
    // The page is keyed by the id: a new id mounts a new hook, so the state starts loading by itself.
    let live = true;
    (async () => {
      const category = await rangeApi.category(id);
      let ids = [category.id];
      if (category.kind !== 'range') {
        const tree = await rangeApi.tree(category.root_type);
        const node = findNode(tree.children, id);
        ids = node ? rangesUnder(node).map((range) => range.id) : [];
      }
      const shown = ids.slice(0, PRINT_CHART_LIMIT);
      const charts = await fetchAll(shown, async (rangeId): Promise<PrintChart> => {
        const [meta, pairs] = await Promise.all([
          rangeId === category.id ? Promise.resolve(category) : rangeApi.category(rangeId),
          rangeApi.range(rangeId),
        ]);
        return { id: rangeId, name: meta.name, note: meta.note, buttons: meta.buttons, pairs };
      });
      if (live) {
        const more = ids.length - shown.length;
        setState({ status: 'ready', title: category.name, rootType: category.root_type, charts, more });
      }
    })().catch(() => {
      // The API client has said what went wrong.
      if (live) setState({ status: 'failed' });
    });
    return () => {
      live = false;
    };
  }, [id]);
  return state;
}
