import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import type {
  AdminPackage,
  AdminUser,
  ItemBody,
  LessonBody,
  PackageBody,
  PackContentBody,
  PackNode,
  Settings,
} from '../../../contract/admin.ts';
import { errorText } from '../../../contract/errors.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, HttpError, notFound } from '../../lib/http-error.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { normalizeButtons, normalizePairs } from '../categories/pairs.ts';
import { readSettings, writeSettings } from '../settings/settings.repository.ts';
import type { TemplateNode } from '../shop/templates.ts';
import {
  lessonTranslationsOf,
  replaceLessonTitles,
  replaceTexts,
  translationsOf,
} from '../shop/texts.repository.ts';
import {
  countLessons,
  countUsers,
  findItemType,
  findLessonRow,
  insertItem,
  insertLesson,
  insertPackage,
  listAdminPackages,
  listItemsOfPackages,
  listLessonsOfItems,
  listUsers,
  lockItem,
  packageExists,
  replacePackContent,
  setLessonVideo,
  setPublished,
  updateItem,
  updateLessonTitle,
  updatePackage,
} from './admin.repository.ts';

/**
 * What an uploaded lesson video must be: not empty, and an MP4 (an ISO media file: its first box is `ftyp`) or a
 * WebM (a Matroska file: the EBML magic number), the formats the admin page offers and browsers play. Anything
 * else, whatever its name or declared type, would be linked to the lesson and never play: 400 for an empty file,
 * 415 for the rest.
 */
async function checkVideoFile(file: string): Promise<void> {
  const handle = await fs.open(file, 'r');
  try {
    const head = Buffer.alloc(12);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    if (bytesRead === 0) throw new HttpError(400, 'videoEmpty');
    const mp4 = bytesRead >= 8 && head.subarray(4, 8).toString('latin1') === 'ftyp';
    const webm = bytesRead >= 4 && head.readUInt32BE(0) === 0x1a45dfa3;
    if (!mp4 && !webm) throw new HttpError(415, 'videoNotPlayable');
  } finally {
    await handle.close();
  }
}

export class AdminService {
  constructor(
    private readonly db: Db,
    private readonly mediaDir: string,
    private readonly media: MediaStorage,
  ) {}

  async users(page: number, perPage: number): Promise<{ total: number; list: AdminUser[] }> {
    const total = await countUsers(this.db.kysely);
    const rows = await listUsers(this.db.kysely, page, perPage);
    return {
      total,
      list: rows.map((row) => ({
        ...row,
        is_premium: Boolean(row.is_premium),
        is_admin: Boolean(row.is_admin),
      })),
    };
  }

  settings(): Promise<Settings> {
    return readSettings(this.db);
  }

  updateSettings(changes: Partial<Settings>): Promise<Settings> {
    return writeSettings(this.db, changes);
  }

  /**
   * A store item; without package_id it gets its own package (an offer of one item), named like the item in every
   * language.
   */
  async createItem(body: ItemBody): Promise<{ id: number; package_id: number }> {
    return this.db.kysely.transaction().execute(async (trx) => {
      let packageId = body.package_id;
      if (packageId === undefined) {
        packageId = await insertPackage(trx, {
          name: body.name,
          description: body.description,
          premium_required: 0,
          position: 100,
          active: 1,
        });
        if (body.translations) await replaceTexts(trx, 'package', packageId, body.translations);
      } else if (!(await packageExists(trx, packageId))) {
        throw notFound();
      }
      const id = await insertItem(trx, {
        package_id: packageId,
        type: body.type,
        name: body.name,
        description: body.description,
        price_usd: Math.round(body.price_usd * 100),
        price_rub: Math.round(body.price_rub * 100),
        position: 100,
        // A new course has no lesson yet: it starts as a draft and is published by publish() once complete.
        published: body.type === 'video_course' ? 0 : 1,
      });
      if (body.translations) await replaceTexts(trx, 'item', id, body.translations);
      return { id, package_id: packageId };
    });
  }

