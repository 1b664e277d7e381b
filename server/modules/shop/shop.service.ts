import type { Selectable } from 'kysely';

import type { Language } from '../../../contract/languages.ts';
import type { Purchase, ReferralPayment } from '../../../contract/profile.ts';
import type { Lesson, Offer, OfferItem, ProductPage, ShopPage } from '../../../contract/shop.ts';
import type { Db } from '../../db/database.ts';
import { fastStatement } from '../../db/fast.ts';
import type { LessonsTable, PackagesTable, ShopItemRow, UserRow } from '../../db/schema.ts';
import { hmacHex, safeEqual } from '../../lib/crypto.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { CAPTION_LANGUAGES, captionFileOf, hasCompanionFiles, posterFileOf } from '../../lib/lesson-media.ts';
import { currencyFor, ownedItemIdsFast, priceOf, toMajor } from './pricing.ts';

type PackageRow = Selectable<PackagesTable>;

/** Signed lesson links live long enough for a long lesson with pauses. */
const VIDEO_LINK_TTL_SECONDS = 6 * 60 * 60;

export class ShopService {
  constructor(
    private readonly db: Db,
    private readonly signingSecret: string,
  ) {}

  /**
   * A lesson link for a <video> element, which cannot send the Bearer header: it carries the user, an expiry and an
   * HMAC of both with the lesson id. The server still checks ownership when the link is used.
   */
  private signedVideoUrl(lessonId: number, userId: number, file = 'video'): string {
    const expires = Math.floor(Date.now() / 1000) + VIDEO_LINK_TTL_SECONDS;
    const sig = hmacHex(this.signingSecret, `${lessonId}:${userId}:${expires}`);
    return `/api/v1/shop/lessons/${lessonId}/${file}?user=${userId}&expires=${expires}&sig=${sig}`;
  }

  /** A lesson for the product page: signed links to its video, poster and captions for owners only. */
  private lessonView(lesson: Selectable<LessonsTable>, userId: number | null): Lesson {
    const watch = userId !== null && lesson.video_file !== null;
    const companions = watch && hasCompanionFiles(lesson.video_file!);
    return {
      id: lesson.id,
      title: lesson.title,
      position: lesson.position,
      has_video: lesson.video_file !== null,
      video_url: watch ? this.signedVideoUrl(lesson.id, userId) : null,
      poster_url: companions ? this.signedVideoUrl(lesson.id, userId!, 'poster') : null,
      captions: companions
        ? CAPTION_LANGUAGES.map((language) => ({
            language,
            url: this.signedVideoUrl(lesson.id, userId!, `captions/${language}`),
          }))
        : [],
    };
  }

  /** The user a signed video link was issued to, or null when the link is forged or expired. */
  async userFromVideoLink(lessonId: number, link: { user?: number; expires?: number; sig?: string }) {
    if (!link.user || !link.expires || !link.sig) return null;
    if (link.expires < Date.now() / 1000) return null;
    const expected = hmacHex(this.signingSecret, `${lessonId}:${link.user}:${link.expires}`);
    if (!safeEqual(expected, link.sig)) return null;
    return (
      (await this.db.kysely.selectFrom('users').selectAll().where('id', '=', link.user).executeTakeFirst()) ??
      null
    );
  }

  private async owned(user: UserRow | null): Promise<Set<number>> {
    return user ? ownedItemIdsFast(this.db, user.id) : new Set();
  }

  private offerItem(item: ShopItemRow, user: UserRow | null, owned: Set<number>): OfferItem {
    return {
      id: item.id,
      name: item.name,
      description: item.description,
      price_in_user_currency: toMajor(priceOf(item, currencyFor(user))),
      owned: owned.has(item.id),
    };
  }

  /** Active packages of one page with their items; SQLite reads skip the query builder (a hot public route). */
  private async catalogue(page: number, perPage: number) {
    const offset = (page - 1) * perPage;
    const count = fastStatement(this.db, 'SELECT COUNT(*) AS count FROM packages WHERE active = 1');
    const pageSql = fastStatement(
      this.db,
      'SELECT * FROM packages WHERE active = 1 ORDER BY position, id LIMIT ? OFFSET ?',
    );
    const itemsSql = fastStatement(
      this.db,
      'SELECT id, package_id, type, name, description, price_usd, price_rub, position FROM shop_items ' +
        'WHERE package_id IN (SELECT id FROM packages WHERE active = 1 ORDER BY position, id LIMIT ? OFFSET ?) ' +
        'ORDER BY position, id',
    );
    if (count && pageSql && itemsSql) {
      return {
        total: (count.get() as { count: number }).count,
        packages: pageSql.all(perPage, offset) as PackageRow[],
        items: itemsSql.all(perPage, offset) as ShopItemRow[],
      };
    }
    const total = await this.db.kysely
      .selectFrom('packages')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('active', '=', 1)
      .executeTakeFirstOrThrow();
    const packages = await this.db.kysely
      .selectFrom('packages')
      .selectAll()
      .where('active', '=', 1)
      .orderBy('position')
      .orderBy('id')
      .limit(perPage)
      .offset(offset)
      .execute();
    const items = packages.length
      ? await this.db.kysely
          .selectFrom('shop_items')
          .select(['id', 'package_id', 'type', 'name', 'description', 'price_usd', 'price_rub', 'position'])
          .where(
            'package_id',
            'in',
            packages.map((pack) => pack.id),
          )
          .orderBy('position')
          .orderBy('id')
          .execute()
      : [];
    return { total: Number(total.count), packages, items: items as ShopItemRow[] };
  }

