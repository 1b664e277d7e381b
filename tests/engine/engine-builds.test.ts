// The package's two engine builds, simd128 and scalar: which one a runtime starts (one validation probe, no
// user-agent), that the simd128 module holds vector instructions and the scalar one none, and that both compute the
// same numbers to the last bit, equal to a naive enumeration with an evaluator outside the engine (the `phe` npm
// package) on every combo and every next card, on the sweep's jobs and on the small jobs enumerated pair by pair.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

import { beforeAll, describe, expect, it } from 'vitest';

import { cardIndex, cardText, comboCards } from '../../contract/hands.ts';
import { engineWasmFile, SCALAR_WASM, SIMD_WASM, simdSupported } from '../../crates/equity-wasm/pkg/simd.js';
import { createEngineApi, type EngineApi } from '../../src/engine/engine-api.ts';
import { defaultEngineBuild, type EngineBuild, loadEquityWasm } from '../../src/engine/node/load-wasm.ts';

const require = createRequire(import.meta.url);
const phe = require('phe') as {
  evaluateCardCodes(codes: number[]): number;
  cardCode(rank: string, suit: string): number;
};
const pkgDir = fileURLToPath(new URL('../../crates/equity-wasm/pkg/', import.meta.url));

const engines = {} as Record<EngineBuild, EngineApi>;
beforeAll(async () => {
  engines.simd = createEngineApi(await loadEquityWasm('simd'));
  engines.scalar = createEngineApi(await loadEquityWasm('scalar'));
});

