import type { Selectable } from 'kysely';

import { asLanguage, type Language } from '../../../contract/languages.ts';
import type { Purchase, ReferralPayment } from '../../../contract/profile.ts';
import type { Lesson, Offer, OfferItem, ProductPage, ShopPage } from '../../../contract/shop.ts';
import type { Db } from '../../db/database.ts';
import type { LessonsTable, ShopItemRow, UserRow } from '../../db/schema.ts';
import { CachedBody } from '../../lib/cached-body.ts';
import { hmacHex, safeEqual } from '../../lib/crypto.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import {
  CAPTION_LANGUAGES,
  captionFileOf,
  hasCompanionFiles,
  posterFileOf,
  voicedFileOf,
} from '../../lib/lesson-media.ts';
import { restorablePacks } from './pack-folders.ts';
import { currencyFor, priceOf, quoteOffer, toMajor } from './pricing.ts';
import {
  findLesson,
  findUserIfAny,
  listPurchases,
  listReferralPayments,
  ownedItemIdsFast,
  type PackageRow,
} from './shop.repository.ts';
import { type Catalogue, StoreCatalogue, type Words } from './store-catalogue.ts';
import { localized, textsIn } from './texts.repository.ts';

/** The language of a store answer: the one the app asks for, else the signed-in player's, else English. */
export function storeLanguage(asked: Language | undefined, user: UserRow | null): Language {
  return asked ?? asLanguage(user?.language);
}

/** Signed lesson links live long enough for a long lesson with pauses. */
const VIDEO_LINK_TTL_SECONDS = 6 * 60 * 60;

/** Serialises a page of the store (or a product page) as its route's response schema says. */
type Serialize<T> = (data: T) => string;

/** What a user holds of the store: the items bought, and the bought packs whose folder they deleted. */
interface Mine {
  owned: Set<number>;
  restorable: Set<number>;
}

export class ShopService {
  /** The store's rows in memory, rebuilt when an admin changes them (store-catalogue.ts). */
  readonly catalogue: StoreCatalogue;

  constructor(
    private readonly db: Db,
    private readonly signingSecret: string,
  ) {
    this.catalogue = new StoreCatalogue(db);
  }

  /**
   * A lesson link for a <video> element, which cannot send the Bearer header: it carries the user, an expiry and an
   * HMAC of both with the lesson id. The server still checks ownership when the link is used.
   */
  private signedVideoUrl(lessonId: number, userId: number, file: string, voice: Language): string {
    const expires = Math.floor(Date.now() / 1000) + VIDEO_LINK_TTL_SECONDS;
    const sig = hmacHex(this.signingSecret, `${lessonId}:${userId}:${expires}`);
    // The voice only picks which of the lesson's files is sent: the owner may have any of them, so it is not signed.
    const lang = voice === 'en-US' ? '' : `&lang=${voice}`;
    return `/api/v1/shop/lessons/${lessonId}/${file}?user=${userId}&expires=${expires}&sig=${sig}${lang}`;
  }

