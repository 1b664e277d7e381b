// Keeps the seeded store's words and packs current on a database seeded before: its packages, items and lessons
// (matched by their English names) that have no translation at all get the seed's (one with any is the admin's),
// and a pack still holding content an earlier seed wrote gets today's (SUPERSEDED_CONTENTS).
import { createHash } from 'node:crypto';

import { addTextsIfNone, addTitlesIfNone } from '../../modules/shop/texts.repository.ts';
import type { Db } from '../database.ts';
import { STORE, SUPERSEDED_CONTENTS, translationsOf } from './store.ts';

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

/** One report line per seeded package whose translations or pack contents this run added or renewed. */
export async function seedStoreTexts(db: Db): Promise<string[]> {
  const report: string[] = [];
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
    if (changes.renewed > 0) report.push(`store package "${english}": ${changes.renewed} packs renewed`);
  }
  return report;
}
