// The engine's typed API: equity jobs scheduled by estimated work, multiway equity, Monte Carlo streams, and the
// small calls the views need, each run on the worker pool (worker-pool.ts), which owns the workers themselves.
import type { Remote } from 'comlink';

import { parseCards } from '../../contract/hands.ts';
import { throwIfAborted, untilAborted } from './abort.ts';
import type { EngineApi, MonteCarloSnapshot, ReportParts, WarmUpRound } from './engine-api.ts';
import type { EquityReport, NotationStyle, SideTotals } from './engine-types.ts';
import { estimateWork, measuredUnitsPerMs, shardCount, UNITS_PER_MS } from './equity-schedule.ts';
import { unpackReport } from './packed-report.ts';
import { usesPreflopTable } from './preflop-table.ts';
import { RangeTextError, type RangeTextIssue, rangeTextIssue } from './range-text-error.ts';
import { runShardedEquity } from './sharded-equity.ts';
import { send, WorkerPool, type WorkerPoolOptions } from './worker-pool.ts';

export type { WorkerFactory, WorkerHandle } from './worker-pool.ts';

export interface EngineClientOptions extends Omit<WorkerPoolOptions, 'onWarmUpRound'> {
  /** The message of a refused range text (the app words it in the interface language); the engine's otherwise. */
  rangeTextMessage?: (issue: RangeTextIssue) => string;
  /**
   * The three-way all-in table's bytes (the browser's cached download, a file in Node), asked for by the first table
   * push/fold solve (see runWithTables). Without it table solves are refused.
   */
  threeWayTable?: () => Promise<Uint8Array>;
}

export interface EquityJob {
  hero: Float32Array;
  villain: Float32Array;
  board?: string;
  dead?: string;
  /** Equity change (fraction) under which a next card counts as "keep". */
  keepThreshold?: number;
  /** Shard count instead of the estimate's plan (benchmarks compare plans with it); 1 runs the job whole. */
  shards?: number;
  /**
   * Whether the report carries the 1326 per-combo equities. Off by default: no view reads them, and they are most
   * of what a worker would post back.
   */
  comboEquity?: boolean;
  /**
   * Whether the report carries the 169 class equities (the heat map); on by default. Off, the per-combo sums are not
   * computed at all (unless `comboEquity` asks for them) and `matrix` is empty.
   */
  matrix?: boolean;
  /** Whether the report carries the next-card lists; on by default. Off, they are not computed and come back empty. */
  nextCards?: boolean;
}

export interface RunOptions {
  signal?: AbortSignal;
  /** Called with the finished fraction of the job, from 0 to 1. */
  onProgress?: (fraction: number) => void;
}

export interface MultiwayOptions extends RunOptions {
  /** Largest exact enumeration (hand evaluations) before Monte Carlo takes over. */
  exactBudget?: number;
  /** Monte Carlo stops once the first range's equity has this standard error... */
  targetStdError?: number;
  /** ...or after this long. */
  timeBudgetMs?: number;
  seed?: number;
  /** Skip the exact attempt (Monte Carlo as an option, also heads-up). */
  forceMonteCarlo?: boolean;
  /** Called after every batch with the pooled Monte Carlo figures so far (samples, estimates, standard error). */
  onSnapshot?: (snapshot: MultiwayResult) => void;
}

export interface MultiwayResult {
  method: 'exact' | 'monte-carlo';
  results: SideTotals[];
  /** Standard error of the first range's equity; 0 for exact results. */
  stdError: number;
  samples: number;
}

export const DEFAULT_KEEP_THRESHOLD = 0.02;
const MONTE_CARLO_BATCH = 20_000;
/** Timed runs the measured rate is taken from. */
const TIMED_RUNS = 12;

export class EngineClient {
  private readonly pool: WorkerPool;
  private nextJobId = 0;
  /** The latest timed runs (warm-up rounds, whole jobs, split jobs' last shards) and the rate they give (units/ms). */
  private timed: WarmUpRound[] = [];
  private rate = UNITS_PER_MS;

