// The range tool's equity: a thin feature hook over the engine's job layer (src/engine/latest-job.ts). Every change
// of the chart, colours, cards, suit choices or method starts a new job at once and aborts the superseded one.
import { useEffect, useRef } from 'react';

import type { EngineClient, MultiwayResult } from '@/engine/engine.client';
import { getEngineClient } from '@/engine/engine-instance';
import type { CategoryStat, EquityReport } from '@/engine/engine-types';
import type { JobContext } from '@/engine/latest-job';
import { useLatestJob } from '@/engine/use-latest-job';
import { atom, useSetAtom } from '@/lib/store';
import type { EquitySide } from '@contract/categories';
import { cardIndex, handRange, rangeCombos } from '@contract/hands';

import {
  boardCardsAtom,
  categoryIdAtom,
  comboExclusionsAtom,
  deadCardsAtom,
  extraVillainsAtom,
  heroSideAtom,
  holeCardsAtom,
  rangePairsAtom,
  villainSideAtom,
} from '../shared/atoms';
import { isBoardComplete } from '../shared/range-rules';
import {
  equityMethodAtom,
  equityResultAtom,
  equityStatusAtom,
  heatVisibleAtom,
  multiwayEquityAtom,
  type MultiwayFigures,
  preflopRetryAtom,
  type ResolvedSide,
  resolvedSidesAtom,
} from './atoms';
import { CountedChartSync } from './counted-chart';
import {
  cardsText,
  clearStatistics,
  type EquityResult,
  type HandEquity,
  MONTE_CARLO_TARGET_STD_ERROR,
  MONTE_CARLO_TIME_BUDGET_MS,
  resultFromMonteCarlo,
  resultFromReport,
  stepProgress,
} from './equity-rules';
import { type OpenRange, resolveSide, resolveSideNow, type SideRange } from './side-ranges';

/** What one equity job needs, built on the main thread (the 169 to 1326 expansion takes microseconds). */
interface EquityInputs {
  hero: Float32Array;
  villain: Float32Array;
  /** The hole cards as a one-combo range, when two are chosen. */
  hand: Float32Array | null;
  /** No hero range: the hole cards are the hero. */
  handOnly: boolean;
  hole: string[];
  board: string;
  boardCount: number;
  /** Dead cards as engine text: out of every range and never dealt. */
  dead: string;
  /** Whether the chart shows the heat map: the class equities are computed only then. */
  heat: boolean;
}

/** Everything an equity job reads, as one value: a new object whenever any of these atoms changes. */
const equityDepsAtom = atom((get) => ({
  pairs: get(rangePairsAtom),
  hero: get(heroSideAtom),
  villain: get(villainSideAtom),
  board: get(boardCardsAtom),
  hole: get(holeCardsAtom),
  exclusions: get(comboExclusionsAtom),
  method: get(equityMethodAtom),
  dead: get(deadCardsAtom),
  extraVillains: get(extraVillainsAtom),
  categoryId: get(categoryIdAtom),
  /** Bumped by "try again" after the preflop table failed to load. */
  preflopRetry: get(preflopRetryAtom),
  heat: get(heatVisibleAtom),
}));

/**
 * Keeps `equityResultAtom` and `equityStatusAtom` (idle / running with progress and live Monte Carlo figures / done /
 * error) up to date with the range tool's inputs. The previous result stays shown while a new job runs.
 */
