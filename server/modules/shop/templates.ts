import type { RangeButton, RootType } from '../../../contract/categories.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../../contract/languages.ts';
import type { DialectName } from '../../db/database.ts';
import { nowIso } from '../../lib/time.ts';
import type { Executor } from '../categories/categories.repository.ts';
import { nextPosition } from '../categories/categories.repository.ts';
import type { StoredPairs } from '../categories/pairs.ts';
import { allocateCategoryIds, insertCategoryRows } from '../categories/subtrees.ts';

/** A node's texts in one other language; what is left out stays as the node has it (English). */
export interface NodeTexts {
  name?: string;
  note?: string;
  /** The buttons' labels, in the order of `buttons`. */
  labels?: string[];
}

/** A strategy pack's charts, as stored in shop_item_contents and copied into the buyer's tree. */
export interface TemplateNode {
  name: string;
  kind: 'folder' | 'range' | 'tournament';
  note?: string;
  buttons?: RangeButton[];
  pairs?: StoredPairs;
  children?: TemplateNode[];
  /** Name, note and button labels in the other interface languages; the fields above are English. */
  translations?: Partial<Record<Language, NodeTexts>>;
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
 * The pack as a player of `language` gets it: every node's name, note and button labels in that language where the
 * pack has them, English otherwise. A pack is copied into a library once (at delivery, a restore, the demo's seed),
 * so its charts keep the language of that moment: they are the player's own from then on, and a later change of
 * the interface language does not rename what the player may have edited.
 */
export function localizePack(content: PackContent, language: Language): PackContent {
  const localize = (node: TemplateNode): TemplateNode => {
    const texts = language === DEFAULT_LANGUAGE ? undefined : node.translations?.[language];
    const { translations: _translations, ...rest } = node;
    return {
      ...rest,
      name: texts?.name || node.name,
      ...(node.note !== undefined ? { note: texts?.note || node.note } : {}),
      ...(node.buttons
        ? {
            buttons: node.buttons.map((button, index) => ({
              ...button,
              label: texts?.labels?.[index] || button.label,
            })),
          }
        : {}),
      ...(node.children ? { children: node.children.map(localize) } : {}),
    };
  };
  return { root_type: content.root_type, nodes: content.nodes.map(localize) };
}

/**
 * Inserts a folder named `name` holding the pack's nodes, in `language` (localizePack), at the end of the user's top
 * level, in a few multi-row INSERTs (categories/subtrees.ts); returns its id.
 */
export async function insertPack(
  db: Executor,
  dialect: DialectName,
  userId: number,
  name: string,
  pack: PackContent,
  isTemplate: boolean,
  language: Language,
): Promise<number> {
  const content = localizePack(pack, language);
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
