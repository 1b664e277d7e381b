// The equity panel's result (SPEC §3 "Equity result": statistics, heat, totals, hand, matrix) and its pure rules.
import type { CategoryStat, EquityReport, NextCard, SideTotals } from '@/engine/engine-types';
import { formatPercent } from '@/lib/format';
import { cardIndex } from '@contract/hands';

export interface HandEquity {
  cards: string[];
  equity: number;
  /** Made-hand category of the hole cards on the board, when the board has 3+ cards. */
  category: string | null;
}

export interface EquityResult {
  /** Hand-category statistics of the hero range on the board. */
  statistics: CategoryStat[];
  /** 169 heat colours (grid order), '' for classes without live combos. */
  heat: string[];
  totals: { hero: SideTotals; villain: SideTotals } | null;
  hand: HandEquity | null;
  /** 169 class equities of the hero range (grid order), NaN = empty. */
  matrix: number[];
  nextCards: NextCard[];
  /** Set when the figures come from Monte Carlo: samples and standard errors (fractions) of the equities. */
  monteCarlo: MonteCarloFigures | null;
}

export interface MonteCarloFigures {
  samples: number;
  stdError: number;
  /** Standard error of the hand equity, when hole cards are set. */
  handStdError: number | null;
}

/** How the panel computes equity: exact enumeration (with heat map and next cards) or Monte Carlo sampling. */
export type EquityMethod = 'exact' | 'monte-carlo';
export const EQUITY_METHODS: readonly EquityMethod[] = ['exact', 'monte-carlo'];

/** Monte Carlo stops at this standard error of the range equity or after this long, whichever comes first. */
export const MONTE_CARLO_TARGET_STD_ERROR = 0.001;
export const MONTE_CARLO_TIME_BUDGET_MS = 5000;

export const emptyEquityResult = (): EquityResult => ({
  statistics: [],
  heat: [],
  totals: null,
  hand: null,
  matrix: [],
  nextCards: [],
  monteCarlo: null,
});

/** SPEC §4: clearing statistics resets statistics, totals, hand, matrix and heat (and the next-card lists). */
export function clearStatistics(): EquityResult {
  return emptyEquityResult();
}

/** Heat colour of one equity: red (0) through amber to green (1), as an hsl() string. */
export function heatColor(equity: number): string {
  if (!Number.isFinite(equity)) return '';
  const clamped = Math.min(1, Math.max(0, equity));
  return `hsl(${Math.round(clamped * 120)} 70% 42%)`;
}

/** Builds the result from the engine's report (and the optional hand equity and category statistics). */
export function resultFromReport(
  report: EquityReport,
  statistics: CategoryStat[],
  hand: HandEquity | null,
): EquityResult {
  const matrix = Array.from(report.matrix);
  return {
    statistics,
    heat: matrix.map(heatColor),
    totals: { hero: report.hero, villain: report.villain },
    hand,
    matrix,
    nextCards: report.next_cards,
    monteCarlo: null,
  };
}

/** The Monte Carlo part of a result: what sampling gives (no heat map, class matrix or next cards). */
export interface MonteCarloRun {
  results: SideTotals[];
  stdError: number;
  samples: number;
}

/**
 * Builds the result from Monte Carlo runs: the range run (hero, villain) and the optional hand run (the hole cards
 * as a one-combo range against the villain). Heat, matrix and next cards stay empty: they need exact mode.
 */
export function resultFromMonteCarlo(
  range: MonteCarloRun,
  statistics: CategoryStat[],
  hand: { run: MonteCarloRun; cards: string[]; category: string | null } | null,
): EquityResult {
  const [hero, villain] = range.results;
  return {
    statistics,
    heat: [],
    totals: hero && villain ? { hero, villain } : null,
    hand:
      hand && hand.run.results[0]
        ? { cards: hand.cards, equity: hand.run.results[0].equity, category: hand.category }
        : null,
    matrix: [],
    nextCards: [],
    monteCarlo: {
      samples: range.samples,
      stdError: range.stdError,
      handStdError: hand ? hand.run.stdError : null,
    },
  };
}

/** Overall progress of jobs run one after another: `step` (0-based) of `steps` is `fraction` done. */
export function stepProgress(step: number, steps: number, fraction: number): number {
  if (steps <= 0) return 1;
  const clamped = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0));
  return Math.min(1, (step + clamped) / steps);
}

/**
 * A standard error (fraction) as the panel shows it next to an equity, in the interface language: "± 0.10%" in en,
 * "± 0,10 %" in es; '' when not known.
 */
export function formatStdError(stdError: number | null | undefined, language = 'en-US'): string {
  if (stdError === null || stdError === undefined || !Number.isFinite(stdError)) return '';
  return `± ${formatPercent(stdError, language, 2)}`;
}

/** The next-card chips grouped by their effect, each list ordered by equity (best first). */
/**
 * Next cards by change, best first. `dead` are cards that cannot come (the hero's own hole cards): the engine deals
 * next cards against the ranges only, so a card in the hero's hand would otherwise be listed as a possible turn.
 */
export function groupNextCards(
  cards: readonly NextCard[],
  dead: readonly string[] = [],
): Record<NextCard['change'], NextCard[]> {
  const groups: Record<NextCard['change'], NextCard[]> = { increase: [], keep: [], reduce: [] };
  const deadIndexes = new Set(dead.map(cardIndex));
  for (const card of cards) if (!deadIndexes.has(cardIndex(card.card))) groups[card.change]?.push(card);
  for (const list of Object.values(groups)) list.sort((a, b) => b.equity - a.equity);
  return groups;
}

/** Board text for the engine ("10h" → "Th"), which reads both spellings; kept explicit for the CLI parity test. */
export const cardsText = (cards: readonly string[]) => cards.map((card) => card.replace('10', 'T')).join('');

/** Random distinct cards not in `taken`, for the random flop / turn / river buttons. */
export function randomCards(
  all: readonly string[],
  taken: readonly string[],
  count: number,
  random: () => number = Math.random,
): string[] {
  const pool = all.filter((card) => !taken.includes(card));
  const picked: string[] = [];
  while (picked.length < count && pool.length) {
    picked.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  }
  return picked;
}
