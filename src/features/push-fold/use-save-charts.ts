// "Save as charts": what the free plan still holds, and the save itself, a folder then one chart per decision,
// taken back whole when a chart cannot be saved (a folder half full of a spot's charts is no spot).
import { useCallback, useState } from 'react';

import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { useAsync } from '@/lib/use-async';
import type { CreateCategoryBody } from '@contract/categories';

import { pushFoldApi } from './api';
import { freeRoom, ownCounts } from './chart-save';

export type SaveState =
  | { status: 'idle' }
  | { status: 'saving'; done: number; total: number; waiting: boolean }
  | { status: 'saved'; folderId: number; folderName: string; charts: number }
  | { status: 'failed'; error: string };

/**
 * The free plan's room, counted from the player's two trees while the dialog is open: charts a free player can
 * still save with the spot's folder (null for Premium), and the ranges they have.
 */
export function useFreeRoom(open: boolean, premium: boolean) {
  return useAsync(
    async (signal) => {
      const trees = await Promise.all([
        pushFoldApi.tree('preflop_root', signal),
        pushFoldApi.tree('tournament_root', signal),
      ]);
      const own = ownCounts(trees.map((tree) => tree.children));
      return { free: freeRoom(premium, own), ranges: own.ranges };
    },
    `push-fold-room|${premium}`,
    { enabled: open },
  );
}

/** How long a save waits when the server's write budget (a minute's writes per player) is spent, and how often. */
export const BUDGET_WAIT_MS = 15_000;
const BUDGET_TRIES = 8;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Saves the folder, then its charts (built once the folder's id is known); on a failure, deletes the folder. A save
 * of more charts than the server takes in a minute (a nine-handed spot with its overcalls) waits for the budget and
 * goes on, saying so, instead of failing half way.
 */
export function useSaveCharts() {
  const [state, setState] = useState<SaveState>({ status: 'idle' });
  const save = useCallback(
    async (folder: CreateCategoryBody, charts: ReadonlyArray<(parentId: number) => CreateCategoryBody>) => {
      const total = charts.length;
      let done = 0;
      const create = async (body: CreateCategoryBody) => {
        for (let attempt = 1; ; attempt += 1) {
          try {
            return await pushFoldApi.create(body);
          } catch (error) {
            if (!(error instanceof ApiError && error.status === 429) || attempt >= BUDGET_TRIES) throw error;
            setState({ status: 'saving', done, total, waiting: true });
            await wait(BUDGET_WAIT_MS);
            setState({ status: 'saving', done, total, waiting: false });
          }
        }
      };
      setState({ status: 'saving', done, total, waiting: false });
      let folderId: number | null = null;
      try {
        const created = await create(folder);
        folderId = created.id;
        for (const chart of charts) {
          await create(chart(created.id));
          done += 1;
          setState({ status: 'saving', done, total, waiting: false });
        }
        setState({ status: 'saved', folderId: created.id, folderName: created.name, charts: total });
      } catch (error) {
        if (folderId !== null) await pushFoldApi.remove(folderId).catch(() => undefined);
        setState({ status: 'failed', error: errorMessage(error) });
      }
    },
    [],
  );
  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, save, reset };
}
