import { useEffect } from 'react';

import { getEngineClient } from '@/engine/engine-instance';
import { useAtomValue, useSetAtom } from '@/lib/store';

import {
  boardTextAtom,
  equityReportAtom,
  equityStatusAtom,
  heroHandAtom,
  heroRangeTextAtom,
  villainRangeTextAtom,
} from './atoms';

/** Pause after the last keystroke before recomputing, so typing a range does not start a job per letter. */
const INPUT_SETTLE_MS = 250;

const cardCount = (board: string) => board.replace(/[\s,]/g, '').replace(/10/g, 'T').length / 2;
/** A hero "range" that is one exact hand ("AhKh"), for which the made hand on the board can be named. */
const isSingleHand = (text: string) => /^\s*(?:(?:10|[2-9tjqka])[cdhs]){2}\s*$/i.test(text);

/**
 * Recomputes exact equity whenever the inputs change. A newer input aborts the running job (the pool drops its
 * queued shards), so the page never waits for a superseded result.
 */
export function useEquityCalculation() {
  const heroText = useAtomValue(heroRangeTextAtom);
  const villainText = useAtomValue(villainRangeTextAtom);
  const board = useAtomValue(boardTextAtom);
  const setStatus = useSetAtom(equityStatusAtom);
  const setReport = useSetAtom(equityReportAtom);
  const setHeroHand = useSetAtom(heroHandAtom);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const timer = setTimeout(async () => {
      const engine = getEngineClient();
      const started = performance.now();
      setStatus({ state: 'running', progress: 0 });
      try {
        const [hero, villain] = await Promise.all([
          engine.parseRange(heroText, { signal }),
          engine.parseRange(villainText, { signal }),
        ]);
        const report = await engine.equity(
          { hero, villain, board },
          { signal, onProgress: (progress) => !signal.aborted && setStatus({ state: 'running', progress }) },
        );
        const heroHand =
          isSingleHand(heroText) && cardCount(board) >= 3
            ? (await engine.rankHand(`${heroText} ${board}`, { signal })).category
            : null;
        if (signal.aborted) return;
        setReport(report);
        setHeroHand(heroHand);
        setStatus({ state: 'done', ms: performance.now() - started });
      } catch (error) {
        if (signal.aborted) return;
        setReport(null);
        setHeroHand(null);
        setStatus({ state: 'error', message: (error as Error).message });
      }
    }, INPUT_SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [heroText, villainText, board, setStatus, setReport, setHeroHand]);
}
