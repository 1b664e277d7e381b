// The packed report (one array from the engine, read back by unpackReport) against the report the engine builds as
// objects: equal to the last bit on every street, with empty classes (NaN) and with fractional weights, for a whole
// job and for merged shard tallies; a job that asks for fewer parts gets the same totals and those parts only; an array
// of another shape is refused.
import { beforeAll, describe, expect, it } from 'vitest';

import { createEngineApi, type EngineApi, type EquityWasmModule } from '../../src/engine/engine-api.ts';
import { loadEquityWasm } from '../../src/engine/node/load-wasm.ts';
import { unpackReport } from '../../src/engine/packed-report.ts';

let wasm: EquityWasmModule;
let api: EngineApi;
beforeAll(async () => {
  wasm = await loadEquityWasm();
  api = createEngineApi(wasm);
});

/** The engine's object report without the per-combo equities (what a view gets). */
function summary(hero: Float32Array, villain: Float32Array, board: string, dead = '', keep = 0.02) {
  const { combo_equity: _perCombo, ...rest } = api.finishEquity(
    api.equityTally(hero, villain, board, dead, 0, 1),
    keep,
  );
  return rest;
}

const CASES = [
  { hero: '77+, ATs+, KJs+, QJs, AJo+, KQo', villain: '22-66, A2s-A9s, K9s-KTs, QTs+, JTs', board: 'Qs7h2d' },
  { hero: 'random', villain: 'random', board: 'Qs7h2d5c' },
  { hero: 'QQ+, AK', villain: 'JJ-88, AQs:0.35, KQs:0.5', board: 'Ks9s4d', dead: '2c' },
  { hero: 'AA, KK:0.25', villain: 'random', board: 'Ah7h2d5c9s' },
  { hero: 'AKs, 72o', villain: 'QQ, JTs', board: '', dead: '3c' },
];

describe('packed equity report', () => {
  it('equals the object report of a whole job on every street', () => {
    for (const { hero, villain, board, dead = '' } of CASES) {
      const [h, v] = [api.parseRange(hero), api.parseRange(villain)];
      const packed = api.equityReportPacked(h, v, board, dead, 0.02);
      const report = unpackReport(packed);
      expect(report, `${hero} vs ${villain} on ${board}`).toEqual(summary(h, v, board, dead));
      // Classes without a live combo stay NaN, as in the object report.
      if (hero.startsWith('AKs')) expect(report.matrix.some(Number.isNaN)).toBe(true);
    }
  });

  it('carries only the parts the job asked for, with the same totals', () => {
    // A range job (the sweep) and hand against hand (enumerated pair by pair), on a flop.
    for (const { hero, villain, board } of [CASES[0]!, { hero: 'AhKh', villain: 'QsQd', board: 'Jh8h2c' }]) {
      const [h, v] = [api.parseRange(hero), api.parseRange(villain)];
      const all = unpackReport(api.equityReportPacked(h, v, board, '', 0.02));
      expect(all.matrix).toHaveLength(169);
      expect(all.next_cards.length).toBeGreaterThan(40);
      for (const matrix of [false, true]) {
        for (const nextCards of [false, true]) {
          const some = unpackReport(api.equityReportPacked(h, v, board, '', 0.02, { matrix, nextCards }));
          expect(some, `${hero} vs ${villain}, matrix ${matrix}, next cards ${nextCards}`).toEqual({
            hero: all.hero,
            villain: all.villain,
            matrix: matrix ? all.matrix : [],
            next_cards: nextCards ? all.next_cards : [],
          });
        }
      }
    }
  });

  it('follows the keep threshold', () => {
    const random = api.parseRange('random');
    const strict = unpackReport(api.equityReportPacked(random, random, 'Qs7h2d', '', 0));
    const loose = unpackReport(api.equityReportPacked(random, random, 'Qs7h2d', '', 0.5));
    expect(strict).toEqual(summary(random, random, 'Qs7h2d', '', 0));
    expect(loose.next_cards.every((next) => next.change === 'keep')).toBe(true);
  });

  it('merges shard tallies in one call to the same report as the whole job', () => {
    for (const { hero, villain, board, dead = '' } of CASES) {
      const [h, v] = [api.parseRange(hero), api.parseRange(villain)];
      for (const count of [1, 2, 3]) {
        const tallies = Array.from({ length: count }, (_, index) =>
          wasm.equityTally(h, v, board, dead, index, count),
        );
        const all = new Float64Array(tallies.reduce((sum, tally) => sum + tally.length, 0));
        tallies.forEach((tally, index) => all.set(tally, index * tally.length));
        const merged = unpackReport(wasm.finishTalliesPacked(all, count, 0.02));
        // The same merge order as the pairwise merge, so the same sums to the last bit.
        const pairwise = tallies.slice(1).reduce((sum, tally) => wasm.mergeTallies(sum, tally), tallies[0]!);
        const { combo_equity: _perCombo, ...expected } = api.finishEquity(pairwise, 0.02);
        expect(merged, `${hero} on ${board}, ${count} shards`).toEqual(expected);
      }
    }
  });

  it('refuses tallies of different jobs and arrays of another shape', () => {
    const random = api.parseRange('random');
    const a = wasm.equityTally(random, random, 'Qs7h2d5c', '', 0, 2);
    const b = wasm.equityTally(random, random, 'Qs7h2d5s', '', 1, 2);
    const both = new Float64Array(a.length * 2);
    both.set(a);
    both.set(b, a.length);
    expect(() => wasm.finishTalliesPacked(both, 2, 0.02)).toThrow();
    expect(() => wasm.finishTalliesPacked(a, 0, 0.02)).toThrow(/tallies/);
    expect(() => wasm.finishTalliesPacked(a.subarray(1), 2, 0.02)).toThrow();
    const packed = api.equityReportPacked(random, random, 'Qs7h2d5c', '', 0.02);
    expect(() => unpackReport(packed.subarray(0, packed.length - 1))).toThrow(/packed equity report/);
    const badChange = packed.slice();
    badChange[packed.length - 1] = 7;
    expect(() => unpackReport(badChange)).toThrow(/change/);
    // The class count is 169 or 0, nothing between.
    const badClasses = packed.slice();
    badClasses[10] = 168;
    expect(() => unpackReport(badClasses)).toThrow(/packed equity report/);
  });
});
