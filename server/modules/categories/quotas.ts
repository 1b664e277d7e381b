import { CATEGORY_HARD_LIMIT } from '../../../contract/categories.ts';
import {
  FREE_CATEGORY_LIMIT,
  FREE_NOTE_MAX,
  FREE_RANGE_LIMIT,
  MAX_TREE_DEPTH,
} from '../../../contract/limits.ts';
import type { DialectName } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { badRequest, HttpError, premiumRequired } from '../../lib/http-error.ts';
import { countCategories, type Executor, lockOwner } from './categories.repository.ts';

/** What an operation adds to the caller's library. */
export interface Adding {
  categories: number;
  ranges: number;
}

/**
 * Checks the caller's caps inside the transaction that adds the categories. On PostgreSQL the user's row is locked
 * first (SELECT ... FOR UPDATE), so parallel creates by one user run one after another and each counts the rows the
 * previous one added; SQLite runs one transaction at a time already. The same lock keeps sibling positions unique.
 */
export async function checkQuota(
  trx: Executor,
  dialect: DialectName,
  user: UserRow,
  adding: Adding,
): Promise<void> {
  await lockOwner(trx, dialect, user.id);
  if (adding.categories === 0) return;
  const counts = await countCategories(trx, user.id);
  if (counts.all + adding.categories > CATEGORY_HARD_LIMIT) throw new HttpError(409, 'categoryLimitReached');
  if (user.is_premium) return;
  if (counts.ownRanges + adding.ranges > FREE_RANGE_LIMIT) throw premiumRequired();
  if (counts.own + adding.categories > FREE_CATEGORY_LIMIT) throw premiumRequired();
}

const noteLength = (note: string) => [...note].length;

/**
 * Free notes are at most FREE_NOTE_MAX characters (402); the schema caps everyone at NOTE_MAX. A longer note the
 * range already holds (written while its owner had Premium) may be kept exactly as it is, since the editor sends the
 * note with every save of the chart and refusing it would drop the chart's edit with it; any change of it must fit
 * the free cap. (Letting a free player rewrite it within its old length made every long note, and every copy of
 * one, a free 10,000-character note.)
 */
export function checkNote(user: UserRow, note: string, stored = ''): void {
  if (user.is_premium || note === stored) return;
  if (noteLength(note) > FREE_NOTE_MAX) throw premiumRequired();
}

/**
 * A copy, an accepted share or a ready-made strategy's copy writes the notes it carries into a free player's library
 * like any edit would: one past FREE_NOTE_MAX needs Premium (402).
 */
export function checkCopiedNotes(user: UserRow, notes: ReadonlyArray<{ note: string }>): void {
  if (user.is_premium) return;
  if (notes.some((row) => noteLength(row.note) > FREE_NOTE_MAX)) throw premiumRequired();
}

/** A subtree `height` levels tall placed under a parent at `parentDepth` (0: the top level) must fit MAX_TREE_DEPTH. */
export function checkDepth(parentDepth: number, height: number): void {
  if (parentDepth + height > MAX_TREE_DEPTH) throw badRequest('treeTooDeep');
}

/** Line breaks, tabs and other controls in a name become spaces; bidi controls (which reorder text) go. */
const CONTROLS = /[\p{Cc}\p{Zl}\p{Zp}]/gu;
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;
/** Something a reader can see: not a space and not an invisible format character. */
const VISIBLE = /[^\s\p{Cf}]/u;

/** A category name as stored: trimmed, one line, something visible in it; else 400 `categoryNameRequired`. */
export function cleanName(raw: string): string {
  const name = raw.normalize('NFC').replace(CONTROLS, ' ').replace(BIDI, '').trim();
  if (!VISIBLE.test(name)) throw badRequest('categoryNameRequired');
  return name;
}

/** Notes are trimmed; a note of only spaces is stored as no note (autosave sends the field as typed). */
export const cleanNote = (raw: string): string => raw.trim();
