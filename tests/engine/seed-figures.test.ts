// The seeded push/fold pack and the lessons are built from server/db/seed-data/engine-figures.json. Here the engine
// solves the same spots again and must give the same file (run `npm run seed:figures` after changing the engine or
// the spots), and the figures are checked against what lies outside them: the published heads-up Nash thresholds
// (HoldemResources.net, "HeadsUp Push/Fold Nash Equilibrium", as in crates/equity/tests/pushfold.rs) and the
// push/call EVs rebuilt from the exact equities and fold chances.
import { readFileSync } from 'node:fs';

import { beforeAll, describe, expect, it } from 'vitest';

import { HAND_CLASSES } from '../../contract/hands.ts';
import { computeSeedFigures } from '../../scripts/lib/seed-figures.ts';
import type { EngineFigures } from '../../server/db/seed-data/figures-types.ts';
import { createEngineApi, type EngineApi } from '../../src/engine/engine-api.ts';
import { loadEquityWasm } from '../../src/engine/node/load-wasm.ts';

const stored = JSON.parse(
  readFileSync(new URL('../../server/db/seed-data/engine-figures.json', import.meta.url), 'utf8'),
) as EngineFigures;
const at = (values: number[], hand: string) => values[HAND_CLASSES.indexOf(hand)]!;

let api: EngineApi;
beforeAll(async () => {
  api = createEngineApi(await loadEquityWasm());
});

describe('the seeded engine figures', () => {
  it('are what the engine computes today', () => {
    expect(computeSeedFigures(api)).toEqual(stored);
  });

  it('push and call where the published heads-up Nash charts do', () => {
    const push: Array<[string, number]> = [
      ['K2o', 11.6],
      ['72o', 1.6],
      ['Q2o', 7.0],
      ['J2s', 8.5],
      ['K2s', 19.3],
      ['Q4s', 16.3],
      ['32o', 1.4],
      ['Q8o', 13.0],
      ['A2o', 20],
      ['22', 20],
    ];
    const call: Array<[string, number]> = [
      ['Q2o', 5.6],
      ['K2s', 10.7],
      ['Q2s', 7.2],
      ['K9o', 17.1],
      ['JTo', 12.7],
      ['T9o', 8.4],
      ['98o', 6.0],
      ['A9o', 20],
    ];
    for (const chart of stored.push_fold) {
      for (const [hand, threshold] of push)
        expect([hand, at(chart.push, hand) > 0]).toEqual([hand, chart.stack <= threshold]);
      for (const [hand, threshold] of call)
        expect([hand, at(chart.call, hand) > 0]).toEqual([hand, chart.stack <= threshold]);
    }
  });

  it('give every push and call the EV its equity and fold chance make', () => {
    for (const chart of stored.push_fold) {
      const pot = 2 * chart.stack;
      HAND_CLASSES.forEach((_, index) => {
        const folds = chart.fold_chance[index]!;
        // The big blind folds: the small blind wins the big blind; calls: an all-in for a pot of two stacks.
        const push = folds * 1 + (1 - folds) * (chart.eq_vs_call[index]! * pot - chart.stack);
        expect(Math.abs(push - chart.push_ev[index]!)).toBeLessThan(1e-4 * pot);
        const call = chart.eq_vs_push[index]! * pot - chart.stack;
        expect(Math.abs(call - chart.call_ev[index]!)).toBeLessThan(1e-4 * pot);
        // At equilibrium a class is pushed when pushing beats folding (-0.5), called when calling beats it (-1).
        if (chart.push[index]! === 1) expect(chart.push_ev[index]!).toBeGreaterThanOrEqual(-0.5 - 1e-4);
        if (chart.push[index]! === 0) expect(chart.push_ev[index]!).toBeLessThanOrEqual(-0.5 + 1e-4);
        if (chart.call[index]! === 1) expect(chart.call_ev[index]!).toBeGreaterThanOrEqual(-1 - 1e-4);
        if (chart.call[index]! === 0) expect(chart.call_ev[index]!).toBeLessThanOrEqual(-1 + 1e-4);
      });
    }
  });

  it('make the bubble tighter for the caller and wider for the pusher than chips alone', () => {
    const { bubble } = stored;
    const chips = stored.push_fold.find((chart) => chart.stack === bubble.stack)!;
    const share = (values: number[]) =>
      values.reduce((sum, value, index) => sum + value * [6, 4, 12][kind(index)]!, 0);
    expect(share(bubble.call)).toBeLessThan(share(chips.call));
    expect(share(bubble.push)).toBeGreaterThan(share(chips.push));
    expect(bubble.call_needs).toBeGreaterThan(bubble.chip_call_needs);
    // Three equal stacks share the pool equally.
    expect(bubble.prize_before).toEqual([33.3333, 33.3333, 33.3333]);
  });
});

/** 0 pair, 1 suited, 2 offsuit for a grid index. */
function kind(index: number): number {
  const [row, col] = [Math.floor(index / 13), index % 13];
  return row === col ? 0 : row < col ? 1 : 2;
}