export function useRangeEquity() {
  const setMultiway = useSetAtom(multiwayEquityAtom);
  const setResolved = useSetAtom(resolvedSidesAtom);
  const setResult = useSetAtom(equityResultAtom);
  const setStatus = useSetAtom(equityStatusAtom);
  // The hero's hand categories change only with the hero range, board and dead cards: a paint of the villain's
  // range reuses them instead of asking a worker again.
  const categoriesMemo = useRef(new CategoriesMemo());
  // The counting views follow a paint once its figures are shown (counted-chart.ts).
  const counted = useRef(new CountedChartSync());
  useEffect(() => {
    const sync = counted.current;
    return () => sync.stop();
  }, []);

  useLatestJob(
    equityDepsAtom,
    ({ pairs, hero, villain, board, hole, exclusions, method, dead, extraVillains, categoryId, heat }) => {
      const open: OpenRange = { categoryId, pairs, exclusions };
      const taken = new Set([...board, ...dead].map(cardIndex));
      // A villain's hole cards cannot be the hero's either.
      const takenByHero = new Set([...taken, ...hole.map(cardIndex)]);
      const hand = handRange(hole);
      const heroNow = resolveSideNow(hero, open, taken);
      const villainNow = resolveSideNow(villain, open, takenByHero);
      const publishNow = (sides: Record<string, SideRange | undefined>) =>
        setResolved((shown) => mergeResolved(shown, sides));
      const unplayable = (heroRange: SideRange, villainRange: SideRange) =>
        !villainRange.range || (!heroRange.range && !hand);
      if (!isBoardComplete(board.length) || (heroNow && villainNow && unplayable(heroNow, villainNow))) {
        publishNow({ hero: heroNow, 'villain-1': villainNow });
        setResult(clearStatistics());
        setMultiway(null);
        counted.current.now();
        return null;
      }
      counted.current.later();
      const engine = getEngineClient();
      const memo = categoriesMemo.current;
      const sync = counted.current;
      return async (context: JobContext): Promise<EquityResult> => {
        const { signal } = context;
        const publish = (figures: MultiwayFigures | null) => {
          if (!signal.aborted) setMultiway(figures);
        };
        const side = (now: SideRange | undefined, value: EquitySide, cards: ReadonlySet<number>) =>
          now ? Promise.resolve(now) : resolveSide(value, open, cards, engine, signal);
        try {
          const [heroRange, villainRange] = await Promise.all([
            side(heroNow, hero, taken),
            side(villainNow, villain, takenByHero),
          ]);
          if (!signal.aborted) publishNow({ hero: heroRange, 'villain-1': villainRange });
          if (unplayable(heroRange, villainRange)) {
            publish(null);
            return clearStatistics();
          }
          const handOnly = !heroRange.range;
          const inputs: EquityInputs = {
            villain: villainRange.range!,
            hero: handOnly ? hand! : heroRange.range!,
            hand,
            handOnly,
            hole,
            board: cardsText(board),
            boardCount: board.length,
            dead: cardsText(dead),
            heat,
          };
          const multiway = async () => {
            const resolved = await Promise.all(
              extraVillains.map((value) => resolveSide(value, open, takenByHero, engine, signal)),
            );
            if (!signal.aborted)
              publishNow(Object.fromEntries(resolved.map((range, index) => [`villain-${index + 2}`, range])));
            const more = resolved.flatMap((villainSide, index) =>
              villainSide.range ? [{ range: villainSide.range, key: `villain-${index + 2}` }] : [],
            );
            publish(more.length ? await multiwayJob(engine, inputs, more, signal, publish) : null);
          };
          const [result] = await Promise.all([
            method === 'monte-carlo'
              ? monteCarloJob(engine, inputs, memo, context)
              : exactJob(engine, inputs, memo, context),
            multiway(),
          ]);
          return result;
        } finally {
          sync.settled();
        }
      };
    },
    setStatus,
    setResult,
  );
}

/**
 * The shown sides with the newly resolved ones; the same figures keep the shown object, so nothing that shows them
 * re-renders after a paint that did not change them. A removed villain's key stays unread until a villain takes it.
 */
function mergeResolved(
  shown: Record<string, ResolvedSide>,
  sides: Record<string, SideRange | undefined>,
): Record<string, ResolvedSide> {
  let next: Record<string, ResolvedSide> | null = null;
  for (const [key, side] of Object.entries(sides)) {
    if (!side) continue;
    const resolved = { combos: side.range ? rangeCombos(side.range) : 0, issue: side.issue };
    const current = shown[key];
    if (current && current.combos === resolved.combos && current.issue === resolved.issue) continue;
    next = { ...(next ?? shown), [key]: resolved };
  }
  return next ?? shown;
}

/** The last hand-category statistics the engine computed, with the inputs they belong to. */
class CategoriesMemo {
  private last: { range: Float32Array; board: string; dead: string; stats: CategoryStat[] } | null = null;

  get(engine: EngineClient, inputs: EquityInputs, signal: AbortSignal): Promise<CategoryStat[]> {
    if (inputs.boardCount < 3) return Promise.resolve([]);
    const { hero: range, board, dead } = inputs;
    const last = this.last;
    if (last && last.board === board && last.dead === dead && sameWeights(last.range, range)) {
      return Promise.resolve(last.stats);
    }
    return engine.handCategories(range, board, dead, { signal }).then((stats) => {
      this.last = { range, board, dead, stats };
      return stats;
    });
  }
}

/** A plain loop: it runs inside the paint's event, after the job is posted and before React renders the cell. */
function sameWeights(a: Float32Array, b: Float32Array): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) return false;
  return true;
}

function handCategory(engine: EngineClient, inputs: EquityInputs, signal: AbortSignal) {
  return inputs.hand && inputs.boardCount >= 3
    ? engine.rankHand(`${cardsText(inputs.hole)}${inputs.board}`, { signal }).then((rank) => rank.category)
    : Promise.resolve(null);
}

