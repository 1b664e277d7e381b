// The equity workspace saved with a range: the villains after the first (each an equity side, equity-sides.ts) and
// the dead cards. Validated on the way in, stored as JSON, and kept meaningful when charts are copied,
// shared or deleted.
import type { EquitySide, RangeWorkspace } from '../../../contract/categories.ts';
import { MAX_EXTRA_VILLAINS } from '../../../contract/limits.ts';
import type { CategoryRow } from '../../db/schema.ts';
import { badRequest } from '../../lib/http-error.ts';
import type { Executor } from './categories.repository.ts';
import {
  canonicalCard,
  chartIds,
  copiedSide,
  normalizeSide,
  parseSides,
  readableRangeIds,
  sidesColumn,
} from './equity-sides.ts';

/**
 * A workspace from a client, validated and in canonical form: each villain a side (normalizeSide), dead cards each
 * once. Villains of charts the caller cannot read are left out. Null forgets the workspace.
 */
export async function normalizeWorkspace(
  db: Executor,
  userId: number,
  workspace: RangeWorkspace | null,
): Promise<RangeWorkspace | null> {
  if (!workspace) return null;
  if (workspace.villains.length > MAX_EXTRA_VILLAINS) throw badRequest('invalidVillain');
  const dead = workspace.dead.map(canonicalCard);
  if (new Set(dead).size !== dead.length) throw badRequest('duplicateCard');
  const villains = workspace.villains.map(normalizeSide);
  // A chart the caller cannot read is left out, as on reading (readableWorkspace), not refused: the editor sends
  // the workspace with every save of the chart, and a villain chart deleted meanwhile (in this tab or another)
  // would otherwise fail the save and drop the chart's edit with it. Another user's chart or a folder is left out
  // the same way, so the answer tells nothing about ids that are not the caller's.
  const readable = await readableRangeIds(db, userId, chartIds(villains));
  const kept = villains.filter(
    (villain) => villain.category_id === undefined || readable.has(villain.category_id),
  );
  return { villains: kept, dead };
}

/** The stored column (JSON text or NULL) as the contract's value; unreadable text counts as never saved. */
export function parseWorkspace(json: string | null): RangeWorkspace | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as Partial<RangeWorkspace> | null;
    if (!value || !Array.isArray(value.villains) || !Array.isArray(value.dead)) return null;
    return { villains: value.villains, dead: value.dead };
  } catch {
    return null;
  }
}

export const workspaceColumn = (workspace: RangeWorkspace | null): string | null =>
  workspace ? JSON.stringify(workspace) : null;

/** Leaves out villains whose chart the reader can no longer read (deleted since it was saved). */
export async function readableWorkspace(
  db: Executor,
  userId: number,
  workspace: RangeWorkspace | null,
): Promise<RangeWorkspace | null> {
  if (!workspace) return null;
  const readable = await readableRangeIds(db, userId, chartIds(workspace.villains));
  const villains = workspace.villains.filter(
    (villain) => villain.category_id === undefined || readable.has(villain.category_id),
  );
  return villains.length === workspace.villains.length ? workspace : { ...workspace, villains };
}

/**
 * The workspace of a copied range (copiedSide for each villain): references to charts copied along point to their
 * copies; into another user's library, charts left behind become text, and bought ones are left out.
 */
export async function copiedWorkspace(
  db: Executor,
  json: string | null,
  copies: ReadonlyMap<number, number>,
  foreign: boolean,
): Promise<string | null> {
  const workspace = parseWorkspace(json);
  if (!workspace) return json;
  const villains: EquitySide[] = [];
  for (const villain of workspace.villains) {
    const copied = await copiedSide(db, villain, copies, foreign);
    if (copied) villains.push(copied);
  }
  return workspaceColumn({ ...workspace, villains });
}

/** The sides of a copied range, as copiedSide rewrites them; a dropped side takes no part. */
async function copiedSides(
  db: Executor,
  json: string | null,
  copies: ReadonlyMap<number, number>,
  foreign: boolean,
): Promise<string | null> {
  const sides = parseSides(json);
  if (!sides) return json;
  const copy = async (side: EquitySide) => (await copiedSide(db, side, copies, foreign)) ?? { colors: [] };
  return sidesColumn({ hero: await copy(sides.hero), villain: await copy(sides.villain) });
}

/**
 * Rewrites the sides and workspaces of freshly copied ranges (copiedSides, copiedWorkspace) once the whole subtree
 * has its new ids.
 */
export async function relinkCopiedWorkspaces(
  db: Executor,
  source: readonly CategoryRow[],
  copies: ReadonlyMap<number, number>,
  foreign: boolean,
): Promise<void> {
  for (const row of source) {
    const copyId = copies.get(row.id);
    if (copyId === undefined || (!row.workspace && !row.sides)) continue;
    const workspace = await copiedWorkspace(db, row.workspace, copies, foreign);
    const sides = await copiedSides(db, row.sides, copies, foreign);
    if (workspace !== row.workspace || sides !== row.sides)
      await db.updateTable('categories').set({ workspace, sides }).where('id', '=', copyId).execute();
  }
}
