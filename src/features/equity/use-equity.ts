// The quick equity calculator: a thin feature hook over the engine's job layer (src/engine/latest-job.ts). Every
// change of the typed ranges or board starts a new job at once and aborts the superseded one.
import { getEngineClient } from '@/engine/engine-instance';
import type { EquityReport, HandCategory } from '@/engine/engine-types';
import { useLatestJob } from '@/engine/use-latest-job';
import { useAtomValue, useSetAtom } from '@/lib/store';
import { parseCards } from '@contract/hands';

import {
  boardTextAtom,
  equityReportAtom,
  equityStatusAtom,
  heroHandAtom,
  heroRangeTextAtom,
  villainRangeTextAtom,
} from './atoms';

/** A hero "range" that is one exact hand ("AhKh"), for which the made hand on the board can be named. */
const isSingleHand = (text: string) => parseCards(text)?.length === 2;

interface CalculatorResult {
  report: EquityReport;
  heroHand: HandCategory | null;
}

/** Keeps `equityReportAtom`, `heroHandAtom` and `equityStatusAtom` up to date with the calculator's inputs. */
export function useEquityCalculation() {
  const heroText = useAtomValue(heroRangeTextAtom);
  const villainText = useAtomValue(villainRangeTextAtom);
  const board = useAtomValue(boardTextAtom);
  const setStatus = useSetAtom(equityStatusAtom);
  const setReport = useSetAtom(equityReportAtom);
  const setHeroHand = useSetAtom(heroHandAtom);

  useLatestJob<CalculatorResult>(
    [heroText, villainText, board],
    () =>
      async ({ signal, progress }) => {
        const engine = getEngineClient();
        try {
          const [hero, villain] = await Promise.all([
            engine.parseRange(heroText, { signal }),
            engine.parseRange(villainText, { signal }),
          ]);
          const [report, heroHand] = await Promise.all([
            engine.equity({ hero, villain, board }, { signal, onProgress: progress }),
            isSingleHand(heroText) && (parseCards(board)?.length ?? 0) >= 3
              ? engine.rankHand(`${heroText} ${board}`, { signal }).then((rank) => rank.category)
              : Promise.resolve(null),
          ]);
          return { report, heroHand };
        } catch (error) {
          // A failed job leaves no stale figures behind (a superseded one keeps them for its successor).
          if (!signal.aborted) {
            setReport(null);
            setHeroHand(null);
          }
          throw error;
        }
      },
    setStatus,
    ({ report, heroHand }) => {
      setReport(report);
      setHeroHand(heroHand);
    },
  );
}
