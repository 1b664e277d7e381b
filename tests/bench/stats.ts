// The summary every benchmark prints: the median of its samples with their min and max (no best-of), so a figure
// taken on a loaded machine shows its spread.

export interface Stats {
  median: number;
  min: number;
  max: number;
}

/** Median (the mean of the two middle samples for an even count), min and max; samples must not be empty. */
export function stats(samples: number[]): Stats {
  if (samples.length === 0) throw new Error('stats of no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, min: sorted[0]!, max: sorted.at(-1)! };
}

/** Calls of each action before its timed ones: the first calls pay for compiling and warming caches. */
export const WARM_UP_CALLS = 5;

/**
 * Times each action `runs` times after WARM_UP_CALLS warm-up calls each, alternating between the actions (A, B, A,
 * B…), so a machine that slows down or speeds up meanwhile weighs on every action alike.
 */
export async function alternate(actions: Array<() => unknown>, runs: number): Promise<Stats[]> {
  const samples = actions.map(() => [] as number[]);
  for (let round = 0; round < WARM_UP_CALLS + runs; round += 1) {
    for (const [index, action] of actions.entries()) {
      const started = performance.now();
      await action();
      if (round >= WARM_UP_CALLS) samples[index]!.push(performance.now() - started);
    }
  }
  return samples.map(stats);
}
