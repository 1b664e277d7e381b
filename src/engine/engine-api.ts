// The engine API that each worker exposes through Comlink. It wraps the wasm module's functions one to one and
// keeps the Monte Carlo jobs a worker is running, so that the client can advance them in batches and stop them.
import { transfer } from 'comlink';

import type * as EquityWasm from '@equity-wasm';

import type {
  CategoryStat,
  EquityReport,
  FlopPlan,
  FlopRow,
  HandRankInfo,
  HeadsUpSolution,
  HeadsUpSpot,
  NotationStyle,
  SideTotals,
  TableProgress,
  TableSolution,
  TableSpot,
  ThresholdChart,
} from './engine-types.ts';
import { estimateWork } from './equity-schedule.ts';

export type EquityWasmModule = typeof EquityWasm;

/** Progress of one Monte Carlo stream after a batch. */
export interface MonteCarloSnapshot {
  results: SideTotals[];
  stdError: number;
  samples: number;
}

/**
 * The parts of a heads-up report a job computes besides the totals; a part left out costs nothing and comes back
 * empty (no class equities, no next cards).
 */
export interface ReportParts {
  /** Per-combo sums: the class equities (the heat map) and, when asked, the 1326 per-combo equities. */
  matrix: boolean;
  /** The next-card lists (flop and turn). */
  nextCards: boolean;
}

export const ALL_PARTS: ReportParts = { matrix: true, nextCards: true };

/** The request of a sharded job. */
export interface ShardRequest {
  hero: Float32Array;
  villain: Float32Array;
  board: string;
  dead: string;
  /** Every part when omitted. */
  parts?: ReportParts;
}

/**
 * The part of a MessagePort a tally travels through, written so the DOM's and worker_threads' ports both fit.
 * A port keeps what was posted to it until it is started, also while it is being transferred.
 */
export interface TallyPort {
  postMessage(message: unknown, transfer: ArrayBuffer[]): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  start(): void;
  close(): void;
}

/** What a worker joining a sharded job receives with its first shard: the request, and where its tallies go. */
export interface ShardJoin extends ShardRequest {
  /**
   * Each shard's tally (or null when the shard failed) is posted here as soon as it is done. A worker that joins
   * with the job's last shard gets none: it keeps its own tally, and a port it never uses would only make the
   * message that starts the job's critical path larger and slower to receive.
   */
  port?: TallyPort;
}

/** Work units and milliseconds of warm-up rounds. */
export interface WarmUpRound {
  units: number;
  ms: number;
}

/** The answer of a sharded job's last shard: the job's report, and how long that worker computed its own shard. */
export interface ShardFinished {
  /** Packed (see packed-report.ts) unless the job asked for the per-combo equities. */
  report: EquityReport | Float64Array;
  /** Milliseconds the finishing worker spent on its own shard's tally alone (no messages, no waiting). */
  shardMs: number;
}

/** What the worker running a sharded job's last shard needs to finish it. */
export interface ShardFinish {
  keepThreshold: number;
  /** Whether the report carries the 1326 per-combo equities. */
  perCombo: boolean;
  /** The receiving end of every participant's channel. */
  ports: TallyPort[];
  /** Tallies to receive on them in all: the job's other shards. */
  expected: number;
}

/**
 * The first `expected` messages arriving on `ports` (tallies, or null for a failed shard); every port is closed
 * once they are in. Rejects on a null: the job lost a part.
 */
function receiveTallies(ports: TallyPort[], expected: number): Promise<Float64Array[]> {
  return new Promise((resolve, reject) => {
    const tallies: Float64Array[] = [];
    const done = (outcome: () => void) => {
      for (const port of ports) port.close();
      outcome();
    };
    if (expected === 0) {
      done(() => resolve(tallies));
      return;
    }
    for (const port of ports) {
      port.addEventListener('message', ({ data }) => {
        if (!(data instanceof Float64Array)) {
          done(() => reject(new Error('A shard of the job failed')));
          return;
        }
        tallies.push(data);
        if (tallies.length === expected) done(() => resolve(tallies));
      });
      port.start();
    }
  });
}

/** The tallies end to end, as the engine's `finishTalliesPacked` takes them. */
function concatenate(tallies: Float64Array[]): Float64Array {
  const all = new Float64Array(tallies.reduce((sum, tally) => sum + tally.length, 0));
  let offset = 0;
  for (const tally of tallies) {
    all.set(tally, offset);
    offset += tally.length;
  }
  return all;
}

