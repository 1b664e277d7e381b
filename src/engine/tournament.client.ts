// Tournament solving on the engine's workers: ICM, heads-up push/fold, the heads-up threshold chart and table
// push/fold under ICM (crates/equity/src/tournament). Every per-class array is in grid order (HAND_CLASSES of
// contract/hands.ts: AA, AKs, ..., AKo, KK, ...). The two long jobs run in steps on one worker (runWithTables):
// progress moves after each step and an abort stops the job at the next one, within a step's time (about 50 ms).
import { CLASS_COUNT, HAND_CLASSES } from '../../contract/hands.ts';
import { throwIfAborted } from './abort.ts';
import type { EngineClient, RunOptions } from './engine.client.ts';
import type {
  HeadsUpSolution,
  HeadsUpSpot,
  TableProgress,
  TableSolution,
  TableSpot,
  ThresholdChart,
} from './engine-types.ts';
import { send } from './worker-pool.ts';

/** Stacks of a threshold chart solved per call: about 50 ms of a worker, for smooth progress and a quick stop. */
export const THRESHOLD_STEP = 20;
/** Table solve iterations per call: an iteration takes from a few milliseconds (no overcalls yet) to a second (nine
 * short stacks, whole game). */
export const TABLE_STEP = 1;

export interface TableSolveOptions extends RunOptions {
  /** Exploitability to stop at, as a share of the prize pool (0.001 = 0.1%, the engine's default). */
  tolerance?: number;
  /** Called after every step with the iterations run and the current exploitability. */
  onStep?: (progress: TableProgress) => void;
}

let nextJob = 0;
const jobId = (kind: string) => `${kind}-${nextJob++}`;

/** Per-class values keyed by class name ("AA", "AKs", ...), as charts and the command line show them. */
export function byClass<T>(values: readonly T[]): Record<string, T> {
  if (values.length !== CLASS_COUNT) throw new Error(`expected ${CLASS_COUNT} classes, got ${values.length}`);
  return Object.fromEntries(HAND_CLASSES.map((name, index) => [name, values[index]!]));
}

/** Malmuth-Harville prize equity of 2 to 10 stacks, in the units of the payouts (first place first). */
export async function icmEquity(
  client: EngineClient,
  stacks: readonly number[],
  payouts: readonly number[],
  options: RunOptions = {},
): Promise<number[]> {
  const equity = await client.run(
    (api) => api.icmEquity(send(Float64Array.from(stacks)), send(Float64Array.from(payouts))),
    options,
  );
  return Array.from(equity);
}

/** Heads-up push/fold equilibrium: chip EV when `spot.payouts` is empty, prize equity otherwise. */
export async function solveHeadsUp(
  client: EngineClient,
  spot: HeadsUpSpot,
  options: RunOptions = {},
): Promise<HeadsUpSolution> {
  const solution = await client.runWithTables((api) => api.solveHeadsUp(spot), options);
  options.onProgress?.(1);
  return solution;
}

/**
 * The heads-up chip-EV threshold chart: per class the highest effective stack from 1 to 20 bb (0.1 bb steps) at
 * which it is pushed and called, and the gaps below it; `ante` big blinds posted by each player.
 */
export async function thresholdChart(
  client: EngineClient,
  ante = 0,
  options: RunOptions = {},
): Promise<ThresholdChart> {
  const { signal, onProgress } = options;
  const id = jobId('thresholds');
  return client.runWithTables(
    async (api) => {
      await api.thresholdStart(id, ante);
      try {
        onProgress?.(0);
        for (let done = 0; done < 1;) {
          throwIfAborted(signal);
          done = await api.thresholdStep(id, THRESHOLD_STEP);
          onProgress?.(done);
        }
        return await api.thresholdFinish(id);
      } finally {
        await api.thresholdDrop(id);
      }
    },
    { signal },
  );
}

/**
 * Push/fold at a table of 3 to 9 players under ICM, solved to `options.tolerance` of the prize pool. Progress follows
 * the exploitability down to the tolerance on a log scale, the first phase (no overcalls) filling the first half and
 * the whole game the rest; it never goes back.
 */
export async function solveTable(
  client: EngineClient,
  spot: TableSpot,
  options: TableSolveOptions = {},
): Promise<TableSolution> {
  const { signal, onProgress, onStep, tolerance } = options;
  const id = jobId('table');
  return client.runWithTables(
    async (api) => {
      let progress = await api.tableStart(id, spot, tolerance);
      try {
        const goal = tolerance ?? 0.001;
        let phaseStart = Math.max(progress.exploitability, goal);
        let overcalls = progress.overcalls;
        let shown = 0;
        const report = () => {
          onStep?.(progress);
          if (progress.overcalls !== overcalls) {
            overcalls = progress.overcalls;
            phaseStart = Math.max(progress.exploitability, goal);
          }
          const within =
            phaseStart > goal
              ? Math.log(phaseStart / Math.max(progress.exploitability, goal)) / Math.log(phaseStart / goal)
              : 1;
          const share = (overcalls ? 0.5 : 0) + 0.5 * Math.min(1, Math.max(0, within));
          shown = progress.done ? 1 : Math.max(shown, Math.min(0.99, share));
          onProgress?.(shown);
        };
        report();
        while (!progress.done) {
          throwIfAborted(signal);
          progress = await api.tableStep(id, TABLE_STEP);
          report();
        }
        return await api.tableSolution(id);
      } finally {
        await api.tableDrop(id);
      }
    },
    { signal, threeWay: true },
  );
}