  async list(user: UserRow | null, page: number, perPage: number): Promise<ShopPage> {
    const { total, packages, items } = await this.catalogue(page, perPage);
    const owned = await this.owned(user);
    const list: Offer[] = packages.map((pack) => {
      const mine = items.filter((item) => item.package_id === pack.id);
      return {
        id: pack.id,
        name: pack.name,
        description: pack.description,
        premium_required: Boolean(pack.premium_required),
        currency: currencyFor(user),
        products: mine
          .filter((item) => item.type === 'product')
          .map((item) => this.offerItem(item, user, owned)),
        video_courses: mine
          .filter((item) => item.type === 'video_course')
          .map((item) => this.offerItem(item, user, owned)),
      };
    });
    return { total, page, per_page: perPage, list };
  }

  async product(user: UserRow | null, id: number): Promise<ProductPage> {
    const pack = await this.db.kysely
      .selectFrom('packages')
      .selectAll()
      .where('id', '=', id)
      .where('active', '=', 1)
      .executeTakeFirst();
    if (!pack) throw notFound();
    const items = await this.db.kysely
      .selectFrom('shop_items')
      .selectAll()
      .where('package_id', '=', pack.id)
      .orderBy('position')
      .orderBy('id')
      .execute();
    const courseIds = items.filter((item) => item.type === 'video_course').map((item) => item.id);
    const lessons = courseIds.length
      ? await this.db.kysely
          .selectFrom('lessons')
          .selectAll()
          .where('item_id', 'in', courseIds)
          .orderBy('position')
          .orderBy('id')
          .execute()
      : [];
    const owned = await this.owned(user);
    return {
      id: pack.id,
      name: pack.name,
      description: pack.description,
      premium_required: Boolean(pack.premium_required),
      currency: currencyFor(user),
      products: items
        .filter((item) => item.type === 'product')
        .map((item) => this.offerItem(item, user, owned)),
      video_courses: items
        .filter((item) => item.type === 'video_course')
        .map((item) => ({
          ...this.offerItem(item, user, owned),
          lessons: lessons
            .filter((lesson) => lesson.item_id === item.id)
            .map((lesson) =>
              this.lessonView(lesson, user && (owned.has(item.id) || user.is_admin) ? user.id : null),
            ),
        })),
    };
  }

  async purchases(user: UserRow, page: number, perPage: number) {
    const total = await this.db.kysely
      .selectFrom('purchases')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const rows = await this.db.kysely
      .selectFrom('purchases')
      .selectAll()
      .where('user_id', '=', user.id)
      .orderBy('id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute();
    const items: Purchase[] = rows.map((row) => ({
      id: row.id,
      kind: row.kind as Purchase['kind'],
      item_id: row.item_id,
      name: row.name,
      amount: toMajor(row.amount),
      currency: row.currency,
      datetime: row.created_at,
    }));
    return { total: Number(total.count), page, per_page: perPage, items };
  }

  async referralPayments(user: UserRow, page: number, perPage: number) {
    const total = await this.db.kysely
      .selectFrom('referral_payments')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('referrer_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const rows = await this.db.kysely
      .selectFrom('referral_payments')
      .innerJoin('users', 'users.id', 'referral_payments.user_id')
      .selectAll('referral_payments')
      .select('users.username as username')
      .where('referral_payments.referrer_id', '=', user.id)
      .orderBy('referral_payments.id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute();
    const items: ReferralPayment[] = rows.map((row) => ({
      id: row.id,
      user: row.username,
      percent: row.percent,
      amount: toMajor(row.amount),
      currency: row.currency,
      datetime: row.created_at,
      type: row.type as ReferralPayment['type'],
    }));
    return { total: Number(total.count), page, per_page: perPage, items };
  }

  /**
   * The stored file of a lesson (its video, poster or captions in one language), for its course's owners only
   * (admins may always watch); 404 when the lesson has no such file.
   */
  async lessonFile(user: UserRow, lessonId: number, part: 'video' | 'poster' | Language): Promise<string> {
    const lesson = await this.db.kysely
      .selectFrom('lessons')
      .selectAll()
      .where('id', '=', lessonId)
      .executeTakeFirst();
    if (!lesson || lesson.video_file === null) throw notFound();
    if (!user.is_admin && !(await this.owned(user)).has(lesson.item_id))
      throw new HttpError(403, 'productNotOwned');
    if (part === 'video') return lesson.video_file;
    if (!hasCompanionFiles(lesson.video_file)) throw notFound();
    return part === 'poster' ? posterFileOf(lesson.video_file) : captionFileOf(lesson.video_file, part);
  }
}