  private readonly rangeTextMessage: ((issue: RangeTextIssue) => string) | undefined;
  private readonly threeWayTable: (() => Promise<Uint8Array>) | undefined;

  constructor({ rangeTextMessage, threeWayTable, ...options }: EngineClientOptions) {
    this.rangeTextMessage = rangeTextMessage;
    this.pool = new WorkerPool({ ...options, onWarmUpRound: ({ units, ms }) => this.recordRun(units, ms) });
    this.threeWayTable = threeWayTable;
  }

  get size(): number {
    return this.pool.size;
  }

  /** Work units a worker gets through in a millisecond: measured by the warm-up, UNITS_PER_MS before it. */
  get unitsPerMs(): number {
    return this.rate;
  }

  /** Shards `job` would be cut into now (1 runs it whole): its estimated work at the measured rate. */
  plan(job: EquityJob): number {
    const board = job.board ?? '';
    return job.shards ?? this.planWork(estimateWork(job.hero, job.villain, board, job.dead ?? ''), board);
  }

  /**
   * Starts every worker and waits until each has loaded the engine and run its warm-up job (queued first by
   * the pool); returns the engine version.
   */
  warm(): Promise<string> {
    return this.pool.warm();
  }

  async version(options: RunOptions = {}): Promise<string> {
    return this.pool.withWorker((api) => api.version(), options.signal);
  }

  async rankHand(cards: string, options: RunOptions = {}) {
    return this.pool.withWorker((api) => api.rankHand(cards), options.signal);
  }

  /**
   * 1326 combo weights of range text in any format the engine reads (PokerStove, bracket groups, weighted lists, top
   * shares); text the engine cannot read rejects with a RangeTextError.
   */
  async parseRange(text: string, options: RunOptions = {}): Promise<Float32Array> {
    try {
      return await this.pool.withWorker((api) => api.parseRange(text), options.signal);
    } catch (error) {
      const issue = rangeTextIssue(error);
      throw issue ? new RangeTextError(issue, this.rangeTextMessage?.(issue)) : error;
    }
  }

  /** 169 grid-class weights (row-major, ace first) to 1326 combo weights. */
  async classWeightsToRange(grid: Float32Array, options: RunOptions = {}): Promise<Float32Array> {
    return this.pool.withWorker((api) => api.classWeightsToRange(send(grid)), options.signal);
  }

  async rangeToNotation(weights: Float32Array, options: RunOptions = {}): Promise<string> {
    return this.pool.withWorker((api) => api.rangeToNotation(send(weights)), options.signal);
  }

  /** 1326 combo weights as text in one of the engine's styles; parseRange reads it back to the same weights. */
  async rangeToText(weights: Float32Array, style: NotationStyle, options: RunOptions = {}): Promise<string> {
    return this.pool.withWorker((api) => api.rangeToText(send(weights), style), options.signal);
  }

  async handCategories(range: Float32Array, board = '', dead = '', options: RunOptions = {}) {
    return this.pool.withWorker((api) => api.handCategories(send(range), board, dead), options.signal);
  }

