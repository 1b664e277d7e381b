// A range conflict: an edit made from an older revision of a range (offline, or in a tab left
// open) meets a newer copy saved in another session. The server refuses it with 409 and the current version; the
// player sees both and decides. These are the pure rules; use-range-conflict.ts carries them out.
import type {
  Category,
  CreateCategoryBody,
  Pair,
  RangeWorkspace,
  UpdateCategoryBody,
} from '@contract/categories';
import { HAND_CLASSES } from '@contract/hands';
import { CATEGORY_NAME_MAX } from '@contract/limits';

import { buttonList, pairList } from '../shared/working-state';

/** Where a range lived and what it was called: enough to make it again if it is deleted meanwhile. */
export type RangeOrigin = Pick<Category, 'name' | 'root_type' | 'parent_id'>;

/** What the save queue sends for a range: the whole chart, its buttons, note and sides, on a base revision. */
/** `workspace` is absent only from bodies an older page held in IndexedDB. */
export type RangeBody = Required<Pick<UpdateCategoryBody, 'pairs' | 'buttons' | 'note' | 'sides'>> &
  Pick<UpdateCategoryBody, 'workspace'> & {
    base_revision?: number;
    /**
     * Kept on the client, never sent: the body is a ready-made strategy's, whose chart is read-only, so only its
     * sides and workspace go to the server (they never conflict: no base revision).
     */
    template?: true;
    /**
     * Kept on the client, never sent: the range's name and place as this page last knew them, held with the edit so
     * a range deleted meanwhile can be made again from it, after a reload too. Absent from older pages' bodies.
     */
    origin?: RangeOrigin;
  };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether a body read back from this browser's storage is one the editor can show and the queue send: its chart and
 * buttons checked as the working state checks a draft's, the rest of the shape that the server checks on saving.
 */
export function isRangeBody(value: unknown): value is RangeBody {
  if (!isRecord(value) || typeof value.note !== 'string') return false;
  if (!pairList(value.pairs) || !Array.isArray(buttonList(value.buttons))) return false;
  if (value.sides !== null && !isRecord(value.sides)) return false;
  if (value.workspace !== undefined && value.workspace !== null && !isRecord(value.workspace)) return false;
  const base = value.base_revision;
  if (base !== undefined && !(typeof base === 'number' && Number.isSafeInteger(base) && base >= 0))
    return false;
  if (value.template !== undefined && value.template !== true) return false;
  return value.origin === undefined || isRecord(value.origin);
}

/** The range as the server has it now (the 409's `current`). */
export interface RangeVersion {
  category: Category;
  pairs: Pair[];
}

export interface RangeConflict {
  key: string;
  userId: number;
  categoryId: number;
  mine: RangeBody;
  theirs: RangeVersion;
}

export type ConflictChoice = 'mine' | 'theirs' | 'copy';

/** The server's current version from a 409 body, or null when the body is not a range conflict. */
export function conflictVersion(body: unknown): RangeVersion | null {
  if (!body || typeof body !== 'object') return null;
  const { code, current } = body as { code?: unknown; current?: unknown };
  if (code !== 'rangeConflict' || !current || typeof current !== 'object') return null;
  const { category, pairs } = current as { category?: Partial<Category>; pairs?: unknown };
  if (!category || typeof category.revision !== 'number' || typeof category.id !== 'number') return null;
  if (!Array.isArray(pairs)) return null;
  return { category: category as Category, pairs: pairs as Pair[] };
}

/** "Open (2)" with the player's own words for a copy; trimmed to the longest name the server takes. */
export function copyName(name: string, suffix: string): string {
  const tail = ` (${suffix})`;
  return `${name.slice(0, Math.max(1, CATEGORY_NAME_MAX - tail.length))}${tail}`;
}

