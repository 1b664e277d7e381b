// The tournament spots the seeded push/fold pack and its lessons are computed at (scripts/seed-figures.ts solves
// them with the engine and writes engine-figures.json; tests/engine/seed-figures.test.ts solves them again).

/** Effective stacks (big blinds) of the heads-up charts, blinds 0.5/1, no ante, chip EV. */
export const PUSH_FOLD_STACKS = [20, 15, 10, 5] as const;

/**
 * The bubble of the ICM lesson and charts: three players left with 10bb each, two paid (65% and 35% of the pool);
 * the small blind and the big blind play, the third waits. Chip EV at the same stacks is the 10bb chart.
 */
export const BUBBLE = { stack: 10, others: [10], payouts: [65, 35] } as const;

/** Blinds of every seeded tournament spot: 0.5 and 1 big blind, no ante. */
export const SEED_BLINDS = { small: 0.5, big: 1, ante: 0, ante_kind: 'per_player' } as const;

/** Positions of the seeded cash opening charts, earliest first. */
export const OPEN_POSITIONS = ['UTG', 'HJ', 'CO', 'BTN', 'SB'] as const;
