import { useEffect } from 'react';

import { combineSnapshots, type EngineClient } from '@/engine/engine.client';
import { getEngineClient } from '@/engine/engine-instance';
import { useAtomValue, useSetAtom } from '@/lib/store';

import {
  boardCardsAtom,
  calcErrorAtom,
  calcLoadingAtom,
  calcProgressAtom,
  comboExclusionsAtom,
  equityMethodAtom,
  equityResultAtom,
  heroColorsAtom,
  holeCardsAtom,
  monteCarloLiveAtom,
  rangePairsAtom,
  villainColorsAtom,
} from './atoms';
import { applyExclusions, handRange } from './combos';
import {
  cardsText,
  clearStatistics,
  type HandEquity,
  MONTE_CARLO_ROUND_MS,
  MONTE_CARLO_TARGET_STD_ERROR,
  MONTE_CARLO_TIME_BUDGET_MS,
  monteCarloDone,
  monteCarloProgress,
  type MonteCarloRun,
  resultFromMonteCarlo,
  resultFromReport,
  stepProgress,
} from './equity-rules';
import { classWeights, isBoardComplete } from './range-rules';

/**
 * Short pause after the last change: a drag across a row starts one job at its end instead of one per cell, and
 * each newer change aborts the running job, so the page never waits on a superseded result.
 */
export const PAINT_SETTLE_MS = 60;

const isEmpty = (grid: Float32Array) => grid.every((weight) => weight === 0);

/** Recomputes range equity, hand equity, categories and next cards whenever the chart, colours or cards change. */
export function useRangeEquity() {
  const pairs = useAtomValue(rangePairsAtom);
  const heroColors = useAtomValue(heroColorsAtom);
  const villainColors = useAtomValue(villainColorsAtom);
  const board = useAtomValue(boardCardsAtom);
  const hole = useAtomValue(holeCardsAtom);
  const exclusions = useAtomValue(comboExclusionsAtom);
  const method = useAtomValue(equityMethodAtom);
  const setResult = useSetAtom(equityResultAtom);
  const setLoading = useSetAtom(calcLoadingAtom);
  const setProgress = useSetAtom(calcProgressAtom);
  const setError = useSetAtom(calcErrorAtom);
  const setLive = useSetAtom(monteCarloLiveAtom);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const heroGrid = classWeights(pairs, heroColors);
    const villainGrid = classWeights(pairs, villainColors);
    const hand = hole.length === 2 ? handRange(hole) : null;
    if (!isBoardComplete(board.length) || isEmpty(villainGrid) || (isEmpty(heroGrid) && !hand)) {
      setResult(clearStatistics());
      setLoading(false);
      setError(null);
      setLive(null);
      return undefined;
    }
    const timer = setTimeout(async () => {
      const engine = getEngineClient();
      const boardText = cardsText(board);
      setLoading(true);
      setProgress(0);
      setLive(null);
      try {
        const villain = applyExclusions(
          await engine.classWeightsToRange(villainGrid, { signal }),
          exclusions,
        );
        const hero = isEmpty(heroGrid)
          ? hand!
          : applyExclusions(await engine.classWeightsToRange(heroGrid, { signal }), exclusions);
        if (method === 'monte-carlo') {
          // Without a hero range the hand is the hero: one run gives both figures.
          const handOnly = isEmpty(heroGrid);
          const steps = hand && !handOnly ? 2 : 1;
          const live = (step: number) => ({
            signal,
            onProgress: (fraction: number) => {
              if (!signal.aborted) setProgress(stepProgress(step, steps, fraction));
            },
            onLive: (run: MonteCarloRun, fraction: number) => {
              if (signal.aborted) return;
              setLive({ samples: run.samples, stdError: run.stdError });
              setProgress(stepProgress(step, steps, fraction));
            },
          });
          const range = await monteCarloEquity(engine, [hero, villain], boardText, live(0));
          const handRun =
            hand && !handOnly ? await monteCarloEquity(engine, [hand, villain], boardText, live(1)) : null;
          const [statistics, category] = await Promise.all([
            board.length >= 3 ? engine.handCategories(hero, boardText, '', { signal }) : Promise.resolve([]),
            hand && boardText.length >= 6
              ? engine.rankHand(`${cardsText(hole)}${boardText}`, { signal }).then((rank) => rank.category)
              : Promise.resolve(null),
          ]);
          if (signal.aborted) return;
          setResult(
            resultFromMonteCarlo(
              range,
              statistics,
              hand ? { run: handRun ?? range, cards: hole, category } : null,
            ),
          );
          setError(null);
          setLoading(false);
          setLive(null);
          return;
        }
        const onProgress = (fraction: number) => !signal.aborted && setProgress(fraction);
        const [report, statistics, handEquity] = await Promise.all([
          engine.equity({ hero, villain, board: boardText }, { signal, onProgress }),
          board.length >= 3 ? engine.handCategories(hero, boardText, '', { signal }) : Promise.resolve([]),
          hand ? handVsRange(hand, villain, hole, boardText, signal) : Promise.resolve(null),
        ]);
        if (signal.aborted) return;
        setResult(resultFromReport(report, statistics, handEquity));
        setError(null);
        setLoading(false);
      } catch (error) {
        if (signal.aborted || (error instanceof DOMException && error.name === 'AbortError')) return;
        setResult(clearStatistics());
        setError(error instanceof Error ? error.message : String(error));
        setLoading(false);
        setLive(null);
      }
    }, PAINT_SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [
    pairs,
    heroColors,
    villainColors,
    board,
    hole,
    exclusions,
    method,
    setResult,
    setLoading,
    setProgress,
    setError,
    setLive,
  ]);
}

