// Scheduling by estimated work: how many shards a heads-up job is cut into. Pure functions, so the plan is tested
// without workers; the pool measures its own workers' speed and passes it in (see `measuredUnitsPerMs`).
import { COMBO_COUNT, parseCards } from '../../contract/hands.ts';

/**
 * Work units a worker gets through in a millisecond (one unit = one live combo of either range on one runout), before
 * the pool has measured its own workers. Measured in wasm, warm, one thread, on the engine of commit 8795337 (load
 * average 5 to 7 on 2 cores, medians of 25 calls): the 124 vs 246 combo flop (about 435,000 units) in 2.5 to 2.9 ms,
 * random vs random on the flop (about 2.76 M units) in 14 to 15 ms: 150,000 to 190,000 units a millisecond. The
 * warm-up job replaces this figure with the workers' own rate (`measuredUnitsPerMs`), so a faster engine or machine
 * changes the plan without a new constant here.
 */
export const UNITS_PER_MS = 160_000;
/**
 * A job one worker finishes in about this long runs whole on one worker. Splitting a job of T ms over two workers
 * takes T / 2 plus a fixed cost: one more call, the shards' repeated set-up (about 0.1 ms a shard in wasm, since a
 * rank multiset's runout groups all go to one shard) and the finishing worker's wait for the other tally on its port.
 * In Node, on an idle machine (bench:engine, 2 workers), the 124 vs 246 flop of 1.8 ms already runs faster split
 * (1.53 ms against 1.83 ms whole). The limit stays higher for the browser: there the main thread renders the click
 * while the job runs, on the same 2 cores; in the range tool's traces (load 9) that flop split over both workers
 * took about 19 ms of wall time, against 7 ms for the engine alone.
 * It is a time, not a work count: it stays right when the engine gets faster, because the plan converts work to time
 * with the measured rate.
 */
export const WHOLE_JOB_MS = 4;
/**
 * Length of a shard in long jobs. Every worker takes at least one shard; a job longer than workers x SHARD_MS gets
 * more, up to MAX_SHARDS_PER_WORKER, so progress moves and a superseded job stops between shards. Shorter jobs get
 * exactly one shard per worker: the engine deals runout groups by cost, so equal shards end together, and every
 * extra shard is one more round trip through the main thread, which in the browser is busy rendering the paint.
 */
export const SHARD_MS = 40;
/** Shards per worker for the longest jobs. */
export const MAX_SHARDS_PER_WORKER = 4;

/** Boards (runouts) the engine enumerates: the cards missing from `boardCards`, dealt from the deck minus board and dead. */
export function runoutCount(boardCards: number, deadCards: number): number {
  const missing = 5 - boardCards;
  let deck = 52 - boardCards - deadCards;
  let count = 1;
  for (let dealt = 1; dealt <= missing; dealt += 1, deck -= 1) count = (count * deck) / dealt;
  return count;
}

function liveCombos(range: ArrayLike<number>, blocked: number[]): number {
  let live = 0;
  for (let combo = 0; combo < COMBO_COUNT; combo += 1) if ((range[combo] ?? 0) > 0) live += 1;
  // Each blocked card removes about 51 of 1326 combos; ranges are rarely dense enough for more precision to matter.
  return Math.max(0, live * (1 - (blocked.length * 51) / COMBO_COUNT));
}

/** Estimated work of an exact heads-up job, in units (see UNITS_PER_MS). */
export function estimateWork(
  hero: ArrayLike<number>,
  villain: ArrayLike<number>,
  board: string,
  dead: string,
): number {
  const boardCards = parseCards(board) ?? [];
  const deadCards = parseCards(dead) ?? [];
  const blocked = [...boardCards, ...deadCards];
  const [h, v] = [liveCombos(hero, blocked), liveCombos(villain, blocked)];
  // Preflop without dead cards reads the precomputed table: one lookup per pair of combos, about 20x cheaper.
  if (boardCards.length === 0 && deadCards.length === 0) return (h * v) / 20;
  return (h + v) * runoutCount(boardCards.length, deadCards.length);
}

/**
 * The workers' rate from the warm-up's timed rounds (work units and milliseconds of each): the fastest round, since
 * the first ones include V8's compilation and a loaded machine only ever makes a round slower. `fallback` when no
 * round was timed.
 */
export function measuredUnitsPerMs(
  rounds: Array<{ units: number; ms: number }>,
  fallback = UNITS_PER_MS,
): number {
  const rates = rounds.filter(({ units, ms }) => units > 0 && ms > 0).map(({ units, ms }) => units / ms);
  return rates.length ? Math.max(...rates) : fallback;
}

/**
 * Shards for a job of `work` units on `workers` workers going through `unitsPerMs`: 1 when one worker finishes it
 * in WHOLE_JOB_MS or on a river; else one shard per worker, and more for jobs longer than SHARD_MS a worker.
 */
export function shardCount(
  work: number,
  workers: number,
  boardCards: number,
  unitsPerMs = UNITS_PER_MS,
): number {
  const ms = work / unitsPerMs;
  const lanes = Math.max(1, workers);
  if (boardCards >= 5 || ms <= WHOLE_JOB_MS) return 1;
  const perWorker = Math.min(MAX_SHARDS_PER_WORKER, Math.max(1, Math.floor(ms / lanes / SHARD_MS)));
  return lanes * perWorker;
}
