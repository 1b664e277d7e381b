// The flop report's pure rules: texture groups, weighted sums of rows, category summaries and sorting. Every figure
// of a group is a sum of the rows' additive figures times their weights (crates/equity/src/flop_report.rs), so a
// group's equity weighs each flop by how often it is dealt to these two ranges, card removal included.
import type { FlopRow } from '@/engine/engine-types';

/** All flops, C(52, 3). */
export const ALL_FLOPS = 22_100;
export const EQUITY_BUCKETS = 10;

export type Dimension = 'suits' | 'pairing' | 'high' | 'connectedness';
export const DIMENSIONS: readonly Dimension[] = ['suits', 'pairing', 'high', 'connectedness'];

/** Groups of each dimension in display order. */
export const GROUPS: Record<Dimension, readonly string[]> = {
  suits: ['monotone', 'two_tone', 'rainbow'],
  pairing: ['unpaired', 'paired', 'trips'],
  high: ['A', 'K', 'Q', 'J', 'T', 'low'],
  connectedness: ['connected', 'semi_connected', 'disconnected'],
};

/**
 * Category summaries, as index ranges of the engine's category order (crates/equity/src/categories.rs
 * CategoryName::ALL): made hands 0-13 partition the range, draws 14-17 may overlap them (backdoor flush draws, 18,
 * are left out).
 */
export const SUMMARIES = {
  twoPairPlus: [0, 7],
  topPair: [8, 9],
  weakPair: [10, 11],
  noPair: [12, 13],
  draws: [14, 17],
} as const satisfies Record<string, readonly [number, number]>;
export type Summary = keyof typeof SUMMARIES;
export const SUMMARY_KEYS = Object.keys(SUMMARIES) as Summary[];

export type Side = 'hero' | 'villain';

const HIGH_NAMES: Record<number, string> = { 12: 'A', 11: 'K', 10: 'Q', 9: 'J', 8: 'T' };

/** The group of a row in a dimension. */
export function groupOf(row: FlopRow, dimension: Dimension): string {
  if (dimension === 'high') return HIGH_NAMES[row.texture.high] ?? 'low';
  return row.texture[dimension];
}

/** Weighted figures of a set of rows (one flop, a texture group or the whole report). */
export interface Figures {
  /** Flops the rows stand for. */
  flops: number;
  /** Their share of all 22,100 flops. */
  frequency: number;
  /** Hero equity, NaN when no row has an outcome. */
  equity: number;
  /** Share of hero combos per 10% equity bucket. */
  distribution: number[];
  /** Share of each side's combos per summary. */
  summaries: Record<Side, Record<Summary, number>>;
}

const emptySummaries = (): Record<Summary, number> => ({
  twoPairPlus: 0,
  topPair: 0,
  weakPair: 0,
  noPair: 0,
  draws: 0,
});

/** Sums rows with their weights and turns the sums into shares. */
export function figures(rows: readonly FlopRow[]): Figures {
  let flops = 0;
  const sums = [0, 0, 0];
  const combos = [0, 0];
  const distribution = new Array<number>(EQUITY_BUCKETS).fill(0);
  const categories = { hero: emptySummaries(), villain: emptySummaries() };
  for (const row of rows) {
    flops += row.weight;
    const outcome = row.outcome;
    if (!outcome) continue;
    const w = row.weight;
    outcome.sums.forEach((value, index) => (sums[index]! += w * value));
    combos[0]! += w * outcome.combos[0];
    combos[1]! += w * outcome.combos[1];
    outcome.distribution.forEach((value, index) => (distribution[index]! += w * value));
    for (const side of ['hero', 'villain'] as const) {
      const counts = side === 'hero' ? outcome.hero_categories : outcome.villain_categories;
      for (const key of SUMMARY_KEYS) {
        const [from, to] = SUMMARIES[key];
        for (let index = from; index <= to; index += 1) categories[side][key] += w * (counts[index] ?? 0);
      }
    }
  }
  const share = (value: number, total: number) => (total > 0 ? value / total : Number.NaN);
  const hero = distribution.reduce((total, value) => total + value, 0);
  const summaries = { hero: emptySummaries(), villain: emptySummaries() };
  for (const key of SUMMARY_KEYS) {
    summaries.hero[key] = share(categories.hero[key], combos[0]!);
    summaries.villain[key] = share(categories.villain[key], combos[1]!);
  }
  return {
    flops,
    frequency: flops / ALL_FLOPS,
    equity: share(sums[0]! + sums[1]! / 2, sums[2]!),
    distribution: distribution.map((value) => share(value, hero)),
    summaries,
  };
}

export interface Group {
  key: string;
  figures: Figures;
}

/** The groups of a dimension that hold at least one row, in display order. */
export function groupRows(rows: readonly FlopRow[], dimension: Dimension): Group[] {
  const byKey = new Map<string, FlopRow[]>();
  for (const row of rows) {
    const key = groupOf(row, dimension);
    const list = byKey.get(key);
    if (list) list.push(row);
    else byKey.set(key, [row]);
  }
  return GROUPS[dimension]
    .filter((key) => byKey.has(key))
    .map((key) => ({ key, figures: figures(byKey.get(key)!) }));
}

export type SortKey = 'flop' | 'frequency' | 'equity' | Summary;
export interface Sort {
  key: SortKey;
  descending: boolean;
}

/** The value a column sorts by; rows without an outcome sort last either way. */
function sortValue(row: FlopRow, key: SortKey, side: Side, order: number): number {
  if (key === 'flop') return order;
  if (key === 'frequency') return row.weight;
  const outcome = row.outcome;
  if (!outcome) return Number.NaN;
  if (key === 'equity') return outcome.equity;
  const counts = side === 'hero' ? outcome.hero_categories : outcome.villain_categories;
  const live = outcome.combos[side === 'hero' ? 0 : 1];
  const [from, to] = SUMMARIES[key];
  let sum = 0;
  for (let index = from; index <= to; index += 1) sum += counts[index] ?? 0;
  return live > 0 ? sum / live : Number.NaN;
}

/** Rows sorted by a column (stable: equal values keep the engine's flop order). */
export function sortRows(rows: readonly FlopRow[], sort: Sort, side: Side = 'hero'): FlopRow[] {
  const keyed = rows.map((row, order) => ({ row, order, value: sortValue(row, sort.key, side, order) }));
  keyed.sort((a, b) => {
    const aMissing = Number.isNaN(a.value);
    const bMissing = Number.isNaN(b.value);
    if (aMissing !== bMissing) return aMissing ? 1 : -1;
    const difference = sort.descending ? b.value - a.value : a.value - b.value;
    return difference || a.order - b.order;
  });
  return keyed.map((entry) => entry.row);
}

/** Share of one summary of one row (for the table). */
export function rowSummary(row: FlopRow, key: Summary, side: Side): number {
  return sortValue(row, key, side, 0);
}

/** The flop as the range tool's board cards ("T" is written "10" there). */
export const boardCards = (row: FlopRow): string[] => row.cards.map((card) => card.replace(/^T/, '10'));
