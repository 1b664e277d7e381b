import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

import { errorMessage } from '@/lib/error-message';
import type { TrainerAnswerResult, TrainerChart } from '@contract/trainer';

import { trainerApi } from './api';
import {
  type Deal,
  dealHand,
  EMPTY_SCORE,
  type Random,
  scoreAnswer,
  type SessionScore,
} from './trainer-rules';

export type DrillStatus = 'loading' | 'asking' | 'sending' | 'answered' | 'error';

export interface DrillState {
  status: DrillStatus;
  chart: TrainerChart | null;
  deal: Deal | null;
  /** The answer given to the current hand: a colour, or null for "not in the range". */
  chosen: { color: string | null; frequency?: number } | null;
  result: TrainerAnswerResult | null;
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

/**
 * One drill over a set of charts (one chart, or every chart of a folder): deals a hand from a chart picked at
 * random, sends the answer to the server for grading and keeps the session score. Each chart's context and boxes
 * load once; the box the server returns after an answer feeds the next deals, so a miss comes back sooner.
 */
export function useTrainerDrill(chartIds: readonly number[], random: Random) {
  const [state, setState] = useState<DrillState>(INITIAL);
  // answer() reads the latest state without being re-created on every change (keyboard handlers hold it). A layout
  // effect keeps it at the state on screen from the commit on: a key pressed the moment a hand shows answers it.
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  }, [state]);
  const charts = useRef(new Map<number, TrainerChart>());
  const idsKey = chartIds.join(',');
  // A newer deal or answer makes an older request's reply stale.
  const generation = useRef(0);

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
        // No hand is on the table: the retry deals again instead of re-sending the previous answer.
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
    const deal = dealHand(chart.boxes, random);
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

  const answer = useCallback(async (color: string | null, frequency?: number) => {
    const { chart, deal, status } = stateRef.current;
    if (!chart || !deal || (status !== 'asking' && status !== 'error')) return;
    const ticket = ++generation.current;
    const chosen = frequency === undefined ? { color } : { color, frequency };
    setState((current) => ({ ...current, status: 'sending', chosen, error: null }));
    try {
      const result = await trainerApi.answer({ category_id: chart.id, combo: deal.combo, ...chosen });
      if (ticket !== generation.current) return;
      // The next deals from this chart follow the class's new box.
      const updated = { ...chart, boxes: { ...chart.boxes, [result.hand]: result.box } };
      charts.current.set(chart.id, updated);
      setState((current) => ({
        ...current,
        status: 'answered',
        chart: updated,
        result,
        score: scoreAnswer(current.score, result.hand, result.correct),
      }));
    } catch (error) {
      if (ticket === generation.current)
        setState((current) => ({ ...current, status: 'error', error: errorMessage(error) }));
    }
  }, []);

  return { state, answer, next };
}
