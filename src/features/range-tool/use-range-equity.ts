import { useEffect } from 'react';

import { getEngineClient } from '@/engine/engine-instance';
import { useAtomValue, useSetAtom } from '@/lib/store';

import {
  boardCardsAtom,
  calcErrorAtom,
  calcLoadingAtom,
  calcProgressAtom,
  comboExclusionsAtom,
  equityResultAtom,
  heroColorsAtom,
  holeCardsAtom,
  rangePairsAtom,
  villainColorsAtom,
} from './atoms';
import { applyExclusions, handRange } from './combos';
import { cardsText, clearStatistics, type HandEquity, resultFromReport } from './equity-rules';
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
  const setResult = useSetAtom(equityResultAtom);
  const setLoading = useSetAtom(calcLoadingAtom);
  const setProgress = useSetAtom(calcProgressAtom);
  const setError = useSetAtom(calcErrorAtom);

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
      return undefined;
    }
    const timer = setTimeout(async () => {
      const engine = getEngineClient();
      const boardText = cardsText(board);
      setLoading(true);
      setProgress(0);
      try {
        const villain = applyExclusions(
          await engine.classWeightsToRange(villainGrid, { signal }),
          exclusions,
        );
        const hero = isEmpty(heroGrid)
          ? hand!
          : applyExclusions(await engine.classWeightsToRange(heroGrid, { signal }), exclusions);
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
    setResult,
    setLoading,
    setProgress,
    setError,
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
