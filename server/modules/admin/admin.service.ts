import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import type { AdminUser, ItemBody, PackContentBody, PackNode } from '../../../contract/admin.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { normalizeButtons, normalizePairs } from '../categories/pairs.ts';
import type { TemplateNode } from '../shop/templates.ts';

export class AdminService {
  constructor(
    private readonly db: Db,
    private readonly mediaDir: string,
  ) {}

  async users(page: number, perPage: number): Promise<{ total: number; list: AdminUser[] }> {
    const total = await this.db.kysely
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const rows = await this.db.kysely
      .selectFrom('users')
      .select(['id', 'username', 'email', 'is_premium', 'is_admin', 'created_at'])
      .orderBy('id')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute();
    return {
      total: Number(total.count),
      list: rows.map((row) => ({
        ...row,
        is_premium: Boolean(row.is_premium),
        is_admin: Boolean(row.is_admin),
      })),
    };
  }

  /** A store item; without package_id it gets its own package (an offer of one item). */
  async createItem(body: ItemBody): Promise<{ id: number; package_id: number }> {
    return this.db.kysely.transaction().execute(async (trx) => {
      let packageId = body.package_id;
      if (packageId === undefined) {
        const pack = await trx
          .insertInto('packages')
          .values({
            name: body.name,
            description: body.description,
            premium_required: 0,
            position: 100,
            active: 1,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        packageId = pack.id;
      } else if (
        !(await trx.selectFrom('packages').select('id').where('id', '=', packageId).executeTakeFirst())
      ) {
        throw notFound();
      }
      const item = await trx
        .insertInto('shop_items')
        .values({
          package_id: packageId,
          type: body.type,
          name: body.name,
          description: body.description,
          price_usd: Math.round(body.price_usd * 100),
          price_rub: Math.round(body.price_rub * 100),
          position: 100,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: item.id, package_id: packageId };
    });
  }

  async updateItem(id: number, body: ItemBody): Promise<void> {
    const result = await this.db.kysely
      .updateTable('shop_items')
      .set({
        name: body.name,
        description: body.description,
        price_usd: Math.round(body.price_usd * 100),
        price_rub: Math.round(body.price_rub * 100),
      })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw notFound();
  }

  async addLesson(itemId: number, title: string): Promise<{ id: number }> {
    const item = await this.db.kysely
      .selectFrom('shop_items')
      .select(['id', 'type'])
      .where('id', '=', itemId)
      .executeTakeFirst();
    if (!item || item.type !== 'video_course') throw notFound();
    const count = await this.db.kysely
      .selectFrom('lessons')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('item_id', '=', itemId)
      .executeTakeFirstOrThrow();
    return this.db.kysely
      .insertInto('lessons')
      .values({ item_id: itemId, title, position: Number(count.count), video_file: null })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  /** Streams an uploaded video to media/videos/ under a random name (never the client's file name). */
  async saveLessonVideo(lessonId: number, stream: Readable): Promise<string> {
    const lesson = await this.db.kysely
      .selectFrom('lessons')
      .selectAll()
      .where('id', '=', lessonId)
      .executeTakeFirst();
    if (!lesson) throw notFound();
    const dir = path.join(this.mediaDir, 'videos');
    await fs.mkdir(dir, { recursive: true });
    const file = `${randomBytes(16).toString('hex')}.mp4`;
    await pipeline(stream, createWriteStream(path.join(dir, file)));
    await this.db.kysely
      .updateTable('lessons')
      .set({ video_file: file })
      .where('id', '=', lessonId)
      .execute();
    if (lesson.video_file) await fs.rm(path.join(dir, path.basename(lesson.video_file)), { force: true });
    return file;
  }

  /** Replaces a strategy pack's charts; every chart is validated like a user's range (hands, colours, weights). */
  async setPackContent(itemId: number, body: PackContentBody): Promise<number> {
    const item = await this.db.kysely
      .selectFrom('shop_items')
      .select(['id', 'type'])
      .where('id', '=', itemId)
      .executeTakeFirst();
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
    await this.db.kysely.transaction().execute(async (trx) => {
      await trx.deleteFrom('shop_item_contents').where('item_id', '=', itemId).execute();
      await trx.insertInto('shop_item_contents').values({ item_id: itemId, content }).execute();
    });
    return ranges;
  }
}
