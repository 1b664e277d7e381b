import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';

import { DEFAULT_LANGUAGE, type Language } from '../../contract/languages.ts';
import { ensureLessonMedia, lessonFiles } from '../lib/lesson-media.ts';
import { contentTypeOf, type MediaStorage } from '../lib/media-storage.ts';
import { ensureAdmin, lockPublishedPasswords, randomPassword } from '../modules/admin/accounts.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { DEFAULT_SETTINGS } from '../modules/settings/settings.repository.ts';
import { insertPack } from '../modules/shop/templates.ts';
import { findUserByEmail, insertUser } from '../modules/users/users.repository.ts';
import type { Db } from './database.ts';
import { cashOpens } from './seed-data/cash-packs.ts';
import { pushFold } from './seed-data/pushfold-pack.ts';
import { STORE } from './seed-data/store.ts';
import { seedStoreTexts } from './seed-data/store-texts.ts';

/** The demo player seeded outside production; its password is random (or DEMO_PASSWORD), never written anywhere. */
export const DEMO_EMAIL = 'demo@rangeforge.app';
const DEMO_USERNAME = 'demo';

/**
 * What the seed may create besides the store. Nothing with a known password: the admin only from the operator's
 * ADMIN_EMAIL + ADMIN_PASSWORD, the demo player only when asked (outside production), with a random password.
 */
export interface SeedOptions {
  admin?: { email: string; password: string; username?: string };
  /** `language`: the demo player's interface language, in which its sample charts are written (default en-US). */
  demo?: { password?: string; language?: Language };
}

const DEMO_FOLDERS: Record<Language, { cash: string; pushFold: string }> = {
  'en-US': { cash: 'My cash ranges', pushFold: 'My push/fold' },
  'ru-RU': { cash: 'Мои кэш-диапазоны', pushFold: 'Мой пуш/фолд' },
  'zh-CN': { cash: '我的现金局范围', pushFold: '我的全下/弃牌' },
  'es-ES': { cash: 'Mis rangos de cash', pushFold: 'Mi push/fold' },
};

/**
 * The demo player with editable copies of the opening and push/fold charts, written in its language like a bought
 * pack in its buyer's; false when it exists already.
 */
async function seedDemo(db: Db, password: string, language: Language): Promise<boolean> {
  if (await findUserByEmail(db, DEMO_EMAIL)) return false;
  const user = await insertUser(db, {
    username: DEMO_USERNAME,
    email: DEMO_EMAIL,
    passwordHash: await hashPassword(password),
    referrerId: null,
    language,
  });
  const folders = DEMO_FOLDERS[language];
  await insertPack(db.kysely, db.dialect, user.id, folders.cash, cashOpens, false, language);
  await insertPack(db.kysely, db.dialect, user.id, folders.pushFold, pushFold, false, language);
  return true;
}

/**
 * Renders the seeded courses' lessons that have no video yet into `<mediaDir>/videos` (lesson-media.ts: cached,
 * so a second run or another fresh MEDIA_DIR costs a copy) and links them; returns one line per lesson rendered.
 */
async function seedLessonMedia(
  db: Db,
  mediaDir: string,
  storage: MediaStorage | undefined,
): Promise<string[]> {
  const report: string[] = [];
  for (const item of STORE.flatMap((pack) => pack.items)) {
    for (const lesson of item.lessons ?? []) {
      const row = await db.kysely
        .selectFrom('lessons')
        .innerJoin('shop_items', 'shop_items.id', 'lessons.item_id')
        .select(['lessons.id'])
        .where('shop_items.name', '=', item.texts['en-US'].name)
        .where('shop_items.type', '=', 'video_course')
        .where('lessons.title', '=', lesson.titles['en-US'])
        .where('lessons.video_file', 'is', null)
        .executeTakeFirst();
      if (!row) continue;
      const media = await ensureLessonMedia(path.join(mediaDir, 'videos'), lesson.script);
      if (storage?.kind === 's3')
        await uploadLessonFiles(storage, path.join(mediaDir, 'videos'), media.videoFile);
      await db.kysely
        .updateTable('lessons')
        .set({ video_file: media.videoFile })
        .where('id', '=', row.id)
        .execute();
      report.push(`lesson video "${lesson.titles['en-US']}"`);
    }
  }
  return report;
}

