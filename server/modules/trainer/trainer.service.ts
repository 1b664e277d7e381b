import type { RootType } from '../../../contract/categories.ts';
import type {
  TrainerAnswersBody,
  TrainerAnswersResult,
  TrainerChart,
  TrainerSummary,
} from '../../../contract/trainer.ts';
import { cellAnswer, comboClass, gradeAnswer } from '../../../contract/trainer-grading.ts';
import type { Db } from '../../db/database.ts';
import type { CategoryRow, UserRow } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { nowIso } from '../../lib/time.ts';
import {
  findCategory,
  findCategoryFast,
  listTreeRows,
  lockOwner,
} from '../categories/categories.repository.ts';
import { pairsWindow, parseButtons, parsePairs, type StoredPairs } from '../categories/pairs.ts';
import { parseSpotEv } from '../categories/spot-ev.ts';
import { chartActions, folderPath, stackDepth } from './chart-context.ts';
import { findTotals, listBoxes, listWeakest, recordCell, recordTotals } from './trainer.repository.ts';

const WEAKEST_SHOWN = 5;

/**
 * The trainer: deals from the player's own charts and grades answers against the stored chart. Every
 * chart in the player's library can be trained: the ones they made, the ones they accepted from others (accepting
 * copies them in) and the ones they bought (a bought pack's charts are copied in as read-only templates). Anything
 * else answers 404, exactly like a missing id, so nobody learns another player's chart by its id.
 */
export class TrainerService {
  constructor(private readonly db: Db) {}

  /** The caller's range by id: someone else's id is as missing as an unknown one; a folder cannot be trained. */
  private async trainable(user: UserRow, id: number): Promise<CategoryRow> {
    const row = await findCategoryFast(this.db, id);
    if (!row || row.user_id !== user.id) throw notFound();
    if (row.kind !== 'range') throw badRequest('notARange');
    return row;
  }

  async chart(user: UserRow, id: number): Promise<TrainerChart> {
    const row = await this.trainable(user, id);
    const path = folderPath(await listTreeRows(this.db, user.id, row.root_type), row.id);
    return {
      id: row.id,
      name: row.name,
      root_type: row.root_type as RootType,
      path,
      // Push/fold depth matters in tournaments; a cash chart's "100bb" folder is the default, not a spot.
      stack_bb: row.root_type === 'tournament_root' ? stackDepth(row.name, path) : null,
      actions: chartActions(parseButtons(row.buttons), parsePairs(row.pairs)),
      boxes: await listBoxes(this.db, user.id, row.id),
      cells: pairsWindow(parsePairs(row.pairs)).filter(
        (pair) => pair.colors.length > 0 || (pair.excluded?.length ?? 0) > 0,
      ),
      spot_ev: parseSpotEv(row.spot_ev),
    };
  }

  /**
   * Records a batch of answers in one transaction, each graded here against the stored chart (whatever the drill
   * showed). Every answer is checked before anything is written: a combo that names no hand or a folder id refuses
   * the whole batch (400). An answer on a chart that is not the caller's range (deleted meanwhile in another tab,
   * or someone else's id, which looks the same) is not counted and answers null. Under the owner's lock, as every
   * write to the library, so a chart deleted during the batch is either counted whole or not at all.
   */
  async answers(user: UserRow, body: TrainerAnswersBody): Promise<TrainerAnswersResult> {
    const graded = body.answers.map((answer) => {
      const hand = comboClass(answer.combo);
      if (!hand) throw badRequest('invalidCombo');
      return { answer, hand };
    });
    const charts = new Map<number, CategoryRow | null>();
    for (const id of new Set(body.answers.map((answer) => answer.category_id))) {
      const row = await findCategoryFast(this.db, id);
      const mine = row && row.user_id === user.id ? row : null;
      if (mine && mine.kind !== 'range') throw badRequest('notARange');
      charts.set(id, mine);
    }
    const now = nowIso();
    const results = await this.db.kysely.transaction().execute(async (trx) => {
      await lockOwner(trx, this.db.dialect, user.id);
      const live = new Map<number, StoredPairs>();
      for (const [id, row] of charts) {
        const current = row ? await findCategory(trx, id) : undefined;
        if (current) live.set(id, parsePairs(current.pairs));
      }
      const recorded: TrainerAnswersResult['results'] = [];
      for (const { answer, hand } of graded) {
        const pairs = live.get(answer.category_id);
        if (!pairs) {
          recorded.push(null);
          continue;
        }
        const grade = gradeAnswer(
          cellAnswer(hand, answer.combo, pairs[hand]),
          answer.color,
          answer.frequency,
        );
        const box = await recordCell(trx, {
          userId: user.id,
          categoryId: answer.category_id,
          hand,
          correct: grade.correct,
          now,
        });
        recorded.push({
          correct: grade.correct,
          hand,
          combo: answer.combo,
          colors: grade.colors,
          fold: grade.fold,
          chosen_weight: grade.chosenWeight,
          excluded: grade.excluded,
          box,
          ...(await recordTotals(trx, user.id, grade.correct, now)),
        });
      }
      return recorded;
    });
    return { results };
  }

  async summary(user: UserRow): Promise<TrainerSummary> {
    const totals = await findTotals(this.db, user.id);
    const hands = Number(totals?.hands ?? 0);
    const correct = Number(totals?.correct ?? 0);
    return {
      hands,
      correct,
      accuracy: hands > 0 ? correct / hands : 0,
      streak: Number(totals?.streak ?? 0),
      best_streak: Number(totals?.best_streak ?? 0),
      weakest: await listWeakest(this.db, user.id, WEAKEST_SHOWN),
    };
  }
}
