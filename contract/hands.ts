/**
 * The 169 starting-hand classes of the 13x13 grid, row-major: row i, column j; i == j pairs ("AA"), i < j suited
 * ("AKs", upper right), i > j offsuit ("AKo", lower left). Ten is "T" in class keys.
 */
export const GRID_RANKS = ['A', 'K', 'Q', 'J', 'T', '9', '8', '7', '6', '5', '4', '3', '2'] as const;

export function handAt(row: number, col: number): string {
  const high = GRID_RANKS[Math.min(row, col)];
  const low = GRID_RANKS[Math.max(row, col)];
  if (row === col) return `${high}${low}`;
  return `${high}${low}${row < col ? 's' : 'o'}`;
}

export const HAND_CLASSES: readonly string[] = Array.from({ length: 169 }, (_, index) =>
  handAt(Math.floor(index / 13), index % 13),
);

const HAND_SET = new Set(HAND_CLASSES);

export function isHandClass(value: string): boolean {
  return HAND_SET.has(value);
}

/** Default colour and weight (SPEC §9). */
export const DEFAULT_COLOR = '#1847BE';
export const DEFAULT_WEIGHT = 100;
export const MAX_PAIR_WEIGHT = 100;
export const COLOR_PATTERN = '^#[0-9A-Fa-f]{6}$';
