import type { RootType } from '../../../contract/categories.ts';
import {
  TRAINER_ANSWERS_PER_MINUTE,
  type TrainerAnswerBody,
  type TrainerAnswerResult,
  type TrainerChart,
  type TrainerSummary,
} from '../../../contract/trainer.ts';
import type { Db } from '../../db/database.ts';
import type { CategoryRow, UserRow } from '../../db/schema.ts';
import type { CounterStore } from '../../lib/counters.ts';
import { badRequest, notFound, tooManyRequests } from '../../lib/http-error.ts';
import { type Clock, nowIso } from '../../lib/time.ts';
import {
  findCategory,
  findCategoryFast,
  listTreeRows,
  lockOwner,
} from '../categories/categories.repository.ts';
import { parseButtons, parsePairs } from '../categories/pairs.ts';
import { chartActions, folderPath, stackDepth } from './chart-context.ts';
import { cellAnswer, comboClass, gradeAnswer } from './grading.ts';
import { findTotals, listBoxes, listWeakest, recordCell, recordTotals } from './trainer.repository.ts';

const WINDOW_MS = 60_000;
const WEAKEST_SHOWN = 5;

/**
 * The trainer: deals from the player's own charts and grades answers against the stored chart. Every
 * chart in the player's library can be trained: the ones they made, the ones they accepted from others (accepting
 * copies them in) and the ones they bought (a bought pack's charts are copied in as read-only templates). Anything
 * else answers 404, exactly like a missing id, so nobody learns another player's chart by its id.
 */
export class TrainerService {
  constructor(
    private readonly db: Db,
    private readonly counters: CounterStore,
    private readonly clock: Clock,
  ) {}

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
    };
  }

  /** Answers per user and minute are capped before any work, so a flood costs one counter hit per request. */
  private async checkRate(user: UserRow): Promise<void> {
    const now = this.clock.now();
    const state = await this.counters.hit(`trainer:${user.id}`, WINDOW_MS, now);
    if (state.count > TRAINER_ANSWERS_PER_MINUTE) {
      throw tooManyRequests('tooManyRequests', (state.resetAt - now) / 1000);
    }
  }

  async answer(user: UserRow, body: TrainerAnswerBody): Promise<TrainerAnswerResult> {
    await this.checkRate(user);
    const hand = comboClass(body.combo);
    if (!hand) throw badRequest('invalidCombo');
    const row = await this.trainable(user, body.category_id);
    const grade = gradeAnswer(
      cellAnswer(hand, body.combo, parsePairs(row.pairs)[hand]),
      body.color,
      body.frequency,
    );
    const now = nowIso();
    const counted = await this.db.kysely.transaction().execute(async (trx) => {
      // Under the owner's lock, as every write to the library: a chart deleted meanwhile (another tab) is 404 here.
      await lockOwner(trx, this.db.dialect, user.id);
      if (!(await findCategory(trx, row.id))) throw notFound();
      const box = await recordCell(trx, {
        userId: user.id,
        categoryId: row.id,
        hand,
        correct: grade.correct,
        now,
      });
      return { box, ...(await recordTotals(trx, user.id, grade.correct, now)) };
    });
    return {
      correct: grade.correct,
      hand,
      combo: body.combo,
      colors: grade.colors,
      fold: grade.fold,
      chosen_weight: grade.chosenWeight,
      excluded: grade.excluded,
      ...counted,
    };
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
