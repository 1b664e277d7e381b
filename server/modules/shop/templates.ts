import type { RangeButton, RootType } from '../../../contract/categories.ts';
import { nowIso } from '../../lib/time.ts';
import type { Executor } from '../categories/categories.repository.ts';
import { nextPosition } from '../categories/categories.repository.ts';
import type { StoredPairs } from '../categories/pairs.ts';

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

/** Inserts a folder named `name` holding the pack's nodes at the end of the user's top level; returns its id. */
export async function insertPack(
  db: Executor,
  userId: number,
  name: string,
  content: PackContent,
  isTemplate: boolean,
): Promise<number> {
  const now = nowIso();
  const insert = async (node: TemplateNode, parentId: number | null, position: number): Promise<number> => {
    const row = await db
      .insertInto('categories')
      .values({
        user_id: userId,
        root_type: content.root_type,
        parent_id: parentId,
        kind: node.kind,
        name: node.name,
        position,
        note: node.note ?? '',
        buttons: JSON.stringify(node.buttons ?? []),
        pairs: JSON.stringify(node.pairs ?? {}),
        is_template: isTemplate ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [index, child] of (node.children ?? []).entries()) await insert(child, row.id, index);
    return row.id;
  };
  const scope = { user_id: userId, root_type: content.root_type, parent_id: null };
  const kind = content.root_type === 'tournament_root' ? 'tournament' : 'folder';
  return insert({ name, kind, children: content.nodes }, null, await nextPosition(db, scope));
}
