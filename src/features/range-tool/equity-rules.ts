// The equity panel's result (SPEC §3 "Equity result": statistics, heat, totals, hand, matrix) and its pure rules.
import type { CategoryStat, EquityReport, NextCard, SideTotals } from '@/engine/engine-types';

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
}

export const emptyEquityResult = (): EquityResult => ({
  statistics: [],
  heat: [],
  totals: null,
  hand: null,
  matrix: [],
  nextCards: [],
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
  };
}

/** The next-card chips grouped by their effect, each list ordered by equity (best first). */
export function groupNextCards(cards: readonly NextCard[]): Record<NextCard['change'], NextCard[]> {
  const groups: Record<NextCard['change'], NextCard[]> = { increase: [], keep: [], reduce: [] };
  for (const card of cards) groups[card.change]?.push(card);
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
