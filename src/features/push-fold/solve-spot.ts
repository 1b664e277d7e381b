// Solving a spot on the engine's workers, for any engine client (the app's pool, a Node pool in tests): heads-up
// through the heads-up solver (chip EV, or ICM with the seats' equity), three or more players through the table
// solver under ICM, in steps with progress and an AbortSignal that stops it between steps.
import type { EngineClient } from '@/engine/engine.client';
import type { ThresholdChart } from '@/engine/engine-types';
import { icmEquity, solveHeadsUp, solveTable, thresholdChart } from '@/engine/tournament.client';

import { fromHeadsUp, fromTable, type SolvedSpot } from './solved-spot';
import type { ParsedSpot } from './spot-draft';

export interface SolveOptions {
  signal?: AbortSignal;
  /** The finished fraction, 0 to 1, never going back. */
  onProgress?: (fraction: number) => void;
}

export async function solveSpot(
  client: EngineClient,
  spot: ParsedSpot,
  { signal, onProgress }: SolveOptions = {},
): Promise<SolvedSpot> {
  const { stacks, blinds, payouts } = spot;
  if (stacks.length === 2) {
    onProgress?.(0);
    const solution = await solveHeadsUp(
      client,
      { stacks: [stacks[0]!, stacks[1]!], blinds, payouts, others: [] },
      { signal, onProgress },
    );
    const before = payouts.length > 0 ? await icmEquity(client, stacks, payouts, { signal }) : null;
    return fromHeadsUp(spot, solution, before);
  }
  const solution = await solveTable(client, { stacks, blinds, payouts }, { signal, onProgress });
  return fromTable(spot, solution);
}

/** The heads-up threshold chart (chip EV, 1 to 20 bb) with `ante` big blinds each. */
export function solveThresholds(
  client: EngineClient,
  ante: number,
  { signal, onProgress }: SolveOptions = {},
): Promise<ThresholdChart> {
  return thresholdChart(client, ante, { signal, onProgress });
}
