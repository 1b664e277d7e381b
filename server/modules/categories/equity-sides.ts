// The equity's sides as the server keeps them: the hero and first villain in a range's `sides` column, the later
// villains in its workspace (workspace.ts). Each side names one source (contract/sides.ts): colours of the range
// itself, another chart of the owner's library, text, or two hole cards. Sides are validated and made canonical on
// the way in, and their chart references are kept meaningful when charts are deleted, copied or shared.
import type { EquitySide, LegacyRangeSides, RangeSides } from '../../../contract/categories.ts';
import { cardIndex, cardText, classCombos, HAND_CLASSES } from '../../../contract/hands.ts';
import { sideSource, upgradeSides } from '../../../contract/sides.ts';
import { badRequest } from '../../lib/http-error.ts';
import type { Executor } from './categories.repository.ts';
import { parsePairs, type StoredPairs } from './pairs.ts';

/**
 * Characters of PokerStove notation as the engine reads it (ranks, suits, `s`/`o`, `+`, `-`, `:` weights, brackets
 * of bracketed weights, commas, `random`/`any`). The engine parses the text itself; this keeps markup and control
 * characters out of storage.
 */
const TEXT_PATTERN = /^[0-9A-Za-z+\-:.,;%[\]/\s]*$/;

/** "ah" → "Ah": cards are stored in one spelling, so duplicates are found whatever the case. */
export function canonicalCard(card: string): string {
  const index = cardIndex(card);
  if (index < 0) throw badRequest('invalidCard');
  return cardText(index);
}

const upperColors = (colors: readonly string[]) => [...new Set(colors.map((color) => color.toUpperCase()))];

/** A side from a client in canonical form; one naming no source or several is refused. */
export function normalizeSide(side: EquitySide): EquitySide {
  switch (sideSource(side)) {
    case 'colors':
      return { colors: upperColors(side.colors ?? []) };
    case 'chart':
      return { category_id: side.category_id as number, colors: upperColors(side.colors ?? []) };
    case 'text': {
      const text = (side.text as string).trim();
      if (!TEXT_PATTERN.test(text)) throw badRequest('invalidRangeText');
      return { text };
    }
    case 'cards': {
      const cards = (side.cards as string[]).map(canonicalCard);
      if (cards.length === 1) throw badRequest('invalidVillain');
      if (cards.length === 2 && cards[0] === cards[1]) throw badRequest('duplicateCard');
      return { cards };
    }
    default:
      throw badRequest('invalidVillain');
  }
}

/** Chart ids the caller may use as a side: their own ranges (bought and accepted strategies included). */
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

/** The chart ids a list of sides names. */
export const chartIds = (sides: readonly EquitySide[]): number[] => [
  ...new Set(sides.flatMap((side) => (side.category_id === undefined ? [] : [side.category_id]))),
];

/** A side that takes no part: what a hero or first villain whose chart cannot be read becomes. */
export const EMPTY_SIDE: EquitySide = { colors: [] };

/**
 * The sides from a client, validated and canonical (older pages' colour lists read as colour sides); a side of a
 * chart the caller cannot read (deleted meanwhile, another user's, a folder) takes no part instead of failing the
 * save, so the answer tells nothing about ids that are not the caller's. Null forgets the choice.
 */
export async function normalizeSides(
  db: Executor,
  userId: number,
  input: RangeSides | LegacyRangeSides | null,
): Promise<RangeSides | null> {
  const sides = upgradeSides(input);
  if (!sides) return null;
  const hero = normalizeSide(sides.hero);
  const villain = normalizeSide(sides.villain);
  const readable = await readableRangeIds(db, userId, chartIds([hero, villain]));
  const keep = (side: EquitySide) =>
    side.category_id === undefined || readable.has(side.category_id) ? side : EMPTY_SIDE;
  return { hero: keep(hero), villain: keep(villain) };
}

/** The stored sides column (JSON text or NULL) as the contract's value; unreadable text counts as not chosen. */
export function parseSides(json: string | null): RangeSides | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as RangeSides | LegacyRangeSides | null;
    if (!value || typeof value !== 'object' || !value.hero || !value.villain) return null;
    return upgradeSides(value);
  } catch {
    return null;
  }
}

export const sidesColumn = (sides: RangeSides | null): string | null =>
  sides ? JSON.stringify(sides) : null;

/** Sides of charts the reader can no longer read (deleted since they were saved) take no part. */
export async function readableSides(
  db: Executor,
  userId: number,
  sides: RangeSides | null,
): Promise<RangeSides | null> {
  if (!sides) return null;
  const ids = chartIds([sides.hero, sides.villain]);
  if (!ids.length) return sides;
  const readable = await readableRangeIds(db, userId, ids);
  const keep = (side: EquitySide) =>
    side.category_id === undefined || readable.has(side.category_id) ? side : EMPTY_SIDE;
  return { hero: keep(sides.hero), villain: keep(sides.villain) };
}

/** Shortest text of a weight the engine reads back (`:0.5`); full weight is written without one. */
const weightText = (weight: number) => (weight >= 1 ? '' : `:${Number(weight.toFixed(4))}`);

/**
 * A chart's colours as PokerStove text, for a recipient who cannot open the chart: each class at the summed weight
 * of the chosen colours (every colour when none is chosen), combo by combo where the suit editor left combos out.
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
      .filter((entry) => chosen.size === 0 || chosen.has(String(entry.color).toUpperCase()))
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
 * A side of a copied range: a chart copied along becomes its copy. For a copy into another user's library (an
 * accepted share) a chart left behind becomes a text range of what it held, since the recipient cannot open it,
 * except a ready-made strategy (bought or seeded), which is sold, not given away: that side is dropped (null).
 * A copy in the same library keeps its other references.
 */
export async function copiedSide(
  db: Executor,
  side: EquitySide,
  copies: ReadonlyMap<number, number>,
  foreign: boolean,
): Promise<EquitySide | null> {
  const id = side.category_id;
  if (id === undefined) return side;
  const copy = copies.get(id);
  if (copy !== undefined) return { ...side, category_id: copy };
  if (!foreign) return side;
  const source = await db
    .selectFrom('categories')
    .select(['pairs', 'is_template'])
    .where('id', '=', id)
    .executeTakeFirst();
  // A chart deleted before the share was accepted held nothing the recipient can be given.
  if (!source || source.is_template) return null;
  return { text: chartText(parsePairs(source.pairs), side.colors ?? []) };
}
