import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import type { AdminUser, ItemBody, PackContentBody, PackNode, Settings } from '../../../contract/admin.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { normalizeButtons, normalizePairs } from '../categories/pairs.ts';
import { readSettings, writeSettings } from '../settings/settings.repository.ts';
import type { TemplateNode } from '../shop/templates.ts';
import {
  countLessons,
  countUsers,
  findItemType,
  findLessonRow,
  insertItem,
  insertLesson,
  insertPackage,
  listUsers,
  packageExists,
  replacePackContent,
  setLessonVideo,
  updateItem,
} from './admin.repository.ts';

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

  /** A store item; without package_id it gets its own package (an offer of one item). */
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
      });
      return { id, package_id: packageId };
    });
  }

  async updateItem(id: number, body: ItemBody): Promise<void> {
    const changed = await updateItem(this.db.kysely, id, {
      name: body.name,
      description: body.description,
      price_usd: Math.round(body.price_usd * 100),
      price_rub: Math.round(body.price_rub * 100),
    });
    if (!changed) throw notFound();
  }

  async addLesson(itemId: number, title: string): Promise<{ id: number }> {
    const item = await findItemType(this.db.kysely, itemId);
    if (!item || item.type !== 'video_course') throw notFound();
    const position = await countLessons(this.db.kysely, itemId);
    return insertLesson(this.db.kysely, { item_id: itemId, title, position, video_file: null });
  }

  /** Streams an uploaded video to media/videos/ under a random name (never the client's file name). */
  async saveLessonVideo(lessonId: number, stream: Readable): Promise<string> {
    const lesson = await findLessonRow(this.db.kysely, lessonId);
    if (!lesson) throw notFound();
    const dir = path.join(this.mediaDir, 'videos');
    await fs.mkdir(dir, { recursive: true });
    const file = `${randomBytes(16).toString('hex')}.mp4`;
    await pipeline(stream, createWriteStream(path.join(dir, file)));
    if (this.media.kind === 's3') {
      // Every instance serves lessons from the shared bucket; the local copy was only the upload's landing place.
      await this.media.put(`videos/${file}`, await fs.readFile(path.join(dir, file)), 'video/mp4');
      await fs.rm(path.join(dir, file), { force: true });
    }
    await setLessonVideo(this.db.kysely, lessonId, file);
    if (lesson.video_file) {
      const old = path.basename(lesson.video_file);
      await fs.rm(path.join(dir, old), { force: true });
      if (this.media.kind === 's3') await this.media.delete(`videos/${old}`);
    }
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
