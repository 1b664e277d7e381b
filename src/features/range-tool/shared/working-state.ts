// The range tool's working state between visits: which chart was open (a saved range's id, or the chart being drawn
// without one, "the draft"), the equity sides, extra villains and dead cards of the draft, and the board and hole
// cards, kept in localStorage per root type and per account (or per browser for a player who is not signed in).
// What the server or the save queue already keep is not stored again: a saved range keeps only its id here; its
// chart, sides and workspace come back from the server, or from the save queue's held edit (pending-store.ts).
// Everything read back is checked as untrusted input: a value that does not fit is dropped, never applied.
import type { EquitySide, Pair, RangeButton, RootType } from '@contract/categories';
import {
  classCombos,
  COLOR_PATTERN,
  isHandClass,
  MAX_PAIR_WEIGHT,
  PAIR_WEIGHT_TOLERANCE,
} from '@contract/hands';
import { MAX_DEAD_CARDS, MAX_EXTRA_VILLAINS, VILLAIN_TEXT_MAX } from '@contract/limits';
import { colorSide, sideSource } from '@contract/sides';

import { ALL_CARDS, MAX_BOARD_CARDS, MAX_HOLE_CARDS } from './range-rules';

/**
 * Bumped whenever the stored shape changes. Version 1 kept the hero and villain as colour lists of the draft; it is
 * read as colour sides. A state of any other version is ignored (and replaced at the next edit).
 */
export const WORKING_STATE_VERSION = 2;
const LEGACY_COLOR_SIDES_VERSION = 1;
const KEY_PREFIX = 'rangeforge.workingState';
/** A stored text longer than this is not read at all (a draft of 169 classes with several colours is ~30 KB). */
const MAX_STORED_CHARS = 400_000;
const MAX_BUTTONS = 50;
const MAX_LABEL = 60;
const MAX_ENTRIES = 100;

/** The chart drawn without a saved range: everything the tool needs to show it and its equity again. */
export interface WorkingDraft {
  /** null: the fresh chart's default buttons, named in the interface language. */
  buttons: RangeButton[] | null;
  /** The chart as the server's pair list, left-out combos included. */
  pairs: Pair[];
  hero: EquitySide;
  villain: EquitySide;
  villains: EquitySide[];
  dead: string[];
}

export interface WorkingState {
  version: typeof WORKING_STATE_VERSION;
  /** A saved range of the account, or the draft. */
  chart: { id: number } | { draft: WorkingDraft };
  board: string[];
  hole: string[];
}

/** Whose state: a signed-in account's, or this browser's when nobody is signed in. */
export type WorkingScope = { userId: number } | 'anonymous';

export const workingStateKey = (rootType: RootType, scope: WorkingScope): string =>
  `${KEY_PREFIX}.${rootType}.${scope === 'anonymous' ? 'anonymous' : `user-${scope.userId}`}`;