  /** An item's prices and words; its translations are replaced when the body has them, kept otherwise. */
  async updateItem(id: number, body: ItemBody): Promise<void> {
    await this.db.kysely.transaction().execute(async (trx) => {
      const changed = await updateItem(trx, id, {
        name: body.name,
        description: body.description,
        price_usd: Math.round(body.price_usd * 100),
        price_rub: Math.round(body.price_rub * 100),
      });
      if (!changed) throw notFound();
      if (body.translations) await replaceTexts(trx, 'item', id, body.translations);
    });
  }

  /** A package's name and description in English and, when given, its translations (replaced). */
  async updatePackage(id: number, body: PackageBody): Promise<void> {
    await this.db.kysely.transaction().execute(async (trx) => {
      const changed = await updatePackage(trx, id, {
        name: body.name.trim(),
        description: body.description.trim(),
      });
      if (!changed) throw notFound();
      if (body.translations) await replaceTexts(trx, 'package', id, body.translations);
    });
  }

  /** A lesson goes into a draft course only: a published course never shows a lesson it cannot play. */
  async addLesson(itemId: number, body: LessonBody): Promise<{ id: number }> {
    return this.db.kysely.transaction().execute(async (trx) => {
      const item = await lockItem(trx, this.db.dialect, itemId);
      if (!item || item.type !== 'video_course') throw notFound();
      if (item.published) throw new HttpError(409, 'coursePublished');
      const position = await countLessons(trx, itemId);
      const lesson = await insertLesson(trx, {
        item_id: itemId,
        title: body.title,
        position,
        video_file: null,
      });
      if (body.translations) await replaceLessonTitles(trx, lesson.id, body.translations);
      return lesson;
    });
  }

  /** A lesson's title in English and, when given, its translations (replaced); published courses too. */
  async updateLesson(lessonId: number, body: LessonBody): Promise<void> {
    await this.db.kysely.transaction().execute(async (trx) => {
      if (!(await updateLessonTitle(trx, lessonId, body.title.trim()))) throw notFound();
      if (body.translations) await replaceLessonTitles(trx, lessonId, body.translations);
    });
  }

  /**
   * Publishes an item, or sets it back to draft. A course is published only with at least one lesson and a video
   * for every lesson (409 naming the lessons without one). A draft leaves the store at once; whoever bought it
   * keeps it (product page, lessons), so going back to draft is always allowed.
   */
  async setPublished(itemId: number, published: boolean): Promise<void> {
    await this.db.kysely.transaction().execute(async (trx) => {
      const item = await lockItem(trx, this.db.dialect, itemId);
      if (!item) throw notFound();
      if (published && item.type === 'video_course') {
        const lessons = await listLessonsOfItems(trx, [itemId]);
        if (lessons.length === 0) throw new HttpError(409, 'courseWithoutLessons');
        const missing = lessons.filter((lesson) => lesson.video_file === null).map((lesson) => lesson.title);
        if (missing.length > 0) {
          const names = missing.map((title) => `"${title}"`).join(', ');
          throw new HttpError(409, 'lessonsWithoutVideo', undefined, {
            message: `${errorText('lessonsWithoutVideo')}: ${names}`,
          });
        }
      }
      await setPublished(trx, itemId, published);
    });
  }

  /**
   * Every package with every item (drafts included), both prices, owners, lessons and every translation: the
   * admin's catalogue.
   */
  async catalogue(page: number, perPage: number): Promise<{ total: number; list: AdminPackage[] }> {
    const db = this.db.kysely;
    const { total, packages } = await listAdminPackages(db, page, perPage);
    const items = await listItemsOfPackages(
      db,
      packages.map((pack) => pack.id),
    );
    const lessons = await listLessonsOfItems(
      db,
      items.filter((item) => item.type === 'video_course').map((item) => item.id),
    );
    const packageTexts = await translationsOf(
      db,
      'package',
      packages.map((pack) => pack.id),
    );
    const itemTexts = await translationsOf(
      db,
      'item',
      items.map((item) => item.id),
    );
    const lessonTexts = await lessonTranslationsOf(
      db,
      lessons.map((lesson) => lesson.id),
    );
    return {
      total,
      list: packages.map((pack) => ({
        id: pack.id,
        name: pack.name,
        description: pack.description,
        translations: packageTexts.get(pack.id) ?? {},
        items: items
          .filter((item) => item.package_id === pack.id)
          .map((item) => ({
            id: item.id,
            type: item.type as 'product' | 'video_course',
            name: item.name,
            description: item.description,
            translations: itemTexts.get(item.id) ?? {},
            price_usd: item.price_usd / 100,
            price_rub: item.price_rub / 100,
            published: item.published === 1,
            owners: Number(item.owners ?? 0),
            lessons: lessons
              .filter((lesson) => lesson.item_id === item.id)
              .map((lesson) => ({
                id: lesson.id,
                title: lesson.title,
                translations: lessonTexts.get(lesson.id) ?? {},
                position: lesson.position,
                has_video: lesson.video_file !== null,
              })),
          })),
      })),
    };
  }

