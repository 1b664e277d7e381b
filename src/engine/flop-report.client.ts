// The flop report over the worker pool: the engine plans the flops (one per orbit of the suit symmetry both ranges
// keep), the flops are cut into chunks of about CHUNK_MS of work, and the pool runs the chunks on every worker.
// Progress moves per chunk; an abort stops every chunk that has not started, so a cancel takes effect within one
// chunk. Ranges go as fresh copies: an array the caller got from the engine may be marked for transfer by Comlink,
// and a transferred buffer could not be sent to the next chunk.
import type { EngineClient, RunOptions } from './engine.client.ts';
import type { FlopPlan, FlopRow } from './engine-types.ts';
import { estimateWork, UNITS_PER_MS } from './equity-schedule.ts';

/** Work per chunk: long enough that messages cost little, short enough for smooth progress and a quick cancel. */
export const CHUNK_MS = 60;
const MAX_CHUNK = 64;

export interface FlopReport {
  /** Suit renamings both ranges are unchanged by: 24 gives 1,755 flops, 1 (suit editor) all 22,100. */
  symmetry: number;
  rows: FlopRow[];
}

/**
 * Flops per chunk for these ranges (one flop's exact equity is about (hero + villain) x 990 work units), at the
 * pool's measured rate.
 */
export function chunkSize(hero: Float32Array, villain: Float32Array, unitsPerMs = UNITS_PER_MS): number {
  const msPerFlop = estimateWork(hero, villain, 'AsKd2c', '') / unitsPerMs;
  return Math.max(1, Math.min(MAX_CHUNK, Math.round(CHUNK_MS / Math.max(msPerFlop, 1e-3))));
}

/** Cuts the plan's flops into chunks of `size`, as the engine reads them: text and weights. */
export function planChunks(plan: FlopPlan, size: number): Array<{ flops: string; weights: Uint32Array }> {
  const chunks = [];
  for (let start = 0; start < plan.flops.length; start += size) {
    const part = plan.flops.slice(start, start + size);
    chunks.push({
      flops: part.map((flop) => flop.cards.join('')).join(' '),
      weights: Uint32Array.from(part, (flop) => flop.weight),
    });
  }
  return chunks;
}

/** The exact flop report of `hero` against `villain` (1326 combo weights each), on every worker of the pool. */
export async function runFlopReport(
  client: EngineClient,
  hero: Float32Array,
  villain: Float32Array,
  options: RunOptions = {},
): Promise<FlopReport> {
  const { signal, onProgress } = options;
  const plan = await client.run((api) => api.flopReportPlan(hero.slice(), villain.slice()), { signal });
  const chunks = planChunks(plan, chunkSize(hero, villain, client.unitsPerMs));
  let done = 0;
  onProgress?.(0);
  const parts = await Promise.all(
    chunks.map((chunk) =>
      client.run(
        async (api) => {
          const rows = await api.flopReportRows(hero.slice(), villain.slice(), chunk.flops, chunk.weights);
          done += rows.length;
          if (!signal?.aborted) onProgress?.(done / plan.flops.length);
          return rows;
        },
        { signal },
      ),
    ),
  );
  return { symmetry: plan.symmetry, rows: parts.flat() };
}
