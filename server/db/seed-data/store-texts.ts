// Keeps the seeded store's words, packs and courses current on a database seeded before: its packages, items and
// lessons (matched by their English names) that have no translation at all get the seed's (one with any is the
// admin's), a pack still holding content an earlier seed wrote gets today's (SUPERSEDED_CONTENTS), and a course
// still holding the first seed's lessons gets today's (SUPERSEDED_LESSON_TITLES).
import { createHash } from 'node:crypto';

import { hasCompanionFiles, lessonFileName } from '../../lib/lesson-media.ts';
import type { Executor } from '../../modules/categories/categories.repository.ts';
import { addTextsIfNone, addTitlesIfNone } from '../../modules/shop/texts.repository.ts';
import type { Db } from '../database.ts';
import type { SeedLesson } from './lessons.ts';
import { STORE, SUPERSEDED_CONTENTS, SUPERSEDED_LESSON_TITLES, translationsOf } from './store.ts';

/**
 * Brings a seeded course's lessons up to date: lessons that are still the first seed's (SUPERSEDED_LESSON_TITLES, and
 * not today's titles) are replaced, and a lesson whose rendered video was made from another script loses it, so the
 * seed renders today's (a video an admin uploaded is never touched). The rendered videos it unlinks are added to
 * `retired`; returns whether anything changed.
 */
async function renewLessons(
  db: Executor,
  itemId: number,
  lessons: SeedLesson[],
  retired: string[],
): Promise<boolean> {
  const rows = await db
    .selectFrom('lessons')
    .selectAll()
    .where('item_id', '=', itemId)
    .orderBy('position')
    .execute();
  const titles = rows.map((row) => row.title).join('\n');
  const today = lessons.map((lesson) => lesson.titles['en-US']).join('\n');
  if (titles !== today && SUPERSEDED_LESSON_TITLES.some((old) => old.join('\n') === titles)) {
    retired.push(
      ...rows.flatMap((row) => (row.video_file && hasCompanionFiles(row.video_file) ? [row.video_file] : [])),
    );
    await db.deleteFrom('lessons').where('item_id', '=', itemId).execute();
    for (const [position, lesson] of lessons.entries()) {
      await db
        .insertInto('lessons')
        .values({ item_id: itemId, title: lesson.titles['en-US'], position, video_file: null })
        .execute();
    }
    return true;
  }
  let changed = false;
  for (const lesson of lessons) {
    const row = rows.find((entry) => entry.title === lesson.titles['en-US']);
    if (
      !row?.video_file ||
      !hasCompanionFiles(row.video_file) ||
      row.video_file === lessonFileName(lesson.script)
    )
      continue;
    await db.updateTable('lessons').set({ video_file: null }).where('id', '=', row.id).execute();
    retired.push(row.video_file);
    changed = true;
  }
  return changed;
}

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

/** One report line per seeded package whose translations or pack contents this run added or renewed. */
export async function seedStoreTexts(db: Db): Promise<{ report: string[]; retired: string[] }> {
  const report: string[] = [];
  const retired: string[] = [];
  for (const pack of STORE) {
    const english = pack.texts['en-US'].name;
    const row = await db.kysely
      .selectFrom('packages')
      .select('id')
      .where('name', '=', english)
      .executeTakeFirst();
    if (!row) continue;
    const changes = await db.kysely.transaction().execute(async (trx) => {
      let added = await addTextsIfNone(trx, 'package', row.id, translationsOf(pack.texts));
      let renewed = 0;
      for (const item of pack.items) {
        const itemRow = await trx
          .selectFrom('shop_items')
          .select('id')
          .where('package_id', '=', row.id)
          .where('name', '=', item.texts['en-US'].name)
          .executeTakeFirst();
        if (!itemRow) continue;
        added += await addTextsIfNone(trx, 'item', itemRow.id, translationsOf(item.texts));
        if (item.lessons && (await renewLessons(trx, itemRow.id, item.lessons, retired))) renewed += 1;
        for (const lesson of item.lessons ?? []) {
          const lessonRow = await trx
            .selectFrom('lessons')
            .select('id')
            .where('item_id', '=', itemRow.id)
            .where('title', '=', lesson.titles['en-US'])
            .executeTakeFirst();
          if (lessonRow) added += await addTitlesIfNone(trx, lessonRow.id, translationsOf(lesson.titles));
        }
        if (item.content) {
          const stored = await trx
            .selectFrom('shop_item_contents')
            .select('content')
            .where('item_id', '=', itemRow.id)
            .executeTakeFirst();
          if (stored && SUPERSEDED_CONTENTS.has(digest(stored.content))) {
            await trx
              .updateTable('shop_item_contents')
              .set({ content: JSON.stringify(item.content) })
              .where('item_id', '=', itemRow.id)
              .execute();
            renewed += 1;
          }
        }
      }
      return { added, renewed };
    });
    if (changes.added > 0) report.push(`store package "${english}": ${changes.added} translations`);
    if (changes.renewed > 0)
      report.push(`store package "${english}": ${changes.renewed} packs and courses renewed`);
  }
  return { report, retired };
}
