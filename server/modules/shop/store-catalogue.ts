import type { Selectable } from 'kysely';

import { type Language, LANGUAGES } from '../../../contract/languages.ts';
import { CacheVersions } from '../../db/cache-versions.ts';
import type { Db } from '../../db/database.ts';
import type { LessonsTable, ShopItemRow } from '../../db/schema.ts';
import { BodyCache } from '../../lib/cached-body.ts';
import { readSettings } from '../settings/settings.repository.ts';
import type { PackageRow } from './shop.repository.ts';
import type { NamedText } from './texts.repository.ts';

export type LessonRow = Selectable<LessonsTable>;

/** Serialised answers kept per catalogue version: store pages, product pages, per currency and what is owned. */
const CACHED_ANSWERS = 500;

export interface CataloguePackage {
  pack: PackageRow;
  /** Every item, drafts too (their owners still see them), in the store's order. */
  items: ShopItemRow[];
  /** The lessons of the package's courses, in order. */
  lessons: LessonRow[];
}

/** The store's words in one language by id, where that language has its own (English lives in the rows). */
export interface Words {
  packages: Map<number, NamedText>;
  items: Map<number, NamedText>;
  lessons: Map<number, string>;
}

const noWords = (): Words => ({ packages: new Map(), items: new Map(), lessons: new Map() });

/** The store as it stands at one version of the 'store' counter. */
export interface Catalogue {
  /** Null when built inside an open transaction: used for that one answer, never kept. */
  version: number | null;
  /** Packages on sale (active, with at least one published item), in the store's order. */
  onSale: PackageRow[];
  /** Every active package by id. */
  packages: Map<number, CataloguePackage>;
  /** Each language's words (the texts tables move the counter too); English has none of its own. */
  words: Record<Language, Words>;
  /** The one setting the store's quotes read. */
  settings: { premium_price_rub: number };
  /** Answers already serialised from this catalogue, dropped with it. */
  answers: BodyCache;
}

const byPosition = (a: { position: number; id: number }, b: { position: number; id: number }) =>
  a.position - b.position || a.id - b.id;

async function load(db: Db, version: number | null): Promise<Catalogue> {
  const packs = await db.kysely.selectFrom('packages').selectAll().where('active', '=', 1).execute();
  const ids = packs.map((pack) => pack.id);
  const items = ids.length
    ? await db.kysely.selectFrom('shop_items').selectAll().where('package_id', 'in', ids).execute()
    : [];
  const courses = items.filter((item) => item.type === 'video_course').map((item) => item.id);
  const lessons = courses.length
    ? await db.kysely.selectFrom('lessons').selectAll().where('item_id', 'in', courses).execute()
    : [];
  const words = await loadWords(
    db,
    ids,
    items.map((item) => item.id),
    lessons.map((lesson) => lesson.id),
  );
  const { premium_price_rub } = await readSettings(db);
  const packages = new Map<number, CataloguePackage>();
  for (const pack of packs.sort(byPosition)) {
    const mine = items.filter((item) => item.package_id === pack.id).sort(byPosition);
    const ids = new Set(mine.map((item) => item.id));
    packages.set(pack.id, {
      pack,
      items: mine,
      lessons: lessons.filter((lesson) => ids.has(lesson.item_id)).sort(byPosition),
    });
  }
  const onSale = [...packages.values()]
    .filter((entry) => entry.items.some((item) => item.published === 1))
    .map((entry) => entry.pack);
  return {
    version,
    onSale,
    packages,
    words,
    settings: { premium_price_rub },
    answers: new BodyCache(CACHED_ANSWERS),
  };
}

/** Every translation of these packages, items and lessons: a few rows per language, read with the catalogue. */
async function loadWords(
  db: Db,
  packageIds: number[],
  itemIds: number[],
  lessonIds: number[],
): Promise<Record<Language, Words>> {
  const words = Object.fromEntries(LANGUAGES.map((language) => [language, noWords()])) as Record<
    Language,
    Words
  >;
  const { kysely } = db;
  const packages = packageIds.length
    ? await kysely.selectFrom('package_texts').selectAll().where('package_id', 'in', packageIds).execute()
    : [];
  const items = itemIds.length
    ? await kysely.selectFrom('shop_item_texts').selectAll().where('item_id', 'in', itemIds).execute()
    : [];
  const lessons = lessonIds.length
    ? await kysely.selectFrom('lesson_texts').selectAll().where('lesson_id', 'in', lessonIds).execute()
    : [];
  // A row in a language the app does not offer is left out rather than filed under another.
  const of = (language: string) => words[language as Language] as Words | undefined;
  for (const row of packages)
    of(row.language)?.packages.set(row.package_id, { name: row.name, description: row.description });
  for (const row of items)
    of(row.language)?.items.set(row.item_id, { name: row.name, description: row.description });
  for (const row of lessons) of(row.language)?.lessons.set(row.lesson_id, row.title);
  return words;
}

/**
 * The store's catalogue in memory: packages, items, lessons, their words in each language and the RUB Premium
 * price, a few dozen rows the admin changes now and then, read by every visit to the store. It is rebuilt when the
 * 'store' counter moves (triggers on those tables move it, migrations 024 and 027): at once on SQLite, within a
 * second on PostgreSQL for another instance's change, at once for this instance's own (`changed`). What a purchase
 * costs is always priced from the tables.
 */
export class StoreCatalogue {
  private readonly versions: CacheVersions;
  private current: Catalogue | null = null;
  private building: { version: number; promise: Promise<Catalogue> } | null = null;

  constructor(private readonly db: Db) {
    this.versions = new CacheVersions(db);
  }

  async get(): Promise<Catalogue> {
    const version = await this.versions.read('store');
    if (version === null) return load(this.db, null);
    if (this.current?.version === version) return this.current;
    // One build per version, however many requests arrive while it runs.
    if (this.building?.version !== version) {
      const promise = load(this.db, version).then((catalogue) => {
        // A slower build of an older version must not replace a newer one.
        if ((this.current?.version ?? -1) <= version) this.current = catalogue;
        return catalogue;
      });
      promise
        .finally(() => {
          if (this.building?.promise === promise) this.building = null;
        })
        .catch(() => undefined);
      this.building = { version, promise };
    }
    return this.building.promise;
  }

  /** This instance changed the store: the next read asks the database for the counter (PostgreSQL). */
  changed(): void {
    this.versions.expire('store');
  }
}
