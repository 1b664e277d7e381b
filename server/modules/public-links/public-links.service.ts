import sharp from 'sharp';

import type { RootType } from '../../../contract/categories.ts';
import { chartSvg } from '../../../contract/chart-svg.ts';
import { chartComboCounts } from '../../../contract/hands.ts';
import { PUBLIC_LINK_ID_PATTERN, PUBLIC_LINKS_MAX } from '../../../contract/limits.ts';
import type { PublicChart, PublicLink } from '../../../contract/public-links.ts';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { randomToken } from '../../lib/crypto.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error.ts';
import type { Clock } from '../../lib/time.ts';
import { findCategory, lockOwner } from '../categories/categories.repository.ts';
import { pairsWindow, parseButtons, parsePairs, type StoredPairs } from '../categories/pairs.ts';
import { combosText, sharedBy } from './picture-words.ts';
import {
  countLiveLinks,
  findLiveLinkOf,
  findPublished,
  insertLink,
  listLiveLinks,
  type PublishedChart,
  revokeLink,
} from './public-links.repository.ts';

/** Pictures kept rendered (a few tens of KB each): a link pasted in a busy chat is fetched by many clients at once. */
const PICTURE_CACHE_SIZE = 64;
const LINK_ID = new RegExp(PUBLIC_LINK_ID_PATTERN);

/** A stored chart as the picture reads it: hand → entries, hand → left-out combos. */
function pictureChart(stored: StoredPairs) {
  const pairs: Record<string, Array<{ color: string; weight: number }>> = {};
  const exclusions: Record<string, string[]> = {};
  for (const pair of pairsWindow(stored)) {
    if (pair.colors.length > 0) pairs[pair.hand] = pair.colors;
    if (pair.excluded?.length) exclusions[pair.hand] = pair.excluded;
  }
  return { pairs, exclusions };
}

/**
 * Read-only links to charts: the owner publishes one (a random 128-bit id, one live link per chart, at most
 * PUBLIC_LINKS_MAX live per player), lists and revokes them; anyone holding a live link reads the chart as it is now
 * (the link is live, not a snapshot) and its picture. Ready-made strategies are never published; an unknown, revoked
 * or malformed id is answered like a missing page, with nothing to tell them apart.
 */
export class PublicLinksService {
  private readonly pictures = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The chart's live link, made now unless it has one. 404 for another's chart, 403 for a ready-made strategy. */
  async publish(user: UserRow, categoryId: number): Promise<PublicLink> {
    return this.db.kysely.transaction().execute(async (trx) => {
      // The owner's lock: two publishes at once make one link, and the count below stays true.
      await lockOwner(trx, this.db.dialect, user.id);
      const chart = await findCategory(trx, categoryId);
      if (!chart || chart.user_id !== user.id) throw notFound();
      if (chart.is_template) throw new HttpError(403, 'publicLinkTemplate');
      if (chart.kind !== 'range') throw badRequest('publicLinkNotARange');
      const view = { name: chart.name, root_type: chart.root_type as RootType, category_id: chart.id };
      const live = await findLiveLinkOf(trx, chart.id);
      if (live) return { id: live.id, created_at: live.created_at, ...view };
      if ((await countLiveLinks(trx, user.id)) >= PUBLIC_LINKS_MAX) throw conflict('publicLinksLimit');
      const link = {
        id: randomToken(16),
        category_id: chart.id,
        user_id: user.id,
        created_at: new Date(this.clock.now()).toISOString(),
        revoked_at: null,
      };
      await insertLink(trx, link);
      return { id: link.id, created_at: link.created_at, ...view };
    });
  }

  async list(user: UserRow): Promise<PublicLink[]> {
    const rows = await listLiveLinks(this.db, user.id);
    return rows.map((row) => ({ ...row, root_type: row.root_type as RootType }));
  }

  /** Revokes one of the caller's live links; anything else (another's, unknown, already revoked) is 404. */
  async revoke(user: UserRow, id: string): Promise<void> {
    const revoked = await revokeLink(this.db, user.id, id, new Date(this.clock.now()).toISOString());
    if (!revoked) throw notFound();
  }

  /** The live link `id` with its chart and owner, or 404 whatever is wrong with it. */
  async published(id: string): Promise<PublishedChart> {
    const found = LINK_ID.test(id) ? await findPublished(this.db, id) : undefined;
    if (!found) throw notFound();
    return found;
  }

  /** The chart behind a live link, as the public page shows it. */
  async chart(id: string): Promise<PublicChart> {
    const { link, chart, owner } = await this.published(id);
    return {
      id: link.id,
      name: chart.name,
      note: chart.note,
      root_type: chart.root_type as RootType,
      buttons: parseButtons(chart.buttons),
      pairs: pairsWindow(parsePairs(chart.pairs)),
      owner: owner.username,
      published_at: link.created_at,
      updated_at: chart.updated_at,
      revision: chart.revision,
    };
  }

  /** What chat apps show of a link: the chart's name, a line about it and its picture's size. */
  async preview(id: string) {
    const published = await this.published(id);
    const { chart, owner } = published;
    const { pairs, exclusions } = pictureChart(parsePairs(chart.pairs));
    const buttons = parseButtons(chart.buttons);
    const svg = this.svg(published);
    const size = /width="(\d+)" height="(\d+)"/.exec(svg);
    const labels = buttons.map((button) => button.label.trim()).filter(Boolean);
    const total = chartComboCounts(pairs, exclusions).total;
    return {
      title: chart.name,
      description: [
        combosText(owner.language, total),
        labels.join(' / '),
        sharedBy(owner.language, owner.username),
      ]
        .filter(Boolean)
        .join(' · '),
      revision: chart.revision,
      width: Number(size?.[1] ?? 1080),
      height: Number(size?.[2] ?? 1080),
    };
  }

  /** The chart's picture in its owner's language, as the SPA downloads it. */
  private svg({ chart, owner }: PublishedChart): string {
    const { pairs, exclusions } = pictureChart(parsePairs(chart.pairs));
    return chartSvg(
      { name: chart.name, buttons: parseButtons(chart.buttons), pairs, exclusions },
      {
        total: (combos) => combosText(owner.language, combos),
        action: (combos) => combosText(owner.language, combos),
        footer: `RangeForge · ${sharedBy(owner.language, owner.username)}`,
      },
      { theme: 'dark' },
    );
  }

  /**
   * The chart's picture as PNG, rendered from the SVG by sharp and kept per link and revision, so a link pasted in
   * a busy chat is rendered once per edit of its chart.
   */
  async picture(id: string): Promise<Buffer> {
    const published = await this.published(id);
    const key = `${published.link.id}:${published.chart.revision}:${published.owner.language}`;
    let png = this.pictures.get(key);
    if (!png) {
      png = sharp(Buffer.from(this.svg(published)))
        .png({ compressionLevel: 9 })
        .toBuffer();
      png.catch(() => this.pictures.delete(key));
      this.pictures.set(key, png);
      while (this.pictures.size > PICTURE_CACHE_SIZE) {
        const oldest = this.pictures.keys().next().value;
        if (oldest === undefined) break;
        this.pictures.delete(oldest);
      }
    }
    return png;
  }
}
