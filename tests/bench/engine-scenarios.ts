// Workloads shared by the wasm benchmark and, by name, the native example (crates/equity/examples/bench_table.rs).

/**
 * Evaluator loop sizes, OMPEval's settings: every 7-card hand of all 52 cards (133,784,560 hands), and 10 M random
 * hands (1 M hands evaluated 10 times).
 */
export const BENCH_HANDS = { sequentialCards: 52, randomHands: 1_000_000, randomRepeats: 10 } as const;
/** Timed calls of each evaluator loop (after 5 warm-up calls): the all-52 loop takes about a second in wasm. */
export const EVALUATOR_RUNS = 5;

const HERO_124 = '77+, ATs+, KJs+, QJs, AJo+, KQo';
const VILLAIN_246 = '22+, A2s+, K9s+, QTs+, JTs, T9s, 98s, ATo+, KJo+, QJo';

/** Hand-category statistics workload. */
export const CATEGORIES = { range: VILLAIN_246, board: 'Qs7h2d' } as const;

export interface Scenario {
  name: string;
  hero: string;
  villain: string;
  board: string;
  note: string;
  runs: number;
}

export const SCENARIOS: Scenario[] = [
  {
    name: 'preflop 124 vs 246 combos',
    hero: HERO_124,
    villain: VILLAIN_246,
    board: '',
    note: 'target <= 15 ms',
    runs: 11,
  },
  {
    name: 'flop Qs7h2d 124 vs 246',
    hero: HERO_124,
    villain: VILLAIN_246,
    board: 'Qs7h2d',
    note: 'target <= 30 ms',
    runs: 11,
  },
  {
    name: 'turn Qs7h2d5c 124 vs 246',
    hero: HERO_124,
    villain: VILLAIN_246,
    board: 'Qs7h2d5c',
    note: '',
    runs: 21,
  },
  {
    name: 'two-tone flop Ks9s4d 124 vs 246',
    hero: HERO_124,
    villain: VILLAIN_246,
    board: 'Ks9s4d',
    note: 'suit-symmetric ranges: one runout per orbit (2 suit permutations)',
    runs: 11,
  },
  {
    name: 'monotone flop Qs7s2s 124 vs 246',
    hero: HERO_124,
    villain: VILLAIN_246,
    board: 'Qs7s2s',
    note: 'suit-symmetric ranges: one runout per orbit (6 suit permutations)',
    runs: 11,
  },
  {
    name: 'random vs random flop Qs7h2d',
    hero: 'random',
    villain: 'random',
    board: 'Qs7h2d',
    note: 'target <= 100 ms',
    runs: 7,
  },
];

/** What the native example prints (one JSON object). */
export interface NativeReport {
  evaluator_sequential_per_s: number;
  evaluator_random_per_s: number;
  scenarios_ms: Record<string, number>;
  finish_ms: number;
  categories_ms: number;
}

/** The input of the native example: the same loops and scenarios, by definition. */
export function nativeInput() {
  return {
    sequential_cards: BENCH_HANDS.sequentialCards,
    random_hands: BENCH_HANDS.randomHands,
    random_repeats: BENCH_HANDS.randomRepeats,
    scenarios: SCENARIOS.map(({ name, hero, villain, board, runs }) => ({
      name,
      hero,
      villain,
      board,
      runs,
    })),
    categories: CATEGORIES,
  };
}
