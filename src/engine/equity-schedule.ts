// Scheduling by estimated work: how many shards a heads-up job is cut into. Pure functions, so the plan is tested
// without workers.
import { COMBO_COUNT, parseCards } from '../../contract/hands.ts';

/**
 * Work units a worker gets through in about a millisecond (one unit = one live combo ranked on one runout). Measured
 * in wasm on this engine, warm, in one thread (load average 9 on 2 cores): a 124 vs 246 combo flop (about 435,000
 * units) takes 3.9 ms, random vs random on the flop (about 2.76 M units) 31 ms: 89,000 to 112,000 units a millisecond.
 */
export const UNITS_PER_MS = 100_000;
/**
 * A job one worker finishes in about this long runs whole on one worker. Splitting a job of T ms over two workers
 * takes T / 2 plus a fixed cost: the extra calls (a shard run on each worker, the hand-off of one tally, the
 * finishing merge), each a message each way, which the main thread and the workers must all be scheduled for. In
 * the range tool the second worker is also busy with the same paint's hand categories and hole-card equity. Measured
 * in one run, alternating, on 2 workers (bench:engine, "whole / split in 2"; the machine was loaded each time): the
 * 124 vs 246 flop (3.9 ms alone) took 4.9 ms whole against 6.8 ms split (medians, load 22), and 4.5 against 6.3 ms
 * at best in another run whose medians drowned in the load. So the limit sits above that flop, with a margin for the
 * estimate's error (about 20 %).
 */
export const WHOLE_JOB_MS = 5;
/** Shards per worker for long jobs, so progress moves and a superseded job stops between shards. */
export const MAX_SHARDS_PER_WORKER = 4;
/**
 * Shards are at least this long. Workers take shards in turn, so more shards than workers let a worker the machine
 * slows down do less of the job; each shard costs a message each way (well under 0.5 ms), which caps how small.
 */
const MIN_SHARD_MS = 4;

/** Boards (runouts) the engine enumerates: the cards missing from `boardCards`, dealt from the deck minus board and dead. */
export function runoutCount(boardCards: number, deadCards: number): number {
  const missing = 5 - boardCards;
  let deck = 52 - boardCards - deadCards;
  let count = 1;
  for (let dealt = 1; dealt <= missing; dealt += 1, deck -= 1) count = (count * deck) / dealt;
  return count;
}

function liveCombos(range: Float32Array, blocked: number[]): number {
  let live = 0;
  for (let combo = 0; combo < COMBO_COUNT; combo += 1) if ((range[combo] ?? 0) > 0) live += 1;
  // Each blocked card removes about 51 of 1326 combos; ranges are rarely dense enough for more precision to matter.
  return Math.max(0, live * (1 - (blocked.length * 51) / COMBO_COUNT));
}

/** Estimated work of an exact heads-up job, in units (see UNITS_PER_MS). */
export function estimateWork(hero: Float32Array, villain: Float32Array, board: string, dead: string): number {
  const boardCards = parseCards(board) ?? [];
  const deadCards = parseCards(dead) ?? [];
  const blocked = [...boardCards, ...deadCards];
  const [h, v] = [liveCombos(hero, blocked), liveCombos(villain, blocked)];
  // Preflop without dead cards reads the precomputed table: one lookup per pair of combos, about 20x cheaper.
  if (boardCards.length === 0 && deadCards.length === 0) return (h * v) / 20;
  return (h + v) * runoutCount(boardCards.length, deadCards.length);
}

/**
 * Shards for a job of `work` units on `workers` workers: 1 when one worker finishes it at once, else a multiple of
 * the worker count (equal shards keep every worker busy to the end) that keeps shards above MIN_SHARD_MS.
 */
export function shardCount(work: number, workers: number, boardCards: number): number {
  const ms = work / UNITS_PER_MS;
  if (boardCards >= 5 || ms <= WHOLE_JOB_MS) return 1;
  const perWorker = Math.floor(ms / Math.max(1, workers) / MIN_SHARD_MS);
  return Math.max(1, workers) * Math.min(MAX_SHARDS_PER_WORKER, Math.max(1, perWorker));
}