describe('which build a runtime starts', () => {
  it('takes the simd128 module where the probe validates and the scalar one elsewhere', () => {
    expect(simdSupported()).toBe(true);
    expect(engineWasmFile()).toBe(SIMD_WASM);
    expect(engineWasmFile(() => false)).toBe(SCALAR_WASM);
    expect(
      engineWasmFile(() => {
        throw new Error('WebAssembly is not defined');
      }),
    ).toBe(SCALAR_WASM);
  });

  it('probes with a real simd128 module, refused once its vector instruction is not one', () => {
    let probe = new Uint8Array(0);
    simdSupported((bytes) => {
      probe = Uint8Array.from(bytes);
      return true;
    });
    expect(WebAssembly.validate(probe)).toBe(true);
    // i8x16.popcnt (0xfd 0x62) turned into a vector opcode no wasm runtime knows (0xfd 0x9a is unassigned).
    const broken = probe.slice();
    expect([...broken.slice(-3)]).toEqual([0xfd, 0x62, 0x0b]);
    broken[broken.length - 2] = 0x9a;
    expect(WebAssembly.validate(broken)).toBe(false);
  });

  it('runs in Node the build RANGEFORGE_ENGINE_BUILD names, else the one Node validates', () => {
    const saved = process.env.RANGEFORGE_ENGINE_BUILD;
    try {
      delete process.env.RANGEFORGE_ENGINE_BUILD;
      expect(defaultEngineBuild()).toBe('simd');
      process.env.RANGEFORGE_ENGINE_BUILD = 'scalar';
      expect(defaultEngineBuild()).toBe('scalar');
      process.env.RANGEFORGE_ENGINE_BUILD = 'avx';
      expect(() => defaultEngineBuild()).toThrow(/simd.*scalar/);
    } finally {
      if (saved === undefined) delete process.env.RANGEFORGE_ENGINE_BUILD;
      else process.env.RANGEFORGE_ENGINE_BUILD = saved;
    }
    expect(engines.simd.build()).toBe('simd128');
    expect(engines.scalar.build()).toBe('scalar');
  });

  it('ships vector instructions in the simd128 module only', () => {
    /** Instructions of the module by name, read with binaryen's disassembler (npm `binaryen`). */
    const instructions = (file: string) => {
      const text = execFileSync(
        process.execPath,
        [require.resolve('binaryen/bin/wasm-dis'), `${pkgDir}${file}`],
        { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
      );
      const counts = new Map<string, number>();
      for (const [name] of text.matchAll(/\b(?:v128|[if](?:8x16|16x8|32x4|64x2))\.[a-z0-9_]+/g)) {
        counts.set(name, (counts.get(name) ?? 0) + 1);
      }
      return counts;
    };
    expect(instructions(SCALAR_WASM).size).toBe(0);
    const simd = instructions(SIMD_WASM);
    // The sweeps' per-card sums move as pairs of f64 lanes.
    expect(simd.get('f64x2.add') ?? 0).toBeGreaterThan(10);
    expect(simd.get('v128.load') ?? 0).toBeGreaterThan(50);
    // And this Node accepts the module the browser would start.
    expect(WebAssembly.validate(readFileSync(`${pkgDir}${SIMD_WASM}`))).toBe(true);
  });
});

/** Jobs of every kind: the sweep (flush-free groups, flush runouts, symmetry), direct enumeration, dead cards. */
const JOBS = [
  {
    hero: '77+, ATs+, KJs+, QJs, AJo+, KQo',
    villain: '22+, A2s+, K9s+, QTs+, JTs, T9s, 98s, ATo+, KJo+, QJo',
    board: 'Qs7h2d',
  },
  {
    hero: '77+, ATs+, KJs+, QJs, AJo+, KQo',
    villain: '22+, A2s+, K9s+, QTs+, JTs, T9s, 98s, ATo+, KJo+, QJo',
    board: 'Ks9s4d',
  },
  {
    hero: '77+, ATs+, KJs+, QJs, AJo+, KQo',
    villain: '22+, A2s+, K9s+, QTs+, JTs, T9s, 98s, ATo+, KJo+, QJo',
    board: 'Qs7s2s',
  },
  { hero: 'random', villain: 'random', board: 'Qs7h2d5c' },
  { hero: 'QQ+, AK, A5s:0.5', villain: 'JJ-88, AQs:0.35, KQs:0.5, 76s', board: 'Jh8h2c', dead: '2d' },
  { hero: 'AhKh', villain: 'QsQd', board: 'Jh8h2c' },
  { hero: 'AhKh', villain: 'random', board: 'Jh8h2c' },
  { hero: 'AA, KK:0.25', villain: 'random', board: 'Ah7h2d5c9s' },
  { hero: 'AKs, 72o', villain: 'QQ, JTs', board: '', dead: '3c' },
  { hero: 'AA, KK', villain: 'QQ+, AK', board: '' },
];

describe('both builds', () => {
  it('compute the same tallies to the last bit', () => {
    for (const { hero, villain, board, dead = '' } of JOBS) {
      const [simd, scalar] = [engines.simd, engines.scalar].map((engine) => {
        const tally = engine.equityTally(
          engine.parseRange(hero),
          engine.parseRange(villain),
          board,
          dead,
          0,
          1,
        );
        return Buffer.from(tally.buffer);
      }) as [Buffer, Buffer];
      expect(simd.equals(scalar), `${hero} vs ${villain} on ${board} / ${dead}`).toBe(true);
    }
  });

  it('compute the same multiway, Monte Carlo, category and evaluator figures', () => {
    const [simd, scalar] = [engines.simd, engines.scalar].map((engine) => {
      const ranges = ['QsQh', '8c7c', 'AK, 55'].map((text) => engine.parseRange(text));
      const joined = new Float32Array(3 * 1326);
      ranges.forEach((range, index) => joined.set(range, index * 1326));
      return {
        exact: engine.multiwayExact(joined, 'Jc9h2d', '', 1e9),
        categories: engine.handCategories(engine.parseRange('22+, A2s+, K9s+'), 'Qs7h2d', ''),
        ranks: ['AsKsQsJsTs', 'Ah2c3d4s5h9c9d', '7h5c4d3s2h'].map((cards) => engine.rankHand(cards)),
      };
    });
    expect(simd).toEqual(scalar);
  });
});

type Sums = [number, number, number];
const plus = (a: Sums, b: Sums): Sums => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];

