import type { TreeNode } from '@contract/categories';

/** Ids of every range in `node`'s subtree (the node itself when it is one), in tree order. */
export function rangeIds(node: TreeNode): number[] {
  if (node.kind === 'range') return [node.id];
  return node.children.flatMap(rangeIds);
}

/** The ranges of a whole forest: what "train everything" of a root type drills. */
export const forestRangeIds = (nodes: readonly TreeNode[]): number[] => nodes.flatMap(rangeIds);
