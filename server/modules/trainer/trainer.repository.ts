import { sql } from 'kysely';

import { TRAINER_MAX_BOX, TRAINER_START_BOX } from '../../../contract/limits.ts';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../categories/categories.repository.ts';

/** Leitner box per hand class the player has answered on one chart. */
export async function listBoxes(db: Db, userId: number, categoryId: number): Promise<Record<string, number>> {
  const rows = await db.kysely
    .selectFrom('trainer_cells')
    .select(['hand', 'box'])
    .where('user_id', '=', userId)
    .where('category_id', '=', categoryId)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.hand, Number(row.box)]));
}

export interface CellRecord {
  userId: number;
  categoryId: number;
  hand: string;
  correct: boolean;
  now: string;
}

/**
 * Counts one answer for a class on a chart in one statement (so parallel answers never lose a count) and returns
 * the class's new box: a miss drops it to 0, a right answer moves it up one, at most TRAINER_MAX_BOX.
 */
export async function recordCell(db: Executor, record: CellRecord): Promise<number> {
  const firstBox = record.correct ? Math.min(TRAINER_START_BOX + 1, TRAINER_MAX_BOX) : 0;
  const row = await db
    .insertInto('trainer_cells')
    .values({
      user_id: record.userId,
      category_id: record.categoryId,
      hand: record.hand,
      shown: 1,
      missed: record.correct ? 0 : 1,
      box: firstBox,
      updated_at: record.now,
    })
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'category_id', 'hand']).doUpdateSet({
        shown: sql<number>`trainer_cells.shown + 1`,
        missed: record.correct ? sql<number>`trainer_cells.missed` : sql<number>`trainer_cells.missed + 1`,
        box: record.correct
          ? sql<number>`CASE WHEN trainer_cells.box >= ${TRAINER_MAX_BOX} THEN ${TRAINER_MAX_BOX} ELSE trainer_cells.box + 1 END`
          : sql<number>`0`,
        updated_at: record.now,
      }),
    )
    .returning('box')
    .executeTakeFirstOrThrow();
  return Number(row.box);
}

/** Counts one answer in the player's totals in one statement; returns the running and the best streak after it. */
export async function recordTotals(
  db: Executor,
  userId: number,
  correct: boolean,
  now: string,
): Promise<{ streak: number; best_streak: number }> {
  const hit = correct ? 1 : 0;
  const row = await db
    .insertInto('trainer_totals')
    .values({ user_id: userId, hands: 1, correct: hit, streak: hit, best_streak: hit, updated_at: now })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({
        hands: sql<number>`trainer_totals.hands + 1`,
        correct: sql<number>`trainer_totals.correct + ${hit}`,
        streak: correct ? sql<number>`trainer_totals.streak + 1` : sql<number>`0`,
        best_streak: correct
          ? sql<number>`CASE WHEN trainer_totals.streak + 1 > trainer_totals.best_streak THEN trainer_totals.streak + 1 ELSE trainer_totals.best_streak END`
          : sql<number>`trainer_totals.best_streak`,
        updated_at: now,
      }),
    )
    .returning(['streak', 'best_streak'])
    .executeTakeFirstOrThrow();
  return { streak: Number(row.streak), best_streak: Number(row.best_streak) };
}

export async function findTotals(db: Db, userId: number) {
  return db.kysely.selectFrom('trainer_totals').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** The classes the player misses most, by missed share then count, each with the chart it was missed on. */
export async function listWeakest(db: Db, userId: number, limit: number) {
  const rows = await db.kysely
    .selectFrom('trainer_cells')
    .innerJoin('categories', 'categories.id', 'trainer_cells.category_id')
    .select([
      'trainer_cells.category_id',
      'categories.name as category_name',
      'trainer_cells.hand',
      'trainer_cells.shown',
      'trainer_cells.missed',
    ])
    .where('trainer_cells.user_id', '=', userId)
    .where('categories.user_id', '=', userId)
    .where('trainer_cells.missed', '>', 0)
    .orderBy(sql`CAST(trainer_cells.missed AS REAL) / trainer_cells.shown`, 'desc')
    .orderBy('trainer_cells.missed', 'desc')
    .orderBy('trainer_cells.hand')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, shown: Number(row.shown), missed: Number(row.missed) }));
}