/**
 * Deletes the files of seed-rendered lesson videos that today's lessons replaced (all their voices, posters and
 * captions), here and in shared storage, unless a lesson still links one: an old lesson's files are not left behind.
 */
async function removeRetiredLessons(
  db: Db,
  dir: string,
  storage: MediaStorage | undefined,
  retired: string[],
): Promise<void> {
  for (const videoFile of new Set(retired)) {
    const linked = await db.kysely
      .selectFrom('lessons')
      .select('id')
      .where('video_file', '=', videoFile)
      .executeTakeFirst();
    if (linked) continue;
    for (const file of lessonFiles(videoFile)) {
      await rm(path.join(dir, file), { force: true });
      if (storage?.kind === 's3') await storage.delete(`videos/${file}`);
    }
  }
}

/** With shared object storage (MEDIA_STORAGE=s3) every instance serves the lesson from the bucket, not this disk. */
async function uploadLessonFiles(storage: MediaStorage, dir: string, videoFile: string): Promise<void> {
  for (const file of lessonFiles(videoFile)) {
    if (await storage.exists(`videos/${file}`)) continue;
    await storage.put(`videos/${file}`, await readFile(path.join(dir, file)), contentTypeOf(file));
  }
}

/**
 * Inserts what is missing (matched by name or e-mail) and returns one line per change: a second run prints none.
 * With `mediaDir` (the CLI passes MEDIA_DIR) the courses' lessons also get their videos, posters and captions.
 */
export async function seedDatabase(
  db: Db,
  options: SeedOptions & { mediaDir?: string; storage?: MediaStorage } = {},
): Promise<string[]> {
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
      .where('name', '=', pack.texts['en-US'].name)
      .executeTakeFirst();
    if (existing) continue;
    await db.kysely.transaction().execute(async (trx) => {
      const created = await trx
        .insertInto('packages')
        .values({
          name: pack.texts['en-US'].name,
          description: pack.texts['en-US'].description,
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
            name: item.texts['en-US'].name,
            description: item.texts['en-US'].description,
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
            .values({
              item_id: row.id,
              title: lesson.titles['en-US'],
              position: lessonIndex,
              video_file: null,
            })
            .execute();
        }
      }
    });
    report.push(`store package "${pack.texts['en-US'].name}" with ${pack.items.length} items`);
  }
  const texts = await seedStoreTexts(db);
  report.push(...texts.report);

  if (options.mediaDir) {
    report.push(...(await seedLessonMedia(db, options.mediaDir, options.storage)));
    await removeRetiredLessons(db, path.join(options.mediaDir, 'videos'), options.storage, texts.retired);
  }

  for (const email of await lockPublishedPasswords(db)) {
    report.push(`${email} had the password once published in the README: replaced by a random one`);
  }
  if (options.admin) {
    const { outcome, username } = await ensureAdmin(db, options.admin);
    if (outcome === 'created') report.push(`admin account ${options.admin.email} (username ${username})`);
    if (outcome === 'promoted') {
      report.push(
        `${options.admin.email} (${username}) is now an admin with ADMIN_PASSWORD; its sessions ended`,
      );
    }
  }
  if (options.demo) {
    const password = options.demo.password ?? randomPassword();
    if (await seedDemo(db, password, options.demo.language ?? DEFAULT_LANGUAGE)) {
      report.push(`demo player ${DEMO_EMAIL} / ${password} with sample ranges (password shown once)`);
    }
  }
  return report;
}
