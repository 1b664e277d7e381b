// The one TypeScript card/combo/class module (contract/hands.ts) must index exactly as the engine does, checked
// against the wasm build itself: the SPA expands ranges and builds hand ranges without a worker round trip.
import { beforeAll, describe, expect, it } from 'vitest';

import {
  cardText,
  CLASS_COUNT,
  classCombos,
  classWeightsToRange,
  COMBO_COUNT,
  comboCards,
  comboIndex,
  HAND_CLASSES,
  handRange,
  parseCards,
  rangeToClassWeights,
} from '../../contract/hands.ts';
import { createEngineApi, type EngineApi } from '../../src/engine/engine-api.ts';
import { loadEquityWasm } from '../../src/engine/node/load-wasm.ts';

let api: EngineApi;

beforeAll(async () => {
  api = createEngineApi(await loadEquityWasm());
});

const nonZero = (range: Float32Array) => [...range.keys()].filter((index) => range[index] !== 0);

describe('TypeScript indexing against the wasm engine', () => {
  it('names every combo index as the engine parses it', () => {
    for (let combo = 0; combo < COMBO_COUNT; combo += 1) {
      const [lo, hi] = comboCards(combo);
      expect(nonZero(api.parseRange(`${cardText(hi)}${cardText(lo)}`))).toEqual([combo]);
    }
  });

  it('expands class weights exactly as the engine does', () => {
    const grid = Float32Array.from({ length: CLASS_COUNT }, (_, index) => ((index * 37) % 101) / 100);
    expect(classWeightsToRange(grid)).toEqual(api.classWeightsToRange(grid));
  });

  it('lists each class with the combos the engine reads for its notation', () => {
    for (const hand of HAND_CLASSES) {
      const expected = classCombos(hand)
        .map((combo) => {
          const [a, b] = parseCards(combo)!;
          return comboIndex(a!, b!);
        })
        .sort((x, y) => x - y);
      expect(nonZero(api.parseRange(hand)), hand).toEqual(expected);
    }
  });

  it('averages combos into classes and builds one-hand ranges as the engine does', () => {
    const range = api.parseRange('AhKh, QQ:0.5, T9o, 72s:0.25');
    const grid = rangeToClassWeights(range);
    expect(api.rangeToNotation(classWeightsToRange(grid))).toBe(
      api.rangeToNotation(api.classWeightsToRange(grid)),
    );
    expect(handRange(['10h', '9d'])).toEqual(api.parseRange('Th9d'));
  });
});
