import type { Selectable } from 'kysely';

import type { Db } from '../../db/database.ts';
import type { CategoryRow, OrderRow, PurchasesTable, UserRow } from '../../db/schema.ts';
import { csvRows, type CsvValue } from '../../lib/csv.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import type { ZipEntry } from '../../lib/zip-writer.ts';
import { listTreeRows } from '../categories/categories.repository.ts';
import { chartText, parseSides } from '../categories/equity-sides.ts';
import { pairsWindow, parseButtons, parsePairs } from '../categories/pairs.ts';
import { toMajor } from '../shop/pricing.ts';

/** Rows read per query: the export streams page by page, whatever the size of the account. */
const PAGE = 200;

const ROOTS = [
  { type: 'preflop_root', file: 'cash-ranges', title: 'Cash ranges' },
  { type: 'tournament_root', file: 'tournament-ranges', title: 'Tournament ranges' },
] as const;

/** The tables of an account's own rows that the export lists whole, and their rows. */
interface OwnedRows {
  purchases: Selectable<PurchasesTable>;
  orders: OrderRow;
}

/** Rows after `after` by id, a page at a time, until none are left. */
async function* paged<T extends { id: number }>(fetch: (after: number) => Promise<T[]>): AsyncGenerator<T> {
  let after = 0;
  for (;;) {
    const rows = await fetch(after);
    yield* rows;
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) return;
    after = last.id;
  }
}

/** A JSON array written element by element. */
async function* jsonArray(items: AsyncIterable<unknown>): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const item of items) {
    yield `${first ? '\n' : ',\n'}${JSON.stringify(item)}`;
    first = false;
  }
  yield '\n]\n';
}

async function* collect<T, U>(items: AsyncIterable<T>, map: (item: T) => U): AsyncGenerator<U> {
  for await (const item of items) yield map(item);
}