  /**
   * Streams an uploaded video to media/videos/ under a random name (never the client's file name) and links it to
   * the lesson, in that order and only when the whole file arrived:
   * the upload lands under a `.partial` name, a stream cut at the size limit (`truncated`) or broken off by the
   * client is removed, and only a complete file is renamed into place (or copied to the bucket) and then linked.
   * Until the link is written the lesson keeps its old video, so a failed upload leaves it exactly as it was.
   */
  async saveLessonVideo(
    lessonId: number,
    stream: Readable & { truncated?: boolean },
    maxMb: number,
  ): Promise<string> {
    const lesson = await findLessonRow(this.db.kysely, lessonId);
    if (!lesson) throw notFound();
    const dir = path.join(this.mediaDir, 'videos');
    await fs.mkdir(dir, { recursive: true });
    const file = `${randomBytes(16).toString('hex')}.mp4`;
    const landing = path.join(dir, `${file}.partial`);
    try {
      await pipeline(stream, createWriteStream(landing)).catch((error: unknown) => {
        // A write that fails (a full disk) is the server's; anything else broke on the client's side of the stream.
        if ((error as NodeJS.ErrnoException).syscall) throw error;
        throw new HttpError(400, 'uploadIncomplete');
      });
      if (stream.truncated) {
        throw new HttpError(413, 'videoTooLarge', undefined, {
          message: `The video must be at most ${maxMb} MB`,
        });
      }
      await checkVideoFile(landing);
      if (this.media.kind === 's3') {
        // Every instance serves lessons from the shared bucket; the local copy was only the upload's landing place.
        await this.media.putFile(`videos/${file}`, landing, 'video/mp4');
      } else {
        await fs.rename(landing, path.join(dir, file));
      }
    } finally {
      await fs.rm(landing, { force: true });
    }
    const removeStored = async (name: string) => {
      await fs.rm(path.join(dir, name), { force: true });
      if (this.media.kind === 's3') await this.media.delete(`videos/${name}`);
    };
    // The lesson may have been deleted while the file was uploading: then the new file has nothing to belong to.
    const linked = await setLessonVideo(this.db.kysely, lessonId, file).catch(async (error: unknown) => {
      await removeStored(file);
      throw error;
    });
    if (!linked) {
      await removeStored(file);
      throw notFound();
    }
    if (lesson.video_file) await removeStored(path.basename(lesson.video_file));
    return file;
  }

  /** Replaces a strategy pack's charts; every chart is validated like a user's range (hands, colours, weights). */
  async setPackContent(itemId: number, body: PackContentBody): Promise<number> {
    const item = await findItemType(this.db.kysely, itemId);
    if (!item || item.type !== 'product') throw notFound();
    let ranges = 0;
    const convert = (node: PackNode): TemplateNode => {
      if (node.pairs && node.kind !== 'range') throw badRequest('invalidRequest');
      if (node.kind === 'range') ranges += 1;
      return {
        name: node.name.trim(),
        kind: node.kind,
        note: node.note ?? '',
        buttons: normalizeButtons(node.buttons ?? []),
        pairs: normalizePairs(node.pairs ?? []),
        children: node.kind === 'range' ? [] : (node.children ?? []).map(convert),
      };
    };
    const content = JSON.stringify({ root_type: body.root_type, nodes: body.nodes.map(convert) });
    await this.db.kysely.transaction().execute((trx) => replacePackContent(trx, itemId, content));
    return ranges;
  }
}
