// Translation keys of the report's run-time names (texture groups, dimensions, columns, sides), written out so that
// tsc checks each one and the translations test finds them.
import type { Dimension, Side, SortKey } from './report-rules';

export const GROUP_LABELS = {
  monotone: 'flopReport:group.monotone',
  two_tone: 'flopReport:group.two_tone',
  rainbow: 'flopReport:group.rainbow',
  unpaired: 'flopReport:group.unpaired',
  paired: 'flopReport:group.paired',
  trips: 'flopReport:group.trips',
  A: 'flopReport:group.A',
  K: 'flopReport:group.K',
  Q: 'flopReport:group.Q',
  J: 'flopReport:group.J',
  T: 'flopReport:group.T',
  low: 'flopReport:group.low',
  connected: 'flopReport:group.connected',
  semi_connected: 'flopReport:group.semi_connected',
  disconnected: 'flopReport:group.disconnected',
} as const;

export const groupLabel = (key: string) => GROUP_LABELS[key as keyof typeof GROUP_LABELS];

export const DIMENSION_LABELS = {
  suits: 'flopReport:dimension.suits',
  pairing: 'flopReport:dimension.pairing',
  high: 'flopReport:dimension.high',
  connectedness: 'flopReport:dimension.connectedness',
} as const satisfies Record<Dimension, string>;

export const COLUMN_LABELS = {
  flop: 'flopReport:columns.flop',
  frequency: 'flopReport:columns.frequency',
  equity: 'flopReport:columns.equity',
  twoPairPlus: 'flopReport:columns.twoPairPlus',
  topPair: 'flopReport:columns.topPair',
  weakPair: 'flopReport:columns.weakPair',
  noPair: 'flopReport:columns.noPair',
  draws: 'flopReport:columns.draws',
} as const satisfies Record<SortKey, string>;

export const SIDE_LABELS = {
  hero: 'flopReport:sides.hero',
  villain: 'flopReport:sides.villain',
} as const satisfies Record<Side, string>;
