import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

import type { EquitySide, LegacyRangeSides, RangeSides } from '../../../contract/categories.ts';
import { isLegacySides, sideSource, upgradeSides } from '../../../contract/sides.ts';

/** Rows rewritten per statement batch, so a large library migrates in bounded memory. */
const BATCH = 500;

type Row = { id: number; sides: string | null };

async function rewrite(db: Kysely<unknown>, convert: (value: unknown) => unknown | undefined) {
  let after = 0;
  for (;;) {
    const { rows } = await sql<Row>`SELECT id, sides FROM categories
      WHERE sides IS NOT NULL AND id > ${after} ORDER BY id LIMIT ${BATCH}`.execute(db);
    if (!rows.length) return;
    for (const row of rows) {
      let value: unknown;
      try {
        value = JSON.parse(row.sides as string);
      } catch {
        continue;
      }
      const next = convert(value);
      if (next !== undefined)
        await sql`UPDATE categories SET sides = ${JSON.stringify(next)} WHERE id = ${row.id}`.execute(db);
    }
    after = rows[rows.length - 1]!.id;
  }
}

const isSides = (value: unknown): value is RangeSides | LegacyRangeSides =>
  typeof value === 'object' && value !== null && 'hero' in value && 'villain' in value;

/**
 * Sides became independent of the chart's colours: each names its source (colours of the range, another chart,
 * text, hole cards; contract/sides.ts). The hero and villain colour lists saved before become colour sides of the
 * same range, so every range plays exactly what it played before. The server still reads the old shape (held edits
 * of open pages send it), but stored rows are rewritten so equal content compares equal.
 * Down: colour sides go back to colour lists; a side of another source had no old form and becomes no colours.
 */
export const independentSidesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await rewrite(db, (value) => (isSides(value) && isLegacySides(value) ? upgradeSides(value) : undefined));
  },
  async down(db: Kysely<unknown>) {
    const colors = (side: EquitySide) => (sideSource(side) === 'colors' ? (side.colors ?? []) : []);
    await rewrite(db, (value) =>
      isSides(value) && !isLegacySides(value)
        ? { hero: colors(value.hero), villain: colors(value.villain) }
        : undefined,
    );
  },
};
