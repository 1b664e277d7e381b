// The 13x13 grid of hand classes as every chart draws it (HAND_CLASSES order: rows and columns by rank, pairs on the
// diagonal, suited above it): the kind of each class and the grid's keyboard moves, shared by the range editor, the
// strategy diff, the trainer and the push/fold charts.

/** Cells per row and per column. */
export const GRID_SIZE = 13;

/** Pair, suited or offsuit: each kind keeps its own tint under what the cell shows. */
export const classKind = (hand: string): 'pair' | 'suited' | 'offsuit' =>
  hand.length === 2 ? 'pair' : hand.endsWith('s') ? 'suited' : 'offsuit';

/**
 * Where a key moves focus from `index` in the grid; null for a key that moves nothing. Edges stop (no wrap), as in
 * the ARIA grid pattern; Home/End go to the row's ends, with Ctrl to the grid's.
 */
export function gridStep(index: number, key: string, ctrl = false): number | null {
  const row = Math.floor(index / GRID_SIZE);
  const column = index % GRID_SIZE;
  switch (key) {
    case 'ArrowLeft':
      return column > 0 ? index - 1 : index;
    case 'ArrowRight':
      return column < GRID_SIZE - 1 ? index + 1 : index;
    case 'ArrowUp':
      return row > 0 ? index - GRID_SIZE : index;
    case 'ArrowDown':
      return row < GRID_SIZE - 1 ? index + GRID_SIZE : index;
    case 'Home':
      return ctrl ? 0 : row * GRID_SIZE;
    case 'End':
      return ctrl ? GRID_SIZE * GRID_SIZE - 1 : row * GRID_SIZE + GRID_SIZE - 1;
    default:
      return null;
  }
}
