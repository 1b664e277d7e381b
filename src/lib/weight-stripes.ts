/** A cell's CSS background: one stripe per colour, as wide as its weight in percent, the rest left empty. */
export function weightStripes(
  colors: ReadonlyArray<{ color: string; weight: number }> | undefined,
): string | undefined {
  if (!colors || colors.length === 0) return undefined;
  let offset = 0;
  const stops = colors.map(({ color, weight }) => {
    const from = offset;
    offset += weight;
    return `${color} ${from}% ${offset}%`;
  });
  if (offset < 100) stops.push(`transparent ${offset}% 100%`);
  return `linear-gradient(to right, ${stops.join(', ')})`;
}