/** Every key of one account (both root types): what signing out removes. */
export function accountKeys(userId: number): string[] {
  return (['preflop_root', 'tournament_root'] as const).map((root) => workingStateKey(root, { userId }));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const colorPattern = new RegExp(COLOR_PATTERN);
const isColor = (value: unknown): value is string => typeof value === 'string' && colorPattern.test(value);
const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
const CARDS = new Set(ALL_CARDS);

/** Distinct known cards, at most `max`, none of them in `taken`; anything else makes the list null. */
function cardList(value: unknown, max: number, taken: ReadonlySet<string> = new Set()): string[] | null {
  if (!Array.isArray(value) || value.length > max) return null;
  const seen = new Set<string>();
  for (const card of value) {
    if (typeof card !== 'string' || !CARDS.has(card) || seen.has(card) || taken.has(card)) return null;
    seen.add(card);
  }
  return [...seen];
}

function colorList(value: unknown): string[] | null {
  if (!Array.isArray(value) || value.length > MAX_BUTTONS || !value.every(isColor)) return null;
  return [...new Set(value)];
}

/** Colour buttons as stored: null for the fresh chart's defaults, undefined when the value does not fit. */
export function buttonList(value: unknown): RangeButton[] | null | undefined {
  if (value === null) return null;
  if (!Array.isArray(value) || value.length > MAX_BUTTONS) return undefined;
  const buttons: RangeButton[] = [];
  for (const button of value) {
    if (!isRecord(button) || !isColor(button.color)) return undefined;
    if (typeof button.label !== 'string' || button.label.length > MAX_LABEL) return undefined;
    buttons.push({ color: button.color, label: button.label });
  }
  return buttons;
}

/** The chart's classes: known, once each, entries of valid colours and weights adding up to at most 100. */
export function pairList(value: unknown): Pair[] | null {
  if (!Array.isArray(value) || value.length > 169) return null;
  const seen = new Set<string>();
  const pairs: Pair[] = [];
  for (const pair of value) {
    if (!isRecord(pair) || typeof pair.hand !== 'string' || !isHandClass(pair.hand) || seen.has(pair.hand))
      return null;
    seen.add(pair.hand);
    if (!Array.isArray(pair.colors) || pair.colors.length > MAX_ENTRIES) return null;
    let total = 0;
    const colors = [];
    for (const entry of pair.colors) {
      if (!isRecord(entry) || !isColor(entry.color)) return null;
      const weight = entry.weight;
      if (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 0 || weight > MAX_PAIR_WEIGHT)
        return null;
      total += weight;
      colors.push({ color: entry.color, weight });
    }
    if (total > MAX_PAIR_WEIGHT + PAIR_WEIGHT_TOLERANCE) return null;
    const combos = new Set(classCombos(pair.hand));
    const excluded = pair.excluded;
    if (excluded !== undefined) {
      if (
        !Array.isArray(excluded) ||
        !excluded.every((combo) => typeof combo === 'string' && combos.has(combo))
      )
        return null;
      // Every combo out is not a chart the server accepts (range-save.ts drops it): not one to restore either.
      if (new Set(excluded).size >= combos.size) return null;
    }
    pairs.push(
      excluded?.length
        ? { hand: pair.hand, colors, excluded: [...new Set(excluded)] }
        : { hand: pair.hand, colors },
    );
  }
  return pairs;
}

/**
 * One side: exactly one source, well formed (contract/sides.ts). A chart of the library only for an account: this
 * browser's anonymous state has none.
 */
function sideOf(value: unknown, signedIn: boolean): EquitySide | null {
  if (!isRecord(value)) return null;
  const side = value as EquitySide;
  const keys = Object.keys(value);
  if (keys.some((key) => !['category_id', 'colors', 'text', 'cards'].includes(key))) return null;
  switch (sideSource(side)) {
    case 'colors': {
      const colors = colorList(side.colors);
      return colors ? colorSide(colors) : null;
    }
    case 'chart': {
      const colors = colorList(side.colors ?? []);
      return signedIn && isId(side.category_id) && colors ? { category_id: side.category_id, colors } : null;
    }
    case 'text':
      return typeof side.text === 'string' && side.text.length <= VILLAIN_TEXT_MAX
        ? { text: side.text }
        : null;
    case 'cards': {
      const cards = cardList(side.cards, 2);
      return cards && cards.length !== 1 ? { cards } : null;
    }
    default:
      return null;
  }
}

/** The villains after the first, each a side. */
function villainList(value: unknown, signedIn: boolean): EquitySide[] | null {
  if (!Array.isArray(value) || value.length > MAX_EXTRA_VILLAINS) return null;
  const villains: EquitySide[] = [];
  for (const villain of value) {
    const side = sideOf(villain, signedIn);
    if (!side) return null;
    villains.push(side);
  }
  return villains;
}

/** A side as version 1 stored it: a colour list of the draft. */
const legacySide = (value: unknown): EquitySide | null => {
  const colors = colorList(value);
  return colors ? colorSide(colors) : null;
};

function draftOf(value: unknown, signedIn: boolean, version: number): WorkingDraft | null {
  if (!isRecord(value)) return null;
  const buttons = buttonList(value.buttons);
  const pairs = pairList(value.pairs);
  const side = (stored: unknown) =>
    version === LEGACY_COLOR_SIDES_VERSION ? legacySide(stored) : sideOf(stored, signedIn);
  const hero = side(value.hero);
  const villain = side(value.villain);
  const villains = villainList(value.villains, signedIn);
  const dead = cardList(value.dead, MAX_DEAD_CARDS);
  if (buttons === undefined || !pairs || !hero || !villain || !villains || !dead) return null;
  return { buttons, pairs, hero, villain, villains, dead };
}

/**
 * The stored state of `scope`, checked: null for nothing stored, unreadable JSON, another version, or a chart that
 * does not fit. Cards that do not fit (unknown, repeated, on the board and in the hand, beyond the limits) are
 * dropped on their own, keeping the chart; a saved range's id is checked by the server when it is opened.
 */
export function parseWorkingState(text: string | null, scope: WorkingScope): WorkingState | null {
  if (!text || text.length > MAX_STORED_CHARS) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value) || !isRecord(value.chart)) return null;
  const version = value.version;
  if (version !== WORKING_STATE_VERSION && version !== LEGACY_COLOR_SIDES_VERSION) return null;
  const signedIn = scope !== 'anonymous';
  let chart: WorkingState['chart'];
  if ('id' in value.chart) {
    // A saved range belongs to an account: this browser's anonymous state never names one.
    if (!signedIn || !isId(value.chart.id)) return null;
    chart = { id: value.chart.id };
  } else {
    const draft = draftOf(value.chart.draft, signedIn, version);
    if (!draft) return null;
    chart = { draft };
  }
  const board = cardList(value.board, MAX_BOARD_CARDS) ?? [];
  const dead = 'draft' in chart ? new Set(chart.draft.dead) : new Set<string>();
  const hole = cardList(value.hole, MAX_HOLE_CARDS, new Set([...board, ...dead])) ?? [];
  const deadFree = board.every((card) => !dead.has(card));
  return { version: WORKING_STATE_VERSION, chart, board: deadFree ? board : [], hole };
}

/** Storage that may be missing or refuse (private mode, quota): reading gives null, writing does nothing. */
export interface WorkingStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function browserStorage(): WorkingStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readWorkingState(
  storage: WorkingStorage | null,
  rootType: RootType,
  scope: WorkingScope,
): WorkingState | null {
  try {
    return parseWorkingState(storage?.getItem(workingStateKey(rootType, scope)) ?? null, scope);
  } catch {
    return null;
  }
}

export function writeWorkingState(
  storage: WorkingStorage | null,
  rootType: RootType,
  scope: WorkingScope,
  state: WorkingState,
): void {
  try {
    storage?.setItem(workingStateKey(rootType, scope), JSON.stringify(state));
  } catch {
    // A full or refused storage keeps the tool working; only the state of the next visit is lost.
  }
}

export function removeWorkingState(storage: WorkingStorage | null, keys: readonly string[]): void {
  for (const key of keys) {
    try {
      storage?.removeItem(key);
    } catch {
      // Nothing to remove from a storage that cannot be used.
    }
  }
}