/** Hero [win, tie, faced] weight per combo and per next card, by naive enumeration with phe (smaller is stronger). */
function naive(hero: Float32Array, villain: Float32Array, board: string) {
  const boardCards = board.match(/../g)!.map(cardIndex);
  const deck = Array.from({ length: 52 }, (_, card) => card).filter((card) => !boardCards.includes(card));
  const code = (card: number) => phe.cardCode(cardText(card).charAt(0), cardText(card).charAt(1));
  const live = (range: Float32Array) =>
    [...range.keys()].filter(
      (combo) => range[combo]! > 0 && !comboCards(combo).some((c) => boardCards.includes(c)),
    );
  const [heroes, villains] = [live(hero), live(villain)];
  const combos = new Map<number, Sums>();
  const cards = new Map<number, Sums>();
  const add = (map: Map<number, Sums>, key: number, values: Sums) =>
    map.set(key, plus(map.get(key) ?? [0, 0, 0], values));
  const runouts: number[][] = boardCards.length === 3 ? [] : deck.map((card) => [card]);
  if (boardCards.length === 3) deck.forEach((a, i) => deck.slice(i + 1).forEach((b) => runouts.push([a, b])));
  for (const runout of runouts) {
    const dealt = [...boardCards, ...runout];
    const strength = (combo: number) => {
      const holes = comboCards(combo);
      return holes.some((card) => runout.includes(card))
        ? undefined
        : phe.evaluateCardCodes([...dealt, ...holes].map(code));
    };
    const villainStrength = new Map(villains.map((combo) => [combo, strength(combo)]));
    let runoutSums: Sums = [0, 0, 0];
    for (const h of heroes) {
      const mine = strength(h);
      if (mine === undefined) continue;
      let sums: Sums = [0, 0, 0];
      for (const v of villains) {
        const theirs = villainStrength.get(v);
        if (theirs === undefined || comboCards(v).some((card) => comboCards(h).includes(card))) continue;
        const weight = villain[v]!;
        sums = plus(sums, [mine < theirs ? weight : 0, mine === theirs ? weight : 0, weight]);
      }
      const weight = hero[h]!;
      const weighted: Sums = [sums[0] * weight, sums[1] * weight, sums[2] * weight];
      add(combos, h, weighted);
      runoutSums = plus(runoutSums, weighted);
    }
    for (const card of runout) add(cards, card, runoutSums);
  }
  return { combos, cards };
}

const equityOf = ([win, tie, faced]: Sums) => (win + tie / 2) / faced;

/** Seeded weights on `count` random combos avoiding the board (xorshift, so the cases are the same every run). */
function randomRange(seed: number, count: number, board: string): Float32Array {
  const range = new Float32Array(1326);
  const blocked = board.match(/../g)!.map(cardIndex);
  let state = seed;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  while (range.filter((weight) => weight > 0).length < count) {
    const combo = Math.floor(next() * 1326);
    if (comboCards(combo).some((card) => blocked.includes(card))) continue;
    range[combo] = next() < 0.3 ? 1 : Math.max(0.01, Math.round(next() * 100) / 100);
  }
  return range;
}

describe.each(['simd', 'scalar'] as const)('the %s build against a naive enumeration with phe', (build) => {
  // 16 against 16 combos take the sweep; 1 against 20 and 3 against 5 are enumerated pair by pair.
  for (const [board, heroCount, villainCount] of [
    ['Qs7h2d', 16, 16],
    ['Jh8h2c', 1, 20],
    ['Ks9s4d', 3, 5],
    ['Qs7h2d5c', 40, 40],
    ['Ah9h4h6d', 2, 30],
  ] as const) {
    it(`matches every combo and next card on ${board}, ${heroCount} vs ${villainCount} combos`, () => {
      const engine = engines[build];
      const seed = board.length * 7919 + heroCount * 31 + villainCount;
      const [hero, villain] = [
        randomRange(seed, heroCount, board),
        randomRange(seed * 3 + 1, villainCount, board),
      ];
      const report = engine.finishEquity(engine.equityTally(hero, villain, board, '', 0, 1), 0);
      const expected = naive(hero, villain, board);
      let checked = 0;
      for (const [combo, sums] of expected.combos) {
        if (sums[2] === 0) continue;
        expect(report.combo_equity![combo]).toBeCloseTo(equityOf(sums), 9);
        checked += 1;
      }
      expect(checked).toBeGreaterThanOrEqual(Math.min(heroCount, 10));
      const nextCards = [...expected.cards].filter(([, sums]) => sums[2] > 0);
      expect(report.next_cards.map((next) => next.card)).toEqual(
        nextCards.sort(([a], [b]) => a - b).map(([card]) => cardText(card)),
      );
      report.next_cards.forEach((next, index) =>
        expect(next.equity).toBeCloseTo(equityOf(nextCards[index]![1]), 9),
      );
    });
  }
});