  /**
   * Exact heads-up equity, scheduled by estimated work at the workers' measured rate: a job one worker finishes in a
   * couple of milliseconds runs whole in one call (the tally never leaves the worker); a larger one is cut into
   * shards of equal estimated cost, one per worker (more for long jobs), that the workers take in turn and whose
   * tallies go from worker to worker (sharded-equity.ts). The report leaves out the per-combo equities unless the
   * job asks for them.
   */
  async equity(job: EquityJob, options: RunOptions = {}): Promise<EquityReport> {
    const { signal, onProgress } = options;
    const board = job.board ?? '';
    const dead = job.dead ?? '';
    const keep = job.keepThreshold ?? DEFAULT_KEEP_THRESHOLD;
    const perCombo = job.comboEquity ?? false;
    const parts: ReportParts = {
      matrix: perCombo || (job.matrix ?? true),
      nextCards: job.nextCards ?? true,
    };
    // Exact preflop equity reads the preflop table: wait for its download here, before taking a worker, so no
    // worker sits blocked on it and postflop jobs never wait behind it.
    if (usesPreflopTable(board, dead)) await this.pool.sendPreflopTable(signal);
    const work = estimateWork(job.hero, job.villain, board, dead);
    const shards = job.shards ?? this.planWork(work, board);
    if (shards <= 1) {
      const report = await this.pool.withWorker(async (api) => {
        const started = performance.now();
        // Without per-combo equities the report comes packed in one moved array (packed-report.ts).
        const whole = perCombo
          ? await api.equityReport(send(job.hero), send(job.villain), board, dead, keep, true, parts)
          : unpackReport(
              await api.equityReportPacked(send(job.hero), send(job.villain), board, dead, keep, parts),
            );
        // Timed from here, a whole job includes its messages: it can only understate the rate.
        if (board) this.recordRun(work, performance.now() - started);
        return whole;
      }, signal);
      onProgress?.(1);
      return report;
    }
    return runShardedEquity(
      {
        id: `eq-${this.nextJobId++}`,
        request: { hero: job.hero, villain: job.villain, board, dead, parts },
        shards,
        keepThreshold: keep,
        perCombo,
      },
      {
        lanes: this.pool.size,
        signal,
        onProgress,
        copy: (range) => range.slice(),
        // An idle worker is leased without a promise tick, so the first shards are posted inside the paint's event,
        // before React renders it (see useLatestJob).
        takeIdle: () => this.pool.leaseIdle(signal),
        acquire: (laneSignal) => this.pool.lease(laneSignal),
        // Split jobs keep the rate measured too: otherwise a rate understated once (a warm-up run while the page
        // was loading) would split every later job of that size, and no whole job would ever correct it.
        onShardTimed: (shardMs) => this.recordRun(work / shards, shardMs),
      },
    );
  }

  /** Equity of 2 to 6 ranges: exact when small enough, else Monte Carlo on every worker until precise enough. */
  async multiway(
    ranges: Float32Array[],
    board = '',
    dead = '',
    options: MultiwayOptions = {},
  ): Promise<MultiwayResult> {
    const { signal, onProgress } = options;
    const concatenated = concatenate(ranges);
    if (!options.forceMonteCarlo) {
      const exact = await this.pool.withWorker(
        (api) => api.multiwayExact(send(concatenated), board, dead, options.exactBudget ?? 300_000_000),
        signal,
      );
      if (exact) {
        onProgress?.(1);
        return { method: 'exact', results: exact, stdError: 0, samples: 0 };
      }
    }
    return this.monteCarlo(concatenated, board, dead, options);
  }

  /**
   * Runs one call on the next free worker of the pool, for feature clients built on the pool (flop-report.client.ts):
   * it queues like every other call and an abort stops it from starting.
   */
  async run<T>(task: (api: Remote<EngineApi>) => Promise<T> | T, options: RunOptions = {}): Promise<T> {
    return this.pool.withWorker(task, options.signal);
  }

  /**
   * Runs a tournament call on the next free worker once the tables it reads are there: the preflop table (every
   * push/fold solve reads its class matchups from it) and, with `threeWay`, the three-way all-in table, loaded into
   * that worker first. The worker is held for the whole task, so a job made of steps keeps its state in one worker
   * and an abort between steps ends it there (tournament.client.ts).
   */
  async runWithTables<T>(
    task: (api: Remote<EngineApi>) => Promise<T>,
    options: RunOptions & { threeWay?: boolean } = {},
  ): Promise<T> {
    const { signal, threeWay = false } = options;
    await this.pool.sendPreflopTable(signal);
    let table: Uint8Array | undefined;
    if (threeWay) {
      if (!this.threeWayTable)
        throw new Error('This engine client has no three-way all-in table for table solves');
      table = await untilAborted(this.threeWayTable(), signal);
    }
    return this.pool.withWorker(async (api) => {
      if (table && !(await api.threeWayTableLoaded())) await api.loadThreeWayTable(send(table));
      return task(api);
    }, signal);
  }