  /**
   * A lesson for the product page: signed links to its video, poster and captions for owners only, spoken in
   * `language` when the lesson has that voice (the seeded lessons have all four; English otherwise).
   */
  private lessonView(
    lesson: Selectable<LessonsTable>,
    userId: number | null,
    title: string | undefined,
    language: Language,
  ): Lesson {
    const watch = userId !== null && lesson.video_file !== null;
    const companions = watch && hasCompanionFiles(lesson.video_file!);
    const voice = companions ? language : 'en-US';
    return {
      id: lesson.id,
      title: title ?? lesson.title,
      position: lesson.position,
      has_video: lesson.video_file !== null,
      video_url: watch ? this.signedVideoUrl(lesson.id, userId, 'video', voice) : null,
      poster_url: companions ? this.signedVideoUrl(lesson.id, userId!, 'poster', voice) : null,
      captions: companions
        ? CAPTION_LANGUAGES.map((captions) => ({
            language: captions,
            url: this.signedVideoUrl(lesson.id, userId!, `captions/${captions}`, voice),
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
    return (await findUserIfAny(this.db.kysely, link.user)) ?? null;
  }

  private async owned(user: UserRow | null): Promise<Set<number>> {
    return user ? ownedItemIdsFast(this.db, user.id) : new Set();
  }

  /** The signed-in user's packs whose folder they deleted (none for visitors or buyers of no pack). */
  private async restorable(user: UserRow | null, owned: Set<number>): Promise<Set<number>> {
    return user && owned.size > 0 ? restorablePacks(this.db.kysely, user.id) : new Set();
  }

  private offerItem(row: ShopItemRow, user: UserRow | null, mine: Mine, words: Words): OfferItem {
    const item = localized(row, words.items.get(row.id));
    return {
      id: item.id,
      name: item.name,
      description: item.description,
      price_in_user_currency: toMajor(priceOf(item, currencyFor(user))),
      owned: mine.owned.has(item.id),
      restorable: mine.restorable.has(item.id),
    };
  }

  /** The package's head plus its price for this user, computed here so every screen shows the same total. */
  private offerHead(
    row: PackageRow,
    items: ShopItemRow[],
    user: UserRow | null,
    owned: Set<number>,
    settings: { premium_price_rub: number },
    words: Words,
  ) {
    const pack = localized(row, words.packages.get(row.id));
    return {
      id: pack.id,
      name: pack.name,
      description: pack.description,
      premium_required: Boolean(pack.premium_required),
      premium_owned: Boolean(user?.is_premium),
      currency: currencyFor(user),
      ...quoteOffer(items, owned, Boolean(pack.premium_required), user, settings),
    };
  }

  /**
   * What makes one user's store answers differ from another's: currency, Premium and what they own of the store.
   * Users alike share cached answers (most own nothing: one answer serves them all).
   */
  private variant(user: UserRow | null, mine: Mine, catalogue: Catalogue): string {
    if (!user) return 'anonymous';
    const held: number[] = [];
    for (const { items } of catalogue.packages.values())
      for (const item of items) if (mine.owned.has(item.id)) held.push(item.id);
    const restorable = [...mine.restorable].sort((a, b) => a - b);
    return `${currencyFor(user)}:${user.is_premium ? 1 : 0}:${held.join(',')}:${restorable.join(',')}`;
  }

  /** What `user` holds of the store, read for each answer (the catalogue is shared, this is not). */
  private async mine(user: UserRow | null): Promise<Mine> {
    const owned = await this.owned(user);
    return { owned, restorable: await this.restorable(user, owned) };
  }

  /** The answer under `key` of this catalogue, serialised once and kept while the catalogue stands. */
  private answer<T>(catalogue: Catalogue, key: string, build: () => T, serialize: Serialize<T>): CachedBody {
    const cached = catalogue.version === null ? undefined : catalogue.answers.get(key);
    if (cached) return cached;
    const body = new CachedBody(serialize(build()));
    return catalogue.version === null ? body : catalogue.answers.set(key, body);
  }

  private page(
    user: UserRow | null,
    mine: Mine,
    catalogue: Catalogue,
    language: Language,
    page: number,
    perPage: number,
  ) {
    const words = catalogue.words[language];
    const packages = catalogue.onSale.slice((page - 1) * perPage, page * perPage);
    const list: Offer[] = packages.map((pack) => {
      const items = catalogue.packages.get(pack.id)!.items.filter((item) => item.published === 1);
      return {
        ...this.offerHead(pack, items, user, mine.owned, catalogue.settings, words),
        products: items
          .filter((item) => item.type === 'product')
          .map((item) => this.offerItem(item, user, mine, words)),
        video_courses: items
          .filter((item) => item.type === 'video_course')
          .map((item) => this.offerItem(item, user, mine, words)),
      };
    });
    return { total: catalogue.onSale.length, page, per_page: perPage, list };
  }

  /**
   * The store page as its route sends it, in `language`: from memory for everyone alike (variant and language) until
   * the admin changes it.
   */
  async listBody(
    user: UserRow | null,
    language: Language,
    page: number,
    perPage: number,
    serialize: Serialize<ShopPage>,
  ): Promise<CachedBody> {
    const catalogue = await this.catalogue.get();
    const mine = await this.mine(user);
    const key = `list:${language}:${page}:${perPage}:${this.variant(user, mine, catalogue)}`;
    const build = () => this.page(user, mine, catalogue, language, page, perPage);
    return this.answer(catalogue, key, build, serialize);
  }

  private productPage(
    user: UserRow | null,
    mine: Mine,
    catalogue: Catalogue,
    language: Language,
    id: number,
  ): ProductPage {
    const { owned } = mine;
    const words = catalogue.words[language];
    const entry = catalogue.packages.get(id);
    if (!entry) throw notFound();
    // A draft is shown only to those who own it (bought before it went back to draft); it is never priced, since
    // quoteOffer leaves owned items out, and never sold (priceOrder reads published items only).
    const items = entry.items.filter((item) => item.published === 1 || owned.has(item.id));
    if (items.length === 0) throw notFound();
    return {
      ...this.offerHead(entry.pack, items, user, owned, catalogue.settings, words),
      products: items
        .filter((item) => item.type === 'product')
        .map((item) => this.offerItem(item, user, mine, words)),
      video_courses: items
        .filter((item) => item.type === 'video_course')
        .map((item) => ({
          ...this.offerItem(item, user, mine, words),
          lessons: entry.lessons
            .filter((lesson) => lesson.item_id === item.id)
            .map((lesson) =>
              this.lessonView(
                lesson,
                this.watcher(user, owned, item.id),
                words.lessons.get(lesson.id),
                language,
              ),
            ),
        })),
    };
  }

  /** Who may watch the course's lessons (their links are signed for them): its owners and admins. */
  private watcher(user: UserRow | null, owned: Set<number>, courseId: number): number | null {
    return user && (owned.has(courseId) || user.is_admin) ? user.id : null;
  }

  /**
   * The product page as its route sends it, in `language`. Kept in memory like the store page, except for those who
   * may watch one of its courses: their lesson links are signed for them and expire, so theirs is made afresh.
   */
  async productBody(
    user: UserRow | null,
    language: Language,
    id: number,
    serialize: Serialize<ProductPage>,
  ): Promise<CachedBody> {
    const catalogue = await this.catalogue.get();
    const mine = await this.mine(user);
    const build = () => this.productPage(user, mine, catalogue, language, id);
    const courses = catalogue.packages.get(id)?.items.filter((item) => item.type === 'video_course') ?? [];
    if (courses.some((course) => this.watcher(user, mine.owned, course.id) !== null))
      return new CachedBody(serialize(build()));
    const key = `product:${language}:${id}:${this.variant(user, mine, catalogue)}`;
    return this.answer(catalogue, key, build, serialize);
  }

  /** The player's purchases, each named as its item is now in `language` (the name bought under otherwise). */
  async purchases(user: UserRow, page: number, perPage: number, language: Language) {
    const { total, rows } = await listPurchases(this.db.kysely, user.id, page, perPage);
    const restorable = rows.some((row) => row.kind === 'product')
      ? await restorablePacks(this.db.kysely, user.id)
      : new Set<number>();
    const names = await textsIn(
      this.db.kysely,
      'item',
      rows.flatMap((row) => row.item_id ?? []),
      language,
    );
    const items: Purchase[] = rows.map((row) => ({
      id: row.id,
      kind: row.kind as Purchase['kind'],
      item_id: row.item_id,
      name: (row.item_id !== null && names.get(row.item_id)?.name) || row.name,
      amount: toMajor(row.amount),
      currency: row.currency,
      datetime: row.created_at,
      refunded: row.refunded_at !== null,
      restorable: row.kind === 'product' && row.refunded_at === null && restorable.has(row.item_id ?? 0),
    }));
    return { total, page, per_page: perPage, items };
  }

  async referralPayments(user: UserRow, page: number, perPage: number) {
    const { total, rows } = await listReferralPayments(this.db.kysely, user.id, page, perPage);
    const items: ReferralPayment[] = rows.map((row) => ({
      id: row.id,
      // A buyer who deleted their account is nobody now: the payout stays, without a name.
      user: row.buyer_deleted_at === null ? row.username : '',
      percent: row.percent,
      amount: toMajor(row.amount),
      currency: row.currency,
      datetime: row.created_at,
      type: row.type as ReferralPayment['type'],
      reversed: toMajor(row.reversed_amount),
    }));
    return { total, page, per_page: perPage, items };
  }

  /**
   * The stored files that can answer for a lesson's video, poster or captions in one language, best first: the ones of
   * the voice asked for, then the English voice's (a lesson rendered before it had other voices, or uploaded, has
   * only those). Its course's owners only (admins may always watch); 404 when the lesson has no such file.
   */
  async lessonFiles(
    user: UserRow,
    lessonId: number,
    part: 'video' | 'poster' | Language,
    voice: Language,
  ): Promise<string[]> {
    const lesson = await findLesson(this.db.kysely, lessonId);
    if (!lesson || lesson.video_file === null) throw notFound();
    if (!user.is_admin && !(await this.owned(user)).has(lesson.item_id))
      throw new HttpError(403, 'productNotOwned');
    if (!hasCompanionFiles(lesson.video_file)) {
      if (part !== 'video') throw notFound();
      return [lesson.video_file];
    }
    const voices = [...new Set([voicedFileOf(lesson.video_file, voice), lesson.video_file])];
    if (part === 'video') return voices;
    return voices.map((video) => (part === 'poster' ? posterFileOf(video) : captionFileOf(video, part)));
  }
}