/** Exact equity of the ranges (and of the hole cards against the villain), categories and next cards. */
async function exactJob(
  engine: EngineClient,
  inputs: EquityInputs,
  categories: CategoriesMemo,
  context: JobContext,
): Promise<EquityResult> {
  const { signal } = context;
  // The hand's figure is its equity alone: the engine computes neither class equities nor next cards for it. Without
  // a hero range the hand is the hero, and the range job's equity is the hand's.
  const handJob = async (range: Promise<EquityReport>): Promise<HandEquity | null> => {
    if (!inputs.hand) return null;
    const [report, category] = await Promise.all([
      inputs.handOnly
        ? range
        : engine.equity(
            {
              hero: inputs.hand,
              villain: inputs.villain,
              board: inputs.board,
              dead: inputs.dead,
              matrix: false,
              nextCards: false,
            },
            { signal },
          ),
      handCategory(engine, inputs, signal),
    ]);
    return { cards: inputs.hole, equity: report.hero.equity, category };
  };
  // The range equity takes the idle workers first, inside the paint's event: asked first, the categories held a
  // worker that a split job's second shard then waited for until the main thread had rendered the paint and taken
  // the categories' answer. Queued behind the shards, they run on the first worker whose part is done, beside the
  // job's last shard (a fraction of a millisecond against its milliseconds).
  const range = engine.equity(
    {
      hero: inputs.hero,
      villain: inputs.villain,
      board: inputs.board,
      dead: inputs.dead,
      matrix: inputs.heat,
    },
    { signal, onProgress: context.progress },
  );
  const [report, statistics, hand] = await Promise.all([
    range,
    categories.get(engine, inputs, signal),
    handJob(range),
  ]);
  return resultFromReport(report, statistics, hand);
}

/**
 * Monte Carlo equity of the ranges, then of the hole cards when both are set (without a hero range the hand is the
 * hero and one run gives both figures). Live figures come from the engine client after every batch.
 */
async function monteCarloJob(
  engine: EngineClient,
  inputs: EquityInputs,
  categories: CategoriesMemo,
  context: JobContext,
): Promise<EquityResult> {
  const { signal } = context;
  const steps = inputs.hand && !inputs.handOnly ? 2 : 1;
  const run = (ranges: Float32Array[], step: number) =>
    engine.multiway(ranges, inputs.board, inputs.dead, {
      signal,
      forceMonteCarlo: true,
      targetStdError: MONTE_CARLO_TARGET_STD_ERROR,
      timeBudgetMs: MONTE_CARLO_TIME_BUDGET_MS,
      onProgress: (fraction) => context.progress(stepProgress(step, steps, fraction)),
      onSnapshot: (snapshot: MultiwayResult) =>
        context.live({
          samples: snapshot.samples,
          estimate: snapshot.results[0]?.equity ?? Number.NaN,
          stdError: snapshot.stdError,
        }),
    });
  const range = await run([inputs.hero, inputs.villain], 0);
  const handRun = steps === 2 ? await run([inputs.hand!, inputs.villain], 1) : null;
  const [statistics, category] = await Promise.all([
    categories.get(engine, inputs, signal),
    handCategory(engine, inputs, signal),
  ]);
  return resultFromMonteCarlo(
    range,
    statistics,
    inputs.hand ? { run: handRun ?? range, cards: inputs.hole, category } : null,
  );
}

/**
 * Every player's figures when more villains are in (hero, villain, then the others): exact when the engine's budget
 * allows, else Monte Carlo to the panel's precision, with each batch's snapshot published while it samples.
 */
async function multiwayJob(
  engine: EngineClient,
  inputs: EquityInputs,
  more: Array<{ range: Float32Array; key: string }>,
  signal: AbortSignal,
  publish: (figures: MultiwayFigures | null) => void,
): Promise<MultiwayFigures> {
  const keys = ['hero', 'villain-1', ...more.map((villain) => villain.key)];
  const figures = (result: MultiwayResult, running: boolean): MultiwayFigures => ({
    method: result.method,
    players: result.results.map(({ equity, win, tie }) => ({ equity, win, tie })),
    keys,
    stdError: result.stdError,
    samples: result.samples,
    running,
  });
  const result = await engine.multiway(
    [inputs.hero, inputs.villain, ...more.map((villain) => villain.range)],
    inputs.board,
    inputs.dead,
    {
      signal,
      targetStdError: MONTE_CARLO_TARGET_STD_ERROR,
      timeBudgetMs: MONTE_CARLO_TIME_BUDGET_MS,
      onSnapshot: (snapshot) => publish(figures(snapshot, true)),
    },
  );
  return figures(result, false);
}
