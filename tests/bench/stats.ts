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
