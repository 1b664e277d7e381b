import type { RangeButton, RootType } from '../../../contract/categories.ts';
import type { DialectName } from '../../db/database.ts';
import { nowIso } from '../../lib/time.ts';
import type { Executor } from '../categories/categories.repository.ts';
import { nextPosition } from '../categories/categories.repository.ts';
import type { StoredPairs } from '../categories/pairs.ts';
import { allocateCategoryIds, insertCategoryRows } from '../categories/subtrees.ts';

/** A strategy pack's charts, as stored in shop_item_contents and copied into the buyer's tree. */
export interface TemplateNode {
  name: string;
  kind: 'folder' | 'range' | 'tournament';
  note?: string;
  buttons?: RangeButton[];
  pairs?: StoredPairs;
  children?: TemplateNode[];
}

export interface PackContent {
  root_type: RootType;
  nodes: TemplateNode[];
}

export function parsePackContent(json: string): PackContent | null {
  try {
    const value = JSON.parse(json) as PackContent;
    return value && Array.isArray(value.nodes) ? value : null;
  } catch {
    return null;
  }
}

/**
 * Inserts a folder named `name` holding the pack's nodes at the end of the user's top level, in a few multi-row
 * INSERTs (categories/subtrees.ts); returns its id.
 */
export async function insertPack(
  db: Executor,
  dialect: DialectName,
  userId: number,
  name: string,
  content: PackContent,
  isTemplate: boolean,
): Promise<number> {
  const now = nowIso();
  const kind = content.root_type === 'tournament_root' ? 'tournament' : 'folder';
  // Breadth first, so every node's parent comes before it.
  const order: Array<{ node: TemplateNode; parent: number; position: number }> = [
    { node: { name, kind, children: content.nodes }, parent: -1, position: -1 },
  ];
  for (let index = 0; index < order.length; index += 1) {
    const children = (order[index] as (typeof order)[number]).node.children ?? [];
    for (const [position, child] of children.entries()) order.push({ node: child, parent: index, position });
  }
  const ids = await allocateCategoryIds(db, dialect, order.length);
  const scope = { user_id: userId, root_type: content.root_type, parent_id: null };
  const top = await nextPosition(db, scope);
  await insertCategoryRows(
    db,
    order.map(({ node, parent, position }, index) => ({
      id: ids[index] as number,
      user_id: userId,
      root_type: content.root_type,
      parent_id: parent < 0 ? null : (ids[parent] as number),
      kind: node.kind,
      name: node.name,
      position: parent < 0 ? top : position,
      note: node.note ?? '',
      buttons: JSON.stringify(node.buttons ?? []),
      pairs: JSON.stringify(node.pairs ?? {}),
      is_template: isTemplate ? 1 : 0,
      created_at: now,
      updated_at: now,
    })),
  );
  return ids[0] as number;
}

/** How many categories a pack adds to a library (its own folder included) and how many levels it spans. */
export function packShape(content: PackContent): { nodes: number; height: number } {
  let nodes = 1;
  let height = 1;
  const stack = content.nodes.map((node) => ({ node, level: 2 }));
  while (stack.length > 0) {
    const { node, level } = stack.pop() as (typeof stack)[number];
    nodes += 1;
    height = Math.max(height, level);
    for (const child of node.children ?? []) stack.push({ node: child, level: level + 1 });
  }
  return { nodes, height };
}
