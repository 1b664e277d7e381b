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

/** A single combo as two cards, rank then suit ("AhKh", "Tc9c"); see classCombos for the canonical spelling. */
export const COMBO_PATTERN = '^[AKQJT98765432][cdhs][AKQJT98765432][cdhs]$';

const COMBO_SUITS = ['h', 'c', 'd', 's'] as const;

/**
 * The single combos of a hand class in canonical spelling, the suit editor's order: 6 for a pair ("AhAc"…),
 * 4 suited ("AhKh"…), 12 offsuit ("AhKc"…). Unknown classes have none.
 */
export function classCombos(hand: string): string[] {
  if (!isHandClass(hand)) return [];
  const [high, low] = [hand.charAt(0), hand.charAt(1)];
  const combos: string[] = [];
  COMBO_SUITS.forEach((a, i) => {
    COMBO_SUITS.forEach((b, j) => {
      if (hand.length === 2 ? j > i : hand.endsWith('s') ? a === b : a !== b)
        combos.push(`${high}${a}${low}${b}`);
    });
  });
  return combos;
}

/** The canonical spelling of `combo` if it is a combo of `hand` (either card first), else null. */
export function canonicalCombo(hand: string, combo: string): string | null {
  const combos = classCombos(hand);
  if (combos.includes(combo)) return combo;
  const swapped = `${combo.slice(2, 4)}${combo.slice(0, 2)}`;
  return combo.length === 4 && combos.includes(swapped) ? swapped : null;
}
