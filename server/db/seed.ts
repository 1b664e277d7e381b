import path from 'node:path';

import { randomToken } from '../lib/crypto.ts';
import { ensureLessonMedia } from '../lib/lesson-media.ts';
import { nowIso } from '../lib/time.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { DEFAULT_SETTINGS } from '../modules/settings/settings.repository.ts';
import { insertPack, type PackContent } from '../modules/shop/templates.ts';
import type { Db } from './database.ts';
import { lessonChart, PREFLOP_LESSONS, type SeedLesson, SHORT_STACK_LESSONS } from './seed-data/lessons.ts';
import { cashDefence, cashOpens, pushFold } from './seed-data/packs.ts';

/** Accounts documented in README: a demo player and an admin (change the admin password in production). */
export const DEMO_ACCOUNT = { username: 'demo', email: 'demo@rangeforge.app', password: 'demo1234' };
export const ADMIN_ACCOUNT = { username: 'admin', email: 'admin@rangeforge.app', password: 'admin1234' };

interface SeedItem {
  type: 'product' | 'video_course';
  name: string;
  description: string;
  usd: number;
  rub: number;
  content?: PackContent;
  lessons?: SeedLesson[];
}

interface SeedPackage {
  name: string;
  description: string;
  premiumRequired: boolean;
  items: SeedItem[];
}

const STORE: SeedPackage[] = [
  {
    name: '6-max Cash 100bb',
    description: 'Complete preflop strategy for 6-max no-limit hold’em cash games at 100 big blinds.',
    premiumRequired: false,
    items: [
      {
        type: 'product',
        name: 'Opening ranges by position',
        description: 'Raise-first-in charts for UTG, HJ, CO, BTN and SB.',
        usd: 19,
        rub: 1490,
        content: cashOpens,
      },
      {
        type: 'product',
        name: '3-bet and call ranges',
        description: 'Versus opens in position and from the blinds, with mixed strategies.',
        usd: 29,
        rub: 2290,
        content: cashDefence,
      },
      {
        type: 'video_course',
        name: 'Preflop fundamentals',
        description: 'Why the charts look the way they do: position, blockers, pot odds.',
        usd: 49,
        rub: 3890,
        lessons: PREFLOP_LESSONS,
      },
    ],
  },
  {
    name: 'Tournament push/fold',
    description: 'Short-stack tournament play: shoving and calling ranges from 5 to 20 big blinds.',
    premiumRequired: true,
    items: [
      {
        type: 'product',
        name: 'Push/fold charts 5–20bb',
        description: 'Small blind shoves and big blind calls by effective stack.',
        usd: 15,
        rub: 1190,
        content: pushFold,
      },
      {
        type: 'video_course',
        name: 'Short-stack tournament play',
        description: 'ICM basics, stack depths and when to deviate from the charts.',
        usd: 39,
        rub: 3090,
        lessons: SHORT_STACK_LESSONS,
      },
    ],
  },
];

async function ensureUser(
  db: Db,
  account: typeof DEMO_ACCOUNT,
  admin: boolean,
): Promise<{ id: number; created: boolean }> {
  const existing = await db.kysely
    .selectFrom('users')
    .select('id')
    .where('email', '=', account.email)
    .executeTakeFirst();
  if (existing) return { id: existing.id, created: false };
  const row = await db.kysely
    .insertInto('users')
    .values({
      username: account.username,
      email: account.email,
      password_hash: await hashPassword(account.password),
      language: 'en-US',
      avatar: '',
      is_premium: admin ? 1 : 0,
      is_admin: admin ? 1 : 0,
      referral_token: randomToken(12),
      referrer_id: null,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, created: true };
}

/**
 * Renders the seeded courses' lessons that have no video yet into `<mediaDir>/videos` (lesson-media.ts: cached,
 * so a second run or another fresh MEDIA_DIR costs a copy) and links them; returns one line per lesson rendered.
 */
async function seedLessonMedia(db: Db, mediaDir: string): Promise<string[]> {
  const report: string[] = [];
  for (const item of STORE.flatMap((pack) => pack.items)) {
    for (const lesson of item.lessons ?? []) {
      const row = await db.kysely
        .selectFrom('lessons')
        .innerJoin('shop_items', 'shop_items.id', 'lessons.item_id')
        .select(['lessons.id'])
        .where('shop_items.name', '=', item.name)
        .where('shop_items.type', '=', 'video_course')
        .where('lessons.title', '=', lesson.title)
        .where('lessons.video_file', 'is', null)
        .executeTakeFirst();
      if (!row) continue;
      const media = await ensureLessonMedia(path.join(mediaDir, 'videos'), lessonChart(lesson), lesson);
      await db.kysely
        .updateTable('lessons')
        .set({ video_file: media.videoFile })
        .where('id', '=', row.id)
        .execute();
      report.push(`lesson video "${lesson.title}"`);
    }
  }
  return report;
}

/**
 * Inserts what is missing (matched by name or e-mail) and returns one line per change: a second run prints none.
 * With `mediaDir` (the CLI passes MEDIA_DIR) the courses' lessons also get their videos, posters and captions.
 */
export async function seedDatabase(db: Db, options: { mediaDir?: string } = {}): Promise<string[]> {
  const report: string[] = [];
  for (const [key, value] of Object.entries(DEFAULT_SETTINGS)) {
    const row = await db.kysely
      .selectFrom('settings')
      .select('key')
      .where('key', '=', key)
      .executeTakeFirst();
    if (row) continue;
    await db.kysely
      .insertInto('settings')
      .values({ key, value: String(value) })
      .execute();
    report.push(`setting ${key} = ${value}`);
  }

  for (const [position, pack] of STORE.entries()) {
    const existing = await db.kysely
      .selectFrom('packages')
      .select('id')
      .where('name', '=', pack.name)
      .executeTakeFirst();
    if (existing) continue;
    await db.kysely.transaction().execute(async (trx) => {
      const created = await trx
        .insertInto('packages')
        .values({
          name: pack.name,
          description: pack.description,
          premium_required: pack.premiumRequired ? 1 : 0,
          position,
          active: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [index, item] of pack.items.entries()) {
        const row = await trx
          .insertInto('shop_items')
          .values({
            package_id: created.id,
            type: item.type,
            name: item.name,
            description: item.description,
            price_usd: item.usd * 100,
            price_rub: item.rub * 100,
            position: index,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (item.content) {
          await trx
            .insertInto('shop_item_contents')
            .values({ item_id: row.id, content: JSON.stringify(item.content) })
            .execute();
        }
        for (const [lessonIndex, lesson] of (item.lessons ?? []).entries()) {
          await trx
            .insertInto('lessons')
            .values({ item_id: row.id, title: lesson.title, position: lessonIndex, video_file: null })
            .execute();
        }
      }
    });
    report.push(`store package "${pack.name}" with ${pack.items.length} items`);
  }

  if (options.mediaDir) report.push(...(await seedLessonMedia(db, options.mediaDir)));

  const admin = await ensureUser(db, ADMIN_ACCOUNT, true);
  if (admin.created) report.push(`admin account ${ADMIN_ACCOUNT.email} / ${ADMIN_ACCOUNT.password}`);
  const demo = await ensureUser(db, DEMO_ACCOUNT, false);
  if (demo.created) {
    // A living library for the demo: editable copies of the opening charts and the push/fold charts.
    await insertPack(db.kysely, demo.id, 'My cash ranges', cashOpens, false);
    await insertPack(db.kysely, demo.id, 'My push/fold', pushFold, false);
    report.push(`demo account ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password} with sample ranges`);
  }
  return report;
}