/** The stored workspace as the JSON it is (opaque here: its shape belongs to the range tool). */
function opaqueJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * "Download my data": everything the account holds, as JSON (complete, for programs) and as CSV or text (for people):
 * the profile and avatar, every chart (JSON with its colours, notes, buttons and workspace, and each range as
 * PokerStove text per colour), purchases, payments, referral payouts and trainer results. Only the caller's own rows
 * are read (every query is bound to the account's id); other players appear only by the username a payout shows.
 * Entries are produced lazily and their rows read page by page while the archive streams out.
 */
export class AccountExport {
  constructor(
    private readonly db: Db,
    private readonly media: MediaStorage,
  ) {}

  async *entries(user: UserRow, now: Date): AsyncGenerator<ZipEntry> {
    const avatar = /^[0-9a-f]{32}\.webp$/.test(user.avatar)
      ? await this.media.open(`avatars/${user.avatar}`)
      : null;
    const profile = {
      id: user.id,
      username: user.username,
      email: user.email,
      language: user.language,
      premium: Boolean(user.is_premium),
      admin: Boolean(user.is_admin),
      referral_token: user.referral_token,
      avatar: avatar ? 'avatar.webp' : null,
      created_at: user.created_at,
      exported_at: now.toISOString(),
    };
    yield { name: 'profile.json', data: [`${JSON.stringify(profile, null, 2)}\n`] };
    if (avatar) yield { name: 'avatar.webp', data: avatar.stream };

    const paths = await this.chartPaths(user.id);
    yield {
      name: 'charts/charts.json',
      data: jsonArray(collect(this.charts(user.id), (row) => this.chartJson(row, paths))),
    };
    for (const root of ROOTS) {
      yield { name: `charts/${root.file}.txt`, data: this.chartText(user.id, root.type, root.title, paths) };
    }

    yield* this.table('purchases', ['id', 'date', 'kind', 'name', 'amount', 'currency', 'refunded'], () =>
      collect(this.owned('purchases', user.id), (row) => ({
        id: row.id,
        date: row.created_at,
        kind: row.kind,
        name: row.name,
        amount: toMajor(row.amount),
        currency: row.currency,
        refunded: row.refunded_at !== null,
      })),
    );
    yield* this.table(
      'payments',
      [
        'id',
        'date',
        'method',
        'status',
        'amount',
        'currency',
        'premium',
        'products',
        'video_courses',
        'refunded',
      ],
      () =>
        collect(this.owned('orders', user.id), (row) => ({
          id: row.id,
          date: row.created_at,
          method: row.method,
          status: row.status,
          amount: toMajor(row.amount),
          currency: row.currency,
          premium: row.pay_for_premium === 1,
          products: row.products,
          video_courses: row.video_courses,
          refunded: toMajor(row.card_refunded + row.hand_refunded),
        })),
    );
    yield* this.table(
      'referral-payouts',
      ['id', 'date', 'user', 'type', 'percent', 'amount', 'reversed', 'currency'],
      () =>
        collect(this.payouts(user.id), (row) => ({
          id: row.id,
          date: row.created_at,
          // The buyer as the profile shows them; nobody when they have deleted their account.
          user: row.buyer_deleted_at === null ? row.username : '',
          type: row.type,
          percent: row.percent,
          amount: toMajor(row.amount),
          reversed: toMajor(row.reversed_amount),
          currency: row.currency,
        })),
    );
    const totals = await this.db.kysely
      .selectFrom('trainer_totals')
      .select(['hands', 'correct', 'streak', 'best_streak', 'updated_at'])
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    yield { name: 'trainer/summary.json', data: [`${JSON.stringify(totals ?? null, null, 2)}\n`] };
    yield* this.table(
      'trainer/hands',
      ['chart_id', 'chart', 'hand', 'shown', 'missed', 'box', 'updated_at'],
      () => this.trainerCells(user.id),
    );
  }

  /** One list as `<name>.json` and `<name>.csv`; `rows` is read once for each. */
  private *table<T extends Record<string, CsvValue>>(
    name: string,
    header: ReadonlyArray<keyof T & string>,
    rows: () => AsyncIterable<T>,
  ): Generator<ZipEntry> {
    yield { name: `${name}.json`, data: jsonArray(rows()) };
    yield { name: `${name}.csv`, data: csvRows(header, rows()) };
  }

  /** Each category's place: the names of its folders from the top, then its own. */
  private async chartPaths(userId: number): Promise<Map<number, string[]>> {
    const rows = (await Promise.all(ROOTS.map((root) => listTreeRows(this.db, userId, root.type)))).flat();
    const byId = new Map(rows.map((row) => [row.id, row]));
    const paths = new Map<number, string[]>();
    const pathOf = (id: number, depth = 0): string[] => {
      const known = paths.get(id);
      if (known) return known;
      const row = byId.get(id);
      if (!row) return [];
      // Depth-capped: a parent loop (never written by the app) cannot recurse without end.
      const parent = row.parent_id === null || depth > 256 ? [] : pathOf(row.parent_id, depth + 1);
      const path = [...parent, row.name];
      paths.set(id, path);
      return path;
    };
    for (const row of rows) pathOf(row.id);
    return paths;
  }

  private charts(userId: number, rootType?: string): AsyncGenerator<CategoryRow> {
    return paged((after) => {
      let query = this.db.kysely
        .selectFrom('categories')
        .selectAll()
        .where('user_id', '=', userId)
        .where('id', '>', after);
      if (rootType) query = query.where('root_type', '=', rootType);
      return query.orderBy('id').limit(PAGE).execute();
    });
  }

  private chartJson(row: CategoryRow, paths: Map<number, string[]>) {
    const pairs = pairsWindow(parsePairs(row.pairs)).filter(
      (pair) => pair.colors.length > 0 || (pair.excluded?.length ?? 0) > 0,
    );
    return {
      id: row.id,
      root_type: row.root_type,
      kind: row.kind,
      name: row.name,
      path: paths.get(row.id) ?? [row.name],
      parent_id: row.parent_id,
      position: row.position,
      ready_made: Boolean(row.is_template),
      note: row.note,
      buttons: parseButtons(row.buttons),
      pairs,
      sides: parseSides(row.sides),
      workspace: opaqueJson(row.workspace),
      spot_ev: opaqueJson(row.spot_ev),
      revision: row.revision,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }

  /**
   * Every range of one tree as text: its path, then one line per colour (the buttons' order, then any other colour
   * painted) with the colour, its label and its hands in PokerStove notation (weights as `:0.5`, combos where the
   * suit editor left some out), which the app's import and other range tools read back; then the note.
   */
  private async *chartText(
    userId: number,
    rootType: string,
    title: string,
    paths: Map<number, string[]>,
  ): AsyncGenerator<string> {
    yield `${title}\n\n`;
    for await (const row of this.charts(userId, rootType)) {
      if (row.kind !== 'range') continue;
      const pairs = parsePairs(row.pairs);
      const buttons = parseButtons(row.buttons);
      const painted = new Set<string>();
      for (const cell of Object.values(pairs)) {
        const entries = Array.isArray(cell) ? cell : Array.isArray(cell.colors) ? cell.colors : [];
        for (const entry of entries) painted.add(String(entry.color).toUpperCase());
      }
      const colors = [
        ...buttons.map((button) => ({ color: button.color.toUpperCase(), label: button.label })),
        ...[...painted]
          .filter((color) => !buttons.some((button) => button.color.toUpperCase() === color))
          .sort()
          .map((color) => ({ color, label: '' })),
      ];
      let block = `${(paths.get(row.id) ?? [row.name]).join(' / ')}\n`;
      for (const { color, label } of colors) {
        const hands = chartText(pairs, [color]);
        if (hands) block += `  ${color}${label ? ` ${label}` : ''}: ${hands}\n`;
      }
      if (row.note) block += `  Note: ${row.note.replace(/\r?\n/g, '\n        ')}\n`;
      yield `${block}\n`;
    }
  }

  /** The account's rows of a table of its own (purchases, orders), by id, a page at a time. */
  private owned<T extends keyof OwnedRows>(table: T, userId: number): AsyncGenerator<OwnedRows[T]> {
    // Widened: Kysely builds one query over either table (a type parameter would split it into one per table).
    const name: keyof OwnedRows = table;
    return paged((after) =>
      this.db.kysely
        .selectFrom(name)
        .selectAll()
        .where('user_id', '=', userId)
        .where('id', '>', after)
        .orderBy('id')
        .limit(PAGE)
        .execute(),
    );
  }

  private payouts(userId: number) {
    return paged((after) =>
      this.db.kysely
        .selectFrom('referral_payments')
        .innerJoin('users', 'users.id', 'referral_payments.user_id')
        .selectAll('referral_payments')
        .select(['users.username as username', 'users.deleted_at as buyer_deleted_at'])
        .where('referral_payments.referrer_id', '=', userId)
        .where('referral_payments.id', '>', after)
        .orderBy('referral_payments.id')
        .limit(PAGE)
        .execute(),
    );
  }

  /** The trainer's record per chart and hand, a page at a time (keyed by chart and hand, not by an id). */
  private async *trainerCells(userId: number) {
    let after = { chart: 0, hand: '' };
    for (;;) {
      const rows = await this.db.kysely
        .selectFrom('trainer_cells')
        .innerJoin('categories', 'categories.id', 'trainer_cells.category_id')
        .select([
          'trainer_cells.category_id as chart_id',
          'categories.name as chart',
          'trainer_cells.hand',
          'trainer_cells.shown',
          'trainer_cells.missed',
          'trainer_cells.box',
          'trainer_cells.updated_at',
        ])
        .where('trainer_cells.user_id', '=', userId)
        .where('categories.user_id', '=', userId)
        .where((eb) =>
          eb.or([
            eb('trainer_cells.category_id', '>', after.chart),
            eb.and([
              eb('trainer_cells.category_id', '=', after.chart),
              eb('trainer_cells.hand', '>', after.hand),
            ]),
          ]),
        )
        .orderBy('trainer_cells.category_id')
        .orderBy('trainer_cells.hand')
        .limit(PAGE)
        .execute();
      for (const row of rows)
        yield { ...row, shown: Number(row.shown), missed: Number(row.missed), box: Number(row.box) };
      const last = rows.at(-1);
      if (!last || rows.length < PAGE) return;
      after = { chart: last.chart_id, hand: last.hand };
    }
  }
}
