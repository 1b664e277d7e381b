import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

import { errorMessage } from '@/lib/error-message';
import type { Pair } from '@contract/categories';
import { TRAINER_MAX_BOX, TRAINER_START_BOX } from '@contract/limits';
import type { TrainerAnswerResult, TrainerChart } from '@contract/trainer';
import { cellAnswer, gradeAnswer } from '@contract/trainer-grading';

import { AnswerQueue, type QueueState } from './answer-queue';
import { trainerApi } from './api';
import type { DealMode } from './deal-weights';
import {
  type Deal,
  dealHand,
  EMPTY_SCORE,
  type Random,
  scoreAnswer,
  type SessionScore,
} from './trainer-rules';

export type DrillStatus = 'loading' | 'asking' | 'answered' | 'error';

/** The verdict on one answer, graded on the page by the rule the server records it with. */
export type DrillResult = Omit<TrainerAnswerResult, 'box' | 'streak' | 'best_streak'>;

export interface DrillState {
  status: DrillStatus;
  chart: TrainerChart | null;
  deal: Deal | null;
  /** The answer given to the current hand: a colour, or null for "not in the range". */
  chosen: { color: string | null; frequency?: number } | null;
  result: DrillResult | null;
  error: string | null;
  score: SessionScore;
}

const INITIAL: DrillState = {
  status: 'loading',
  chart: null,
  deal: null,
  chosen: null,
  result: null,
  error: null,
  score: EMPTY_SCORE,
};

const ALL_SAVED: QueueState = { unsaved: 0, retrying: false, dropped: null };

/** The class's Leitner box after an answer, by the server's rule (contract/limits.ts): a miss to 0, right one up. */
const nextBox = (box: number | undefined, correct: boolean) =>
  correct ? Math.min(TRAINER_MAX_BOX, (box ?? TRAINER_START_BOX) + 1) : 0;

const cellsByHand = new WeakMap<readonly Pair[], Map<string, Pair>>();
function cellOf(chart: TrainerChart, hand: string): Pair | undefined {
  let byHand = cellsByHand.get(chart.cells);
  if (!byHand) {
    byHand = new Map(chart.cells.map((cell) => [cell.hand, cell]));
    cellsByHand.set(chart.cells, byHand);
  }
  return byHand.get(hand);
}

/**
 * One drill over a set of charts (one chart, or every chart of a folder): deals a hand from a chart picked at
 * random, by `mode` (deal-weights.ts), grades the answer on the page at once and keeps the session score. The
 * answers go to the server in batches (answer-queue.ts), which records them with its own grading; each chart's
 * context, cells and boxes load once, and the boxes follow the answers, so a miss comes back sooner.
 */
export function useTrainerDrill(chartIds: readonly number[], random: Random, mode: DealMode = 'teaching') {
  const [state, setState] = useState<DrillState>(INITIAL);
  const [saving, setSaving] = useState<QueueState>(ALL_SAVED);
  // answer() reads the latest state without being re-created on every change (keyboard handlers hold it). A layout
  // effect keeps it at the state on screen from the commit on: a key pressed the moment a hand shows answers it.
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  }, [state]);
  const modeRef = useRef(mode);
  useLayoutEffect(() => {
    modeRef.current = mode;
  }, [mode]);
  const charts = useRef(new Map<number, TrainerChart>());
  const idsKey = chartIds.join(',');
  // A newer deal makes an older chart load stale.
  const generation = useRef(0);
  const queue = useRef<AnswerQueue | null>(null);

  // One queue per mounted drill; leaving (another page, another selection) sends what waits. A hidden tab may be
  // closed or frozen next, so what waits goes then too.
  useEffect(() => {
    const current = new AnswerQueue(
      (answers, options) => trainerApi.answers(answers, options),
      (next) => setSaving(next),
    );
    queue.current = current;
    const hide = () => {
      if (document.visibilityState === 'hidden') current.hide();
    };
    const pagehide = () => current.hide();
    document.addEventListener('visibilitychange', hide);
    window.addEventListener('pagehide', pagehide);
    return () => {
      document.removeEventListener('visibilitychange', hide);
      window.removeEventListener('pagehide', pagehide);
      current.leave();
    };
  }, []);

  const next = useCallback(async () => {
    const ids = idsKey.split(',').map(Number).filter(Boolean);
    if (ids.length === 0) return;
    const ticket = ++generation.current;
    const id = ids[Math.floor(random() * ids.length)]!;
    let chart = charts.current.get(id);
    if (!chart) {
      if (stateRef.current.status !== 'loading')
        setState((current) => ({ ...current, status: 'loading', error: null }));
      try {
        chart = await trainerApi.chart(id);
      } catch (error) {
        if (ticket === generation.current)
          setState((current) => ({
            ...current,
            status: 'error',
            deal: null,
            chosen: null,
            result: null,
            error: errorMessage(error),
          }));
        return;
      }
      charts.current.set(id, chart);
    }
    if (ticket !== generation.current) return;
    const deal = dealHand(chart, random, modeRef.current);
    setState((current) => ({
      ...current,
      status: 'asking',
      chart,
      deal,
      chosen: null,
      result: null,
      error: null,
    }));
  }, [idsKey, random]);

  // The drill is keyed by its charts (a new selection mounts a new drill), so this runs once per drill.
  useEffect(() => {
    void next();
  }, [next]);

  const answer = useCallback((color: string | null, frequency?: number) => {
    const { chart, deal, status } = stateRef.current;
    if (!chart || !deal || status !== 'asking') return;
    const chosen = frequency === undefined ? { color } : { color, frequency };
    const grade = gradeAnswer(cellAnswer(deal.hand, deal.combo, cellOf(chart, deal.hand)), color, frequency);
    const result: DrillResult = {
      correct: grade.correct,
      hand: deal.hand,
      combo: deal.combo,
      colors: grade.colors,
      fold: grade.fold,
      chosen_weight: grade.chosenWeight,
      excluded: grade.excluded,
    };
    // The next deals from this chart follow the class's new box.
    const updated = {
      ...chart,
      boxes: { ...chart.boxes, [deal.hand]: nextBox(chart.boxes[deal.hand], grade.correct) },
    };
    charts.current.set(chart.id, updated);
    const answered: DrillState = {
      ...stateRef.current,
      status: 'answered',
      chart: updated,
      chosen,
      result,
      score: scoreAnswer(stateRef.current.score, deal.hand, grade.correct),
    };
    // Kept at once, so a second key before the next render does not answer the same hand twice.
    stateRef.current = answered;
    setState(answered);
    queue.current?.add({ category_id: chart.id, combo: deal.combo, ...chosen });
  }, []);

  const retrySaving = useCallback(() => void queue.current?.flush(), []);

  return { state, saving, answer, next, retrySaving };
}
