import { USERNAME_MAX, USERNAME_MIN } from '../../../contract/limits.ts';
import { badRequest } from '../../lib/http-error.ts';

/**
 * Scripts a username letter may come from. A letter outside them counts as its own script (`other`), so it still
 * cannot be mixed with Latin or Cyrillic look-alikes.
 */
const SCRIPTS = [
  'Latin',
  'Cyrillic',
  'Greek',
  'Armenian',
  'Georgian',
  'Hebrew',
  'Arabic',
  'Thai',
  'Devanagari',
  'Bengali',
  'Tamil',
  'Hangul',
  'Han',
  'Hiragana',
  'Katakana',
  'Bopomofo',
] as const;
const SCRIPT_TESTS = SCRIPTS.map((name) => [name, new RegExp(`\\p{Script=${name}}`, 'u')] as const);

/**
 * Script sets that may appear together (Unicode TS #39 "highly restrictive"): Latin with the scripts of Japanese,
 * Chinese and Korean writing, which mix them in ordinary names. Any other mix (Latin + Cyrillic "аdmin") is refused.
 */
const ALLOWED_MIXES: ReadonlyArray<ReadonlySet<string>> = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

/** Letters, combining marks, digits, and `.`, `_`, `-` and single inner spaces; nothing invisible or directional. */
const ALLOWED = /^[\p{L}\p{M}\p{Nd}._\- ]+$/u;
/** Letters that render as nothing (Hangul fillers, the braille blank is not a letter and fails ALLOWED already). */
const INVISIBLE_LETTERS = /[\u115F\u1160\u3164\uFFA0]/u;
/** A mark must follow a base character, and stacks of more than 3 marks (text that spills over lines) are refused. */
const BAD_MARKS = /^\p{M}|[ ._-]\p{M}|\p{M}{4,}/u;

function scriptOf(char: string): string | null {
  if (!/\p{L}/u.test(char)) return null;
  for (const [name, test] of SCRIPT_TESTS) if (test.test(char)) return name;
  return `other:${char}`;
}

/** True when the letters come from one script, or from one of the allowed East Asian mixes with Latin. */
export function isSingleScript(text: string): boolean {
  const scripts = new Set<string>();
  for (const char of text) {
    const script = scriptOf(char);
    if (script) scripts.add(script);
  }
  if (scripts.size <= 1) return true;
  return ALLOWED_MIXES.some((mix) => [...scripts].every((script) => mix.has(script)));
}

/**
 * The stored form of a username: NFKC (full-width and compatibility letters fold to their plain form), trimmed, inner
 * space runs collapsed. Control, zero-width and bidi characters, invisible letters and mixed scripts are refused with
 * 400 `usernameInvalid`; the length rule (SPEC §9) is checked again on the normalised text.
 */
export function normalizeUsername(raw: string): string {
  const username = raw.normalize('NFKC').trim().replace(/ {2,}/g, ' ');
  const length = [...username].length;
  if (length === 0) throw badRequest('usernameRequired');
  if (length < USERNAME_MIN || length > USERNAME_MAX) throw badRequest('usernameLength');
  if (!ALLOWED.test(username) || INVISIBLE_LETTERS.test(username) || BAD_MARKS.test(username)) {
    throw badRequest('usernameInvalid');
  }
  if (!isSingleScript(username)) throw badRequest('usernameInvalid');
  return username;
}

/** How a typed login or search is compared with stored usernames: the same folding, never an error. */
export const foldLogin = (raw: string): string => raw.normalize('NFKC').trim().replace(/ {2,}/g, ' ');

/**
 * Cyrillic and Greek letters drawn like Latin ones (Unicode confusables, the lower-case letters that pass for
 * Latin in common fonts). A name written wholly in them ("аdmіn" all in Cyrillic) is single-script, so the mixed-
 * script rule lets it through; its Latin twin is checked instead.
 */
const LATIN_TWINS: Record<string, string> = {
  а: 'a',
  в: 'b',
  с: 'c',
  ԁ: 'd',
  е: 'e',
  һ: 'h',
  і: 'i',
  ј: 'j',
  к: 'k',
  ӏ: 'l',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  ԛ: 'q',
  ѕ: 's',
  т: 't',
  у: 'y',
  ԝ: 'w',
  х: 'x',
  ү: 'y',
  ѵ: 'v',
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  γ: 'y',
};

/**
 * The comparison key of a username, stored in `users.username_key` under a unique index: NFKC, lower-cased by
 * JavaScript's full Unicode rules (SQLite's `lower()` folds ASCII only, so "Ärger" and "ärger" would both pass it),
 * final sigma folded, and every Cyrillic or Greek letter drawn like a Latin one replaced by its Latin twin. Two names
 * that read the same therefore share a key whichever of them registers first, and the database refuses the second
 * even when two registrations race.
 */
export function usernameKey(username: string): string {
  let key = '';
  for (const char of foldLogin(username).toLowerCase().replace(/ς/g, 'σ')) key += LATIN_TWINS[char] ?? char;
  return key;
}
