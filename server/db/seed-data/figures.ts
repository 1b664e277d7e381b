// The engine's numbers behind the seeded push/fold pack and the lessons (scripts/seed-figures.ts writes the file;
// tests/engine/seed-figures.test.ts checks it against the engine), read by class name.
import { HAND_CLASSES } from '../../../contract/hands.ts';
import figures from './engine-figures.json' with { type: 'json' };
import type { EngineFigures, HeadsUpFigures } from './figures-types.ts';

export const FIGURES: EngineFigures = figures;

/** The value of `hand` ("AKs") in a per-class array. */
export function of(values: readonly number[], hand: string): number {
  const index = HAND_CLASSES.indexOf(hand);
  if (index < 0) throw new Error(`unknown hand class ${hand}`);
  return values[index]!;
}

/** The heads-up equilibrium at `stack` big blinds. */
export function headsUpAt(stack: number): HeadsUpFigures {
  const chart = FIGURES.push_fold.find((entry) => entry.stack === stack);
  if (!chart) throw new Error(`no seeded push/fold chart at ${stack}bb`);
  return chart;
}
