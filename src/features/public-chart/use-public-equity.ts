import { useEffect, useState } from 'react';

import { getEngineClient } from '@/engine/engine-instance';
import type { EquityReport } from '@/engine/engine-types';
import type { EquitySide, Pair } from '@contract/categories';
import { parseCards } from '@contract/hands';

import { type SideGap, sideRange } from './public-sides';

/** Typing settles for this long before a job starts: a range is not computed letter by letter. */
const SETTLE_MS = 250;

export type BoardProblem = 'boardCards' | 'boardSize';

export type PublicEquity =
  | { status: 'waiting'; gap: SideGap | BoardProblem; side?: 'hero' | 'villain' }
  | { status: 'running' }
  | { status: 'done'; report: EquityReport }
  | { status: 'failed'; message: string };

/** A board typed as "Kh9d4c" (or "10h 9d 4c"): its cards, or why it is none (0, 3, 4 or 5 distinct cards). */
export function readBoard(text: string): { cards: string } | { problem: BoardProblem } {
  if (!text.trim()) return { cards: '' };
  const cards = parseCards(text);
  if (!cards) return { problem: 'boardCards' };
  if (![3, 4, 5].includes(cards.length)) return { problem: 'boardSize' };
  return { cards: text.replace(/[\s,]/g, '').replace(/10/g, 'T') };
}

/**
 * Heads-up equity of the public page's two players on a board, exact, in the engine's workers: started a moment
 * after the last change, the job before aborted. Until both players have a range and the board reads, it says what
 * is missing.
 */
export function usePublicEquity(
  pairs: readonly Pair[],
  hero: EquitySide,
  villain: EquitySide,
  boardText: string,
): PublicEquity {
  const [state, setState] = useState<PublicEquity>({ status: 'running' });
  const key = JSON.stringify([hero, villain, boardText]);
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const board = readBoard(boardText);
      if ('problem' in board) return setState({ status: 'waiting', gap: board.problem });
      const engine = getEngineClient();
      const parse = (text: string) => engine.parseRange(text, { signal: controller.signal });
      try {
        const heroRange = await sideRange(hero, pairs, parse);
        if (typeof heroRange === 'string')
          return setState({ status: 'waiting', gap: heroRange, side: 'hero' });
        const villainRange = await sideRange(villain, pairs, parse);
        if (typeof villainRange === 'string')
          return setState({ status: 'waiting', gap: villainRange, side: 'villain' });
        setState({ status: 'running' });
        const report = await engine.equity(
          { hero: heroRange, villain: villainRange, board: board.cards },
          { signal: controller.signal },
        );
        if (!controller.signal.aborted) setState({ status: 'done', report });
      } catch (error) {
        if (!controller.signal.aborted) setState({ status: 'failed', message: (error as Error).message });
      }
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // The key holds every input: the sides are new objects on each render of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, pairs]);
  return state;
}
