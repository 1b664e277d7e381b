// Typing an exact combo such as "QsQd" in a text range painted the whole QQ
// class, because the engine's 1326 combo weights were averaged onto the 13x13 chart. importTextRange keeps exact
// combos as left-out combos of their class; checked here against the real engine's parse of the text.
import { beforeAll, describe, expect, it } from 'vitest';

import {
  applyExclusions,
  canonicalCombo,
  classCombos,
  classWeightsToRange,
  HAND_CLASSES,
  rangeToClassWeights,
} from '../../contract/hands.ts';
import { createEngineApi, type EngineApi } from '../../src/engine/engine-api.ts';
import { loadEquityWasm } from '../../src/engine/node/load-wasm.ts';
import {
  classWeights,
  type RangePairs,
  readWeight,
} from '../../src/features/range-tool/shared/range-rules.ts';
import {
  importTextRange,
  mergeImportedExclusions,
} from '../../src/features/range-tool/shared/text-import.ts';

const HERO = '#1847BE';
// "QsQd" in the suit editor's canonical spelling (hearts, clubs, diamonds, spades order).
const QS_QD = canonicalCombo('QQ', 'QsQd');
let api: EngineApi;

beforeAll(async () => {
  api = createEngineApi(await loadEquityWasm());
});

/** The 1326 weights the chart gives back for the hero colour: what the equity panel and the text field read. */
function chartRange(text: string): Float32Array {
  const imported = importTextRange(api.parseRange(text), HERO);
  return applyExclusions(classWeightsToRange(classWeights(imported.pairs, [HERO])), imported.exclusions);
}

describe('text ranges keep exact combos', () => {
  it('"QsQd" is that one combo, not the QQ class', () => {
    const parsed = api.parseRange('QsQd');
    const imported = importTextRange(parsed, HERO);
    expect(imported.pairs).toEqual({ QQ: [{ color: HERO, weight: 100 }] });
    expect(imported.exclusions).toEqual({ QQ: classCombos('QQ').filter((combo) => combo !== QS_QD) });
    expect(imported.exclusions.QQ).toHaveLength(5);
    expect(chartRange('QsQd')).toEqual(parsed);
    expect(api.rangeToNotation(chartRange('QsQd'))).toBe(api.rangeToNotation(parsed));
    // The old path averaged the class: QQ at a sixth of full weight, every QQ combo painted.
    expect(rangeToClassWeights(parsed)[HAND_CLASSES.indexOf('QQ')]).toBeCloseTo(1 / 6, 5);
  });

  it.each([
    'QsQd, KhQh',
    'AA, AKs, AhKc:0.5, 99-77',
    'QQ+, AdKd, JsTs:0.25, 7c7d, 7h7s',
    'AKo, AsKh',
    '22+, A2s+, K9o+',
  ])('the chart holds exactly what "%s" parses to', (text) => {
    const parsed = api.parseRange(text);
    expect(chartRange(text)).toEqual(parsed);
    expect(api.rangeToNotation(chartRange(text))).toBe(api.rangeToNotation(parsed));
  });

  it('gives a class whose combos the text weights differently the mean of its combos', () => {
    const imported = importTextRange(api.parseRange('AsAh:0.5, AdAc'), HERO);
    expect(imported.pairs).toEqual({ AA: [{ color: HERO, weight: 75 }] });
    expect(imported.exclusions.AA).toHaveLength(4);
  });

  it('replaces the left-out combos of the classes the text names and keeps the others', () => {
    const imported = importTextRange(api.parseRange('QsQd, AKs'), HERO);
    const merged = mergeImportedExclusions({ AKs: ['AhKh'], KK: ['KhKc'], QQ: ['QhQc'] }, imported);
    expect(merged).toEqual({ KK: ['KhKc'], QQ: classCombos('QQ').filter((combo) => combo !== QS_QD) });
  });
});

describe('a chart exported as text and imported again', () => {
  /** Export (the chart's text, as useRangeText and the players' text fields write it) then import. */
  const roundTrip = (pairs: RangePairs, exclusions: Record<string, string[]> = {}) => {
    const text = api.rangeToNotation(
      applyExclusions(classWeightsToRange(classWeights(pairs, [HERO])), exclusions),
    );
    return importTextRange(api.parseRange(text), HERO);
  };

  it('gives back every weight the weight field holds (two decimals of a percent), not whole percents', () => {
    const hands = ['AA', 'AKs', 'KQo', '72o', 'T9s', '55', 'J8o', '32s', 'QJs'];
    const weights = ['100', '87.65', '50', '33.33', '12.5', '2,25', '0.5', '0.01', '99.99'].map((text) => {
      const reading = readWeight(text);
      if (!reading.ok) throw new Error(`the weight field refuses ${text}`);
      return reading.value;
    });
    const pairs: RangePairs = Object.fromEntries(
      hands.map((hand, index) => [hand, [{ color: HERO, weight: weights[index]! }]]),
    );
    expect(roundTrip(pairs).pairs).toEqual(pairs);
  });

  it('keeps left-out combos and the weight of the rest', () => {
    const pairs: RangePairs = { QQ: [{ color: HERO, weight: 66.67 }], AKs: [{ color: HERO, weight: 25 }] };
    const exclusions = { QQ: [QS_QD as string], AKs: ['AsKs'] };
    const imported = roundTrip(pairs, exclusions);
    expect(imported.pairs).toEqual(pairs);
    expect(imported.exclusions).toEqual(exclusions);
  });
});
