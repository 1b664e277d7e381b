import { useCallback, useMemo, useState } from 'react';

import { ApiError } from '@/lib/api-client';
import { incomingDecided } from '@/lib/incoming-count';
import { useAsync } from '@/lib/use-async';
import type { IncomingCompare } from '@contract/categories';

import { type AcceptResult, diffApi } from './api';
import { type DiffSide, type LibraryRange, libraryRanges, sideFromPairs } from './diff-sides';
import { diffCharts } from './strategy-diff';

/** Every range of the player's library, cash then tournament, for the pickers. */
export function useLibraryRanges() {
  const load = useCallback(async (signal: AbortSignal): Promise<LibraryRange[]> => {
    const [cash, tournament] = await Promise.all([
      diffApi.tree('preflop_root', signal),
      diffApi.tree('tournament_root', signal),
    ]);
    return [
      ...libraryRanges(cash.children, 'preflop_root'),
      ...libraryRanges(tournament.children, 'tournament_root'),
    ];
  }, []);
  return useAsync(load, 'diff-library');
}

/** One own range of the library with its chart; nothing is loaded while `id` is null. */
export function useOwnSide(id: number | null) {
  const load = useCallback(
    async (signal: AbortSignal): Promise<DiffSide> => {
      const [category, pairs] = await Promise.all([
        diffApi.category(id!, signal),
        diffApi.range(id!, signal),
      ]);
      return sideFromPairs(category, pairs);
    },
    [id],
  );
  return useAsync(load, `own:${id}`, { enabled: id !== null });
}

export interface IncomingSide {
  compare: IncomingCompare;
  side: DiffSide;
}

/** A strategy shared with the player and still pending: its chart and what accepting it would replace. */
export function useIncomingSide(shareId: number | null) {
  const load = useCallback(
    async (signal: AbortSignal): Promise<IncomingSide> => {
      const compare = await diffApi.incoming(shareId!, signal);
      return { compare, side: sideFromPairs(compare, compare.pairs) };
    },
    [shareId],
  );
  return useAsync(load, `incoming:${shareId}`, { enabled: shareId !== null });
}

/** The diff of two loaded sides, the actions ordered by the buttons of `from`, then of `to`. */
export function useDiff(from: DiffSide | undefined, to: DiffSide | undefined) {
  return useMemo(() => {
    if (!from || !to) return null;
    const order = [...from.buttons, ...to.buttons].map((button) => button.color);
    return diffCharts(from.chart, to.chart, order);
  }, [from, to]);
}

/**
 * Accept or reject an incoming strategy from the diff; `busy` while the call runs, so a double click sends one. An
 * accept names the category the page showed it would delete (`agreed`); when the library changed meanwhile the server
 * refuses (409, its message shown) and `onSwapChanged` reloads the page's view of what accepting costs now.
 */
export function useIncomingDecision(shareId: number | null, onSwapChanged: () => void) {
  const [busy, setBusy] = useState(false);
  const decide = useCallback(
    async (accept: boolean, agreed: number | null = null): Promise<AcceptResult | 'rejected' | null> => {
      if (shareId === null) return null;
      setBusy(true);
      try {
        if (accept) {
          const accepted = await diffApi.accept(shareId, agreed);
          incomingDecided();
          return accepted;
        }
        await diffApi.reject(shareId);
        incomingDecided();
        return 'rejected';
      } catch (error) {
        // The app's error handler has shown the server's message (402 opens the Premium window).
        if (error instanceof ApiError && error.code === 'acceptSwapChanged') onSwapChanged();
        return null;
      } finally {
        setBusy(false);
      }
    },
    [shareId, onSwapChanged],
  );
  return { busy, decide };
}
