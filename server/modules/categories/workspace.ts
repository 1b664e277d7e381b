// The equity workspace saved with a range: extra villains (a chart of the owner's library with colours, or a text
// range) and dead cards. Validated on the way in, stored as JSON, and kept meaningful when charts are copied,
// shared or deleted.
import type { RangeWorkspace, WorkspaceVillain } from '../../../contract/categories.ts';
import { cardIndex, cardText, classCombos, HAND_CLASSES } from '../../../contract/hands.ts';
import { MAX_EXTRA_VILLAINS } from '../../../contract/limits.ts';
import type { CategoryRow } from '../../db/schema.ts';
import { badRequest } from '../../lib/http-error.ts';
import type { Executor } from './categories.repository.ts';
import { parsePairs, type StoredPairs } from './pairs.ts';

/**
 * Characters of PokerStove notation as the engine reads it (ranks, suits, `s`/`o`, `+`, `-`, `:` weights, commas,
 * `random`/`any`). The engine parses the text itself; this keeps markup and control characters out of storage.
 */
const TEXT_PATTERN = /^[0-9A-Za-z+\-:.,;\s]*$/;

/** "ah" → "Ah": dead cards are stored in one spelling, so duplicates are found whatever the case. */
function canonicalCard(card: string): string {
  const index = cardIndex(card);
  if (index < 0) throw badRequest('invalidCard');
  return cardText(index);
}

/** Chart ids the caller may use as a villain: their own ranges (bought strategies included). */
export async function readableRangeIds(db: Executor, userId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectFrom('categories')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', 'range')
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * A workspace from a client, validated and in canonical form: each villain is a readable chart with its colours
 * (none yet while the player picks them: it then takes no part), or a text range (trimmed); dead cards are cards,
 * each once. Villains of charts the caller cannot read are left out. Null forgets the workspace.
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
  const villains: WorkspaceVillain[] = workspace.villains.map((villain) => {
    const isChart = villain.category_id !== undefined;
    const isText = villain.text !== undefined;
    if (isChart === isText) throw badRequest('invalidVillain');
    if (isText) {
      if (villain.colors !== undefined) throw badRequest('invalidVillain');
      const text = (villain.text as string).trim();
      if (!TEXT_PATTERN.test(text)) throw badRequest('invalidRangeText');
      return { text };
    }
    const colors = [...new Set((villain.colors ?? []).map((color) => color.toUpperCase()))];
    return { category_id: villain.category_id as number, colors };
  });
  // A chart the caller cannot read is left out, as on reading (readableWorkspace), not refused: the editor sends
  // the workspace with every save of the chart, and a villain chart deleted meanwhile (in this tab or another)
  // would otherwise fail the save and drop the chart's edit with it. Another user's chart or a folder is left out
  // the same way, so the answer tells nothing about ids that are not the caller's.
  const ids = [...new Set(villains.flatMap((villain) => villain.category_id ?? []))];
  const readable = await readableRangeIds(db, userId, ids);
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
  const ids = workspace.villains.flatMap((villain) => villain.category_id ?? []);
  const readable = await readableRangeIds(db, userId, [...new Set(ids)]);
  const villains = workspace.villains.filter(
    (villain) => villain.category_id === undefined || readable.has(villain.category_id),
  );
  return villains.length === workspace.villains.length ? workspace : { ...workspace, villains };
}

/** Shortest text of a weight the engine reads back (`:0.5`); full weight is written without one. */
const weightText = (weight: number) => (weight >= 1 ? '' : `:${Number(weight.toFixed(4))}`);

/**
 * A chart's colours as PokerStove text, for a recipient who cannot open the chart: each class at the summed weight
 * of the chosen colours, combo by combo where the suit editor left combos out.
 */
export function chartText(pairs: StoredPairs, colors: readonly string[]): string {
  const chosen = new Set(colors.map((color) => color.toUpperCase()));
  const tokens: string[] = [];
  for (const hand of HAND_CLASSES) {
    const cell = pairs[hand];
    if (!cell) continue;
    const entries = Array.isArray(cell) ? cell : cell.colors;
    const excluded = Array.isArray(cell) ? [] : cell.excluded;
    const total = (Array.isArray(entries) ? entries : [])
      .filter((entry) => chosen.has(String(entry.color).toUpperCase()))
      .reduce((sum, entry) => sum + Number(entry.weight), 0);
    const weight = Math.min(1, total / 100);
    if (!(weight > 0)) continue;
    if (Array.isArray(excluded) && excluded.length) {
      const out = new Set(excluded);
      for (const combo of classCombos(hand))
        if (!out.has(combo)) tokens.push(`${combo}${weightText(weight)}`);
    } else {
      tokens.push(`${hand}${weightText(weight)}`);
    }
  }
  return tokens.join(',');
}

/**
 * The workspace of a copied range: references to charts copied along point to their copies; for a copy into
 * another user's library (an accepted share), charts left behind become text ranges of what they held, since the
 * recipient cannot open them. A copy in the same library keeps its other references.
 */
export async function copiedWorkspace(
  db: Executor,
  json: string | null,
  copies: ReadonlyMap<number, number>,
  foreign: boolean,
): Promise<string | null> {
  const workspace = parseWorkspace(json);
  if (!workspace) return json;
  const villains: WorkspaceVillain[] = [];
  for (const villain of workspace.villains) {
    const id = villain.category_id;
    if (id === undefined) villains.push(villain);
    else if (copies.has(id)) villains.push({ ...villain, category_id: copies.get(id) as number });
    else if (!foreign) villains.push(villain);
    else {
      const source: Pick<CategoryRow, 'pairs'> | undefined = await db
        .selectFrom('categories')
        .select('pairs')
        .where('id', '=', id)
        .executeTakeFirst();
      // A chart deleted before the share was accepted held nothing the recipient can be given.
      if (source) villains.push({ text: chartText(parsePairs(source.pairs), villain.colors ?? []) });
    }
  }
  return workspaceColumn({ ...workspace, villains });
}

/** Rewrites the workspaces of freshly copied ranges (copiedWorkspace) once the whole subtree has its new ids. */
export async function relinkCopiedWorkspaces(
  db: Executor,
  source: readonly CategoryRow[],
  copies: ReadonlyMap<number, number>,
  foreign: boolean,
): Promise<void> {
  for (const row of source) {
    const copyId = copies.get(row.id);
    if (copyId === undefined || !row.workspace) continue;
    const next = await copiedWorkspace(db, row.workspace, copies, foreign);
    if (next !== row.workspace)
      await db.updateTable('categories').set({ workspace: next }).where('id', '=', copyId).execute();
  }
}
