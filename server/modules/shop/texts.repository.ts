import { sql } from 'kysely';

import {
  DEFAULT_LANGUAGE,
  type Language,
  TRANSLATED_LANGUAGES,
  type TranslatedLanguage,
} from '../../../contract/languages.ts';
import type { Executor } from '../categories/categories.repository.ts';

// The store's words in the other languages (migration 027): English lives in the rows themselves and is what a
// language without its own row shows, field by field (a translation without a description keeps the English one).

export interface NamedText {
  name: string;
  description: string;
}
export type Translations<T> = Partial<Record<TranslatedLanguage, T>>;

const NAMED = {
  package: { table: 'package_texts', key: 'package_id' },
  item: { table: 'shop_item_texts', key: 'item_id' },
} as const;
export type NamedKind = keyof typeof NAMED;

const isTranslated = (language: Language): language is TranslatedLanguage => language !== DEFAULT_LANGUAGE;

/** The `kind` rows' texts in `language` by id (none for English); inside a transaction. */
export async function textsIn(
  db: Executor,
  kind: NamedKind,
  ids: readonly number[],
  language: Language,
): Promise<Map<number, NamedText>> {
  if (!isTranslated(language) || ids.length === 0) return new Map();
  const { table, key } = NAMED[kind];
  const { rows } = await sql<NamedText & { id: number }>`
    SELECT ${sql.ref(key)} AS id, name, description FROM ${sql.table(table)}
    WHERE language = ${language} AND ${sql.ref(key)} IN (${sql.join(ids)})`.execute(db);
  return new Map(rows.map((row) => [Number(row.id), { name: row.name, description: row.description }]));
}

/** A row with its name and description in the language of `text`, English where the text has none. */
export function localized<T extends NamedText>(row: T, text: NamedText | undefined): T {
  if (!text) return row;
  return { ...row, name: text.name || row.name, description: text.description || row.description };
}

/** Every translation of the `kind` rows, for the admin. */
export async function translationsOf(
  db: Executor,
  kind: NamedKind,
  ids: readonly number[],
): Promise<Map<number, Translations<NamedText>>> {
  const result = new Map<number, Translations<NamedText>>();
  if (ids.length === 0) return result;
  const { table, key } = NAMED[kind];
  const { rows } = await sql<NamedText & { id: number; language: TranslatedLanguage }>`
    SELECT ${sql.ref(key)} AS id, language, name, description FROM ${sql.table(table)}
    WHERE ${sql.ref(key)} IN (${sql.join(ids)})`.execute(db);
  for (const row of rows) {
    const entry = result.get(Number(row.id)) ?? {};
    entry[row.language] = { name: row.name, description: row.description };
    result.set(Number(row.id), entry);
  }
  return result;
}

/** Replaces the `kind` row's translations with `translations` (a language left out loses its own text). */
export async function replaceTexts(
  db: Executor,
  kind: NamedKind,
  id: number,
  translations: Translations<NamedText>,
): Promise<void> {
  const { table, key } = NAMED[kind];
  await sql`DELETE FROM ${sql.table(table)} WHERE ${sql.ref(key)} = ${id}`.execute(db);
  for (const language of TRANSLATED_LANGUAGES) {
    const text = translations[language];
    if (!text) continue;
    await sql`INSERT INTO ${sql.table(table)} (${sql.ref(key)}, language, name, description)
      VALUES (${id}, ${language}, ${text.name.trim()}, ${text.description.trim()})`.execute(db);
  }
}

/**
 * Writes `translations` for a row that has none at all (one stored before migration 027); a row with any is the
 * admin's to keep as it is, a language left without one included. Returns how many were written.
 */
export async function addTextsIfNone(
  db: Executor,
  kind: NamedKind,
  id: number,
  translations: Translations<NamedText>,
): Promise<number> {
  if ((await translationsOf(db, kind, [id])).has(id)) return 0;
  await replaceTexts(db, kind, id, translations);
  return Object.keys(translations).length;
}

/** Every translated title of the lessons, for the admin. */
export async function lessonTranslationsOf(
  db: Executor,
  ids: readonly number[],
): Promise<Map<number, Translations<string>>> {
  const result = new Map<number, Translations<string>>();
  if (ids.length === 0) return result;
  const rows = await db
    .selectFrom('lesson_texts')
    .selectAll()
    .where('lesson_id', 'in', [...ids])
    .execute();
  for (const row of rows) {
    const entry = result.get(row.lesson_id) ?? {};
    entry[row.language as TranslatedLanguage] = row.title;
    result.set(row.lesson_id, entry);
  }
  return result;
}

/** Writes a lesson's translated titles when it has none at all (see addTextsIfNone). */
export async function addTitlesIfNone(
  db: Executor,
  lessonId: number,
  translations: Translations<string>,
): Promise<number> {
  if ((await lessonTranslationsOf(db, [lessonId])).has(lessonId)) return 0;
  await replaceLessonTitles(db, lessonId, translations);
  return Object.keys(translations).length;
}

/** Replaces a lesson's translated titles. */
export async function replaceLessonTitles(
  db: Executor,
  lessonId: number,
  translations: Translations<string>,
): Promise<void> {
  await db.deleteFrom('lesson_texts').where('lesson_id', '=', lessonId).execute();
  const rows = TRANSLATED_LANGUAGES.flatMap((language) => {
    const title = translations[language]?.trim();
    return title ? [{ lesson_id: lessonId, language, title }] : [];
  });
  if (rows.length > 0) await db.insertInto('lesson_texts').values(rows).execute();
}

/** An item's name in `language` (its English name when it has no translation there). */
export async function itemNameIn(db: Executor, item: { id: number; name: string }, language: Language) {
  return (await textsIn(db, 'item', [item.id], language)).get(item.id)?.name || item.name;
}