/** The workspace with every villain of chart `from` leaving out (`to` null) or naming chart `to` instead. */
function relinked(workspace: RangeWorkspace, from: number, to: number | null): RangeWorkspace {
  return {
    ...workspace,
    villains: workspace.villains.flatMap((villain) => {
      if (villain.category_id !== from) return [villain];
      return to === null ? [] : [{ ...villain, category_id: to }];
    }),
  };
}

/** The chart a new range is made from: its id (my villains naming it) and where it lives. */
export type CopySource = Pick<Category, 'id' | 'root_type' | 'parent_id'>;

/**
 * A new range named `name` beside `source` (in its folder, `parentId` unless told otherwise), with my chart, buttons,
 * note, sides and workspace (extra villains, dead cards). A villain of the source chart itself is one of my chart's
 * colours: the new range names itself there (copyRelink, once it exists), never the source.
 */
export function newRangeBody(
  mine: RangeBody,
  source: CopySource,
  name: string,
  parentId = source.parent_id,
): CreateCategoryBody {
  return {
    name,
    kind: 'range',
    root_type: source.root_type,
    parent_id: parentId,
    buttons: mine.buttons,
    pairs: mine.pairs,
    note: mine.note,
    sides: mine.sides,
    ...(mine.workspace ? { workspace: relinked(mine.workspace, source.id, null) } : {}),
  };
}

/** "Save mine as a copy": a new range beside the conflicted one, named as a copy of it (newRangeBody). */
export const copyBody = (mine: RangeBody, theirs: Category, suffix: string): CreateCategoryBody =>
  newRangeBody(mine, theirs, copyName(theirs.name, suffix));

/**
 * The save that completes a range made by newRangeBody when my workspace has villains of the source chart: my whole
 * version on the new range's revision, those villains naming it. Null when there are none.
 */
export function copyRelink(mine: RangeBody, source: Pick<Category, 'id'>, copy: Category): RangeBody | null {
  const { workspace, origin: _sourcePlace, ...rest } = mine;
  if (!workspace?.villains.some((villain) => villain.category_id === source.id)) return null;
  return { ...rest, workspace: relinked(workspace, source.id, copy.id), base_revision: copy.revision };
}

/** "Keep mine": my body, now based on their revision, so the server takes it as the next version. */
export const overwriteBody = (mine: RangeBody, theirs: Category): RangeBody => ({
  ...mine,
  base_revision: theirs.revision,
});

const cellKey = (pair: Pair | undefined) =>
  JSON.stringify([
    (pair?.colors ?? []).map(({ color, weight }) => [color.toUpperCase(), weight]),
    [...(pair?.excluded ?? [])].sort(),
  ]);

/** Hand classes whose colours, weights or left-out combos differ between the two versions, in grid order. */
export function differingClasses(mine: readonly Pair[], theirs: readonly Pair[]): string[] {
  const a = new Map(mine.map((pair) => [pair.hand, pair]));
  const b = new Map(theirs.map((pair) => [pair.hand, pair]));
  return HAND_CLASSES.filter((hand) => cellKey(a.get(hand)) !== cellKey(b.get(hand)));
}

/** Adds or replaces the conflict of one range (a newer refused save of the same range replaces the older). */
export function withConflict(list: readonly RangeConflict[], next: RangeConflict): RangeConflict[] {
  const at = list.findIndex((entry) => entry.key === next.key);
  if (at < 0) return [...list, next];
  return list.map((entry, index) => (index === at ? next : entry));
}

/** The 169 cells of a chart in the range route's answer form: what the server answers for GET range. */
export function fullChart(pairs: readonly Pair[]): Pair[] {
  const byHand = new Map(pairs.map((pair) => [pair.hand, pair]));
  return HAND_CLASSES.map((hand) => {
    const pair = byHand.get(hand);
    if (!pair) return { hand, colors: [] };
    return pair.excluded?.length
      ? { hand, colors: pair.colors, excluded: pair.excluded }
      : { hand, colors: pair.colors };
  });
}