  /** Stops every worker now; the next call starts a fresh pool. */
  terminate(): void {
    this.pool.terminate();
  }

  private planWork(work: number, board: string): number {
    return shardCount(work, this.pool.size, parseCards(board)?.length ?? 0, this.rate);
  }

  /**
   * Keeps the rate the fastest of the latest TIMED_RUNS runs: one run slowed down by the machine changes nothing, a
   * faster engine or machine shows at once, and a machine that stays slower shows after a few jobs.
   */
  private recordRun(units: number, ms: number): void {
    this.timed = [...this.timed.slice(1 - TIMED_RUNS), { units, ms }];
    this.rate = measuredUnitsPerMs(this.timed);
  }

  private async monteCarlo(
    ranges: Float32Array,
    board: string,
    dead: string,
    options: MultiwayOptions,
  ): Promise<MultiwayResult> {
    const { signal, onProgress } = options;
    const targetStdError = options.targetStdError ?? 0.0005;
    const timeBudgetMs = options.timeBudgetMs ?? 10_000;
    const jobId = `mc-${this.nextJobId++}`;
    const started = Date.now();
    const latest: MonteCarloSnapshot[] = [];
    let combined: MultiwayResult = { method: 'monte-carlo', results: [], stdError: Infinity, samples: 0 };
    const isDone = () =>
      signal?.aborted || combined.stdError <= targetStdError || Date.now() - started >= timeBudgetMs;

    const stream = (streamIndex: number) =>
      this.pool.withWorker(async (api) => {
        const seed = (options.seed ?? 0x5eed) + streamIndex * 7919;
        await api.monteCarloStart(jobId, send(ranges), board, dead, seed);
        try {
          while (!isDone()) {
            latest[streamIndex] = await api.monteCarloRun(jobId, MONTE_CARLO_BATCH);
            combined = combineSnapshots(latest.filter(Boolean));
            if (!signal?.aborted) options.onSnapshot?.(combined);
            const timeShare = (Date.now() - started) / timeBudgetMs;
            const precisionShare = (targetStdError / combined.stdError) ** 2;
            onProgress?.(Math.min(1, Math.max(timeShare, precisionShare)));
          }
        } finally {
          await api.monteCarloStop(jobId);
        }
      }, signal);

    await Promise.all(Array.from({ length: this.pool.size }, (_, index) => stream(index)));
    throwIfAborted(signal);
    onProgress?.(1);
    return combined;
  }
}

/** Pools independent Monte Carlo streams: sample-weighted means; the error of a mean of independent means. */
export function combineSnapshots(snapshots: MonteCarloSnapshot[]): MultiwayResult {
  const samples = snapshots.reduce((sum, snapshot) => sum + snapshot.samples, 0);
  const first = snapshots[0];
  if (!first || samples === 0) return { method: 'monte-carlo', results: [], stdError: Infinity, samples: 0 };
  const weighted = (pick: (totals: SideTotals) => number, side: number) =>
    snapshots.reduce((sum, snapshot) => sum + pick(snapshot.results[side]!) * snapshot.samples, 0) / samples;
  const results = first.results.map((_, side) => ({
    equity: weighted((totals) => totals.equity, side),
    win: weighted((totals) => totals.win, side),
    tie: weighted((totals) => totals.tie, side),
    lose: weighted((totals) => totals.lose, side),
    combos: first.results[side]!.combos,
  }));
  const variance = snapshots.reduce((sum, snapshot) => sum + (snapshot.stdError * snapshot.samples) ** 2, 0);
  return { method: 'monte-carlo', results, stdError: Math.sqrt(variance) / samples, samples };
}

function concatenate(ranges: Float32Array[]): Float32Array {
  const result = new Float32Array(ranges.reduce((sum, range) => sum + range.length, 0));
  let offset = 0;
  for (const range of ranges) {
    result.set(range, offset);
    offset += range.length;
  }
  return result;
}