/** Hands a typed array back to the caller by moving its buffer instead of copying it. */
const moved = <T extends Float32Array | Float64Array>(array: T): T => transfer(array, [array.buffer]);

/** A real mid-sized flop job (about 120 vs 250 combos) that warms V8's wasm tiers before the first paint. */
const WARM_UP = {
  hero: '77+, ATs+, KJs+, QJs, AJo+, KQo',
  villain: '22-66, A2s-A9s, K9s-KTs, QTs+, JTs',
  board: 'Qs7h2d',
};

/** A job made of steps that lives in one worker between calls, by id. */
function jobs<Job extends { free(): void }>() {
  const running = new Map<string, Job>();
  return {
    start(id: string, job: Job) {
      running.get(id)?.free();
      running.set(id, job);
    },
    get(id: string): Job {
      const job = running.get(id);
      if (!job) throw new Error(`Unknown job ${id}`);
      return job;
    },
    drop(id: string) {
      running.get(id)?.free();
      running.delete(id);
    },
  };
}

export function createEngineApi(wasm: EquityWasmModule) {
  const monteCarloJobs = new Map<string, EquityWasm.MonteCarloJob>();
  const thresholdJobs = jobs<EquityWasm.ThresholdJob>();
  const tableJobs = jobs<EquityWasm.TableJob>();
  // Sharded exact jobs: the request and the port for the tallies arrive once, with the worker's first shard.
  const shardedJobs = new Map<string, ShardJoin>();
  const forgetShardedJob = (id: string) => {
    shardedJobs.get(id)?.port?.close();
    shardedJobs.delete(id);
  };
  const tallyOf = (
    { hero, villain, board, dead, parts = ALL_PARTS }: ShardRequest,
    index: number,
    count: number,
  ) => wasm.equityTally(hero, villain, board, dead, index, count, parts.matrix, parts.nextCards);
  const merge = (tallies: Float64Array[]): Float64Array => {
    const [first, ...rest] = tallies;
    if (!first) throw new Error('No tallies to merge');
    return rest.reduce((merged, tally) => wasm.mergeTallies(merged, tally), first);
  };

  return {
    version: (): string => wasm.engineVersion(),
    /** Which build the worker runs: "simd128" or "scalar". */
    build: (): string => wasm.engineBuild(),
    /** Loads the preflop table (checked by the engine); returns its number of entries. */
    loadPreflopTable: (bytes: Uint8Array): number => wasm.loadPreflopTable(bytes),
    rankHand: (cards: string): HandRankInfo => wasm.rankHand(cards),
    /** Text the engine cannot read throws its RangeTextIssue as it is (engine.client.ts makes it an Error). */
    parseRange: (text: string): Float32Array => moved(wasm.parseRange(text)),
    rangeToNotation: (weights: Float32Array): string => wasm.rangeToNotation(weights),
    rangeToText: (weights: Float32Array, style: NotationStyle): string => wasm.rangeToText(weights, style),
    classWeightsToRange: (grid: Float32Array): Float32Array => moved(wasm.classWeightsToRange(grid)),
    equityTally: (
      hero: Float32Array,
      villain: Float32Array,
      board: string,
      dead: string,
      shardIndex: number,
      shardCount: number,
      parts: ReportParts = ALL_PARTS,
    ): Float64Array =>
      moved(
        wasm.equityTally(hero, villain, board, dead, shardIndex, shardCount, parts.matrix, parts.nextCards),
      ),
    mergeTallies: (tallies: Float64Array[]): Float64Array => moved(merge(tallies)),
    finishEquity: (tally: Float64Array, keepThreshold: number): EquityReport =>
      wasm.finishEquity(tally, keepThreshold),
    /** A whole job in one call: the tally never leaves the worker. */
    equityReport: (
      hero: Float32Array,
      villain: Float32Array,
      board: string,
      dead: string,
      keepThreshold: number,
      perCombo = true,
      parts: ReportParts = ALL_PARTS,
    ): EquityReport =>
      wasm.finishEquity(
        wasm.equityTally(hero, villain, board, dead, 0, 1, parts.matrix, parts.nextCards),
        keepThreshold,
        perCombo,
      ),
    /**
     * A whole job in one call, its report (without per-combo equities) packed as one array that moves to the caller
     * (unpackReport in packed-report.ts reads it): the engine builds no objects and the message carries no tree.
     */
    equityReportPacked: (
      hero: Float32Array,
      villain: Float32Array,
      board: string,
      dead: string,
      keepThreshold: number,
      parts: ReportParts = ALL_PARTS,
    ): Float64Array =>
      moved(
        wasm.equityReportPacked(hero, villain, board, dead, keepThreshold, parts.matrix, parts.nextCards),
      ),
    /** Merges the shards' tallies and finishes the report in one call. */
    finishTallies: (tallies: Float64Array[], keepThreshold: number): EquityReport =>
      wasm.finishEquity(merge(tallies), keepThreshold),
    /**
     * Runs a real flop job `rounds` times so the optimising tier compiles the hot loops; returns its estimated work
     * (all rounds) and the time taken, from which the pool measures its workers' rate (equity-schedule.ts).
     */
    warmUp: (rounds: number): WarmUpRound => {
      const hero = wasm.parseRange(WARM_UP.hero);
      const villain = wasm.parseRange(WARM_UP.villain);
      const started = performance.now();
      for (let round = 0; round < rounds; round += 1) {
        wasm.finishEquity(wasm.equityTally(hero, villain, WARM_UP.board, '', 0, 1), 0.02);
      }
      return {
        units: rounds * estimateWork(hero, villain, WARM_UP.board, ''),
        ms: performance.now() - started,
      };
    },
    /**
     * Computes shard `index` of `count` of job `id` (whose request comes with the worker's first shard, `join`) and
     * posts its tally on the job's port. With `finish` (the job's last shard) it keeps the tally instead, merges it
     * with the job's other `finish.expected` tallies as they arrive on `finish.ports` and returns the report with
     * its own shard's compute time (from which the pool keeps measuring its workers' rate); a failed shard
     * elsewhere (a null on a port) makes the job fail.
     */
    shardRun: async (
      id: string,
      index: number,
      count: number,
      join?: ShardJoin,
      finish?: ShardFinish,
    ): Promise<ShardFinished | undefined> => {
      if (join) {
        forgetShardedJob(id);
        shardedJobs.set(id, join);
      }
      const job = shardedJobs.get(id);
      if (!job) throw new Error(`Unknown sharded job ${id}`);
      if (finish) {
        // The others' tallies queue on the ports meanwhile; they are read once this shard is done. The job's own
        // port stays open until then: this worker's earlier tallies may still be on their way through it.
        shardedJobs.delete(id);
        // Listening before the shard starts: a tally that arrives meanwhile is queued for delivery right after it,
        // instead of waiting for the ports to be started and read one event-loop turn later.
        const receiving = receiveTallies(finish.ports, finish.expected);
        receiving.catch(() => undefined);
        try {
          const started = performance.now();
          const own = tallyOf(job, index, count);
          const shardMs = performance.now() - started;
          const tallies = [own, ...(await receiving)];
          if (finish.perCombo) {
            return { report: wasm.finishEquity(merge(tallies), finish.keepThreshold, true), shardMs };
          }
          const packed = wasm.finishTalliesPacked(concatenate(tallies), tallies.length, finish.keepThreshold);
          return transfer({ report: packed, shardMs }, [packed.buffer as ArrayBuffer]);
        } finally {
          for (const port of finish.ports) port.close();
          job.port?.close();
        }
      }
      const port = job.port;
      if (!port) throw new Error(`Sharded job ${id} has no port for the tallies of shards before its last`);
      let tally: Float64Array | null = null;
      try {
        tally = tallyOf(job, index, count);
      } finally {
        // The finishing worker counts on one message per shard: a failed shard sends null.
        port.postMessage(tally, tally ? [tally.buffer as ArrayBuffer] : []);
      }
      return undefined;
    },
    /** Forgets a sharded job (its ranges and port) once it has ended. */
    shardDrop: (id: string): void => forgetShardedJob(id),
    handCategories: (range: Float32Array, board: string, dead: string): CategoryStat[] =>
      wasm.handCategories(range, board, dead),
    /** The flop report's flops: one per orbit of the suit symmetry both ranges keep, with its weight. */
    flopReportPlan: (hero: Float32Array, villain: Float32Array): FlopPlan =>
      wasm.flopReportPlan(hero, villain),
    /** Exact report rows of some flops ("AsKs2s Th9h8d", one weight each). */
    flopReportRows: (
      hero: Float32Array,
      villain: Float32Array,
      flops: string,
      weights: Uint32Array,
    ): FlopRow[] => wasm.flopReportRows(hero, villain, flops, weights),
    multiwayExact: (
      ranges: Float32Array,
      board: string,
      dead: string,
      budget: number,
    ): SideTotals[] | undefined => wasm.multiwayExact(ranges, board, dead, budget),
    /** Malmuth-Harville prize equity of 2 to 10 stacks, in the units of the payouts. */
    icmEquity: (stacks: Float64Array, payouts: Float64Array): Float64Array =>
      moved(wasm.icmEquity(stacks, payouts)),
    /** Heads-up push/fold equilibrium (a few milliseconds: one call). */
    solveHeadsUp: (spot: HeadsUpSpot): HeadsUpSolution => wasm.solveHeadsUp(spot),
    threeWayTableLoaded: (): boolean => wasm.threeWayTableLoaded(),
    /** Loads the three-way all-in table table solves read; returns its samples per class triple. */
    loadThreeWayTable: (bytes: Uint8Array): number => wasm.loadThreeWayTable(bytes),
    /** Starts a heads-up threshold chart (`ante` big blinds each), solved stack by stack. */
    thresholdStart: (id: string, ante: number): void => thresholdJobs.start(id, new wasm.ThresholdJob(ante)),
    /** Solves up to `stacks` more stacks of the chart; returns the fraction done. */
    thresholdStep: (id: string, stacks: number): number => thresholdJobs.get(id).step(stacks),
    /** The finished chart; the job is dropped. */
    thresholdFinish: (id: string): ThresholdChart => {
      try {
        return thresholdJobs.get(id).finish();
      } finally {
        thresholdJobs.drop(id);
      }
    },
    thresholdDrop: (id: string): void => thresholdJobs.drop(id),
    /** Sets a table solve up (the three-way table must be loaded); returns the starting strategies' progress. */
    tableStart: (id: string, spot: TableSpot, tolerance?: number): TableProgress => {
      const job = new wasm.TableJob(spot, tolerance);
      tableJobs.start(id, job);
      return job.step(0);
    },
    /** Runs up to `iterations` more iterations of a table solve. */
    tableStep: (id: string, iterations: number): TableProgress => tableJobs.get(id).step(iterations),
    /** The table solve's current strategies and values. */
    tableSolution: (id: string): TableSolution => tableJobs.get(id).solution(),
    tableDrop: (id: string): void => tableJobs.drop(id),
    monteCarloStart: (id: string, ranges: Float32Array, board: string, dead: string, seed: number): void => {
      monteCarloJobs.get(id)?.free();
      monteCarloJobs.set(id, new wasm.MonteCarloJob(ranges, board, dead, seed));
    },
    monteCarloRun: (id: string, iterations: number): MonteCarloSnapshot => {
      const job = monteCarloJobs.get(id);
      if (!job) throw new Error(`Unknown Monte Carlo job ${id}`);
      job.run(iterations);
      return { results: job.results(), stdError: job.stdError(), samples: job.samples() };
    },
    monteCarloStop: (id: string): void => {
      monteCarloJobs.get(id)?.free();
      monteCarloJobs.delete(id);
    },
  };
}

export type EngineApi = ReturnType<typeof createEngineApi>;

/** The API with every method asynchronous, as a worker sees it before the wasm module has loaded. */
export type DeferredEngineApi = {
  [Name in keyof EngineApi]: (...args: Parameters<EngineApi[Name]>) => Promise<ReturnType<EngineApi[Name]>>;
};

/**
 * The API over a module that is still loading. A worker must listen for messages from its first moment: a module
 * worker that awaited the wasm at top level would drop the calls posted meanwhile. Each call waits for the module;
 * a module that fails to load rejects every call with its error instead of leaving callers hanging.
 */
export function createDeferredEngineApi(module: Promise<EquityWasmModule>): DeferredEngineApi {
  const api = module.then(createEngineApi);
  return new Proxy({} as DeferredEngineApi, {
    get:
      (_target, name: string) =>
      async (...args: unknown[]) => {
        const method = (await api)[name as keyof EngineApi] as (...methodArgs: unknown[]) => unknown;
        return method(...args);
      },
  });
}