async function handVsRange(
  hand: Float32Array,
  villain: Float32Array,
  cards: string[],
  board: string,
  signal: AbortSignal,
): Promise<HandEquity> {
  const engine = getEngineClient();
  const report = await engine.equity({ hero: hand, villain, board }, { signal });
  const category =
    board.length >= 6 ? (await engine.rankHand(`${cardsText(cards)}${board}`, { signal })).category : null;
  return { cards, equity: report.hero.equity, category };
}

/**
 * Monte Carlo equity of `ranges` on every engine worker, in short rounds with their own seeds, pooled after each
 * round so the samples and the standard error can be shown while it runs. Stops at the target standard error or
 * the time budget; an aborted signal rejects with an AbortError, as the engine does.
 */
async function monteCarloEquity(
  engine: EngineClient,
  ranges: Float32Array[],
  board: string,
  {
    signal,
    onProgress,
    onLive,
  }: {
    signal: AbortSignal;
    onProgress: (fraction: number) => void;
    onLive: (run: MonteCarloRun, fraction: number) => void;
  },
): Promise<MonteCarloRun> {
  const started = Date.now();
  const rounds: MonteCarloRun[] = [];
  let pooled: MonteCarloRun = { results: [], stdError: Infinity, samples: 0 };
  for (let round = 0; !monteCarloDone(Date.now() - started, pooled.stdError); round += 1) {
    const elapsed = Date.now() - started;
    const before = pooled;
    const run = await engine.multiway(ranges, board, '', {
      forceMonteCarlo: true,
      targetStdError: MONTE_CARLO_TARGET_STD_ERROR,
      timeBudgetMs: Math.max(1, Math.min(MONTE_CARLO_ROUND_MS, MONTE_CARLO_TIME_BUDGET_MS - elapsed)),
      seed: 0x5eed + round * 104_729,
      signal,
      onProgress: () => onProgress(monteCarloProgress(Date.now() - started, before.stdError)),
    });
    rounds.push(run);
    pooled = combineSnapshots(rounds);
    onLive(pooled, monteCarloProgress(Date.now() - started, pooled.stdError));
  }
  return pooled;
}
