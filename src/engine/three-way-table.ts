// The three-way all-in table (main-pot shares of every class triple, 1.6 MB): what table push/fold solves read for
// pots of three all-in players (crates/equity/src/tournament/three_way.rs). Like the preflop table it is its own
// content-hashed asset, downloaded only when a table solve first needs it, kept in Cache Storage and handed to the
// worker that runs the solve (EngineClient.runWithTables).
import { checksumProblem, type TableFormat } from './preflop-table.ts';

/** Cache Storage cache of the three-way table. */
export const THREE_WAY_CACHE = 'rangeforge-three-way-table';

/** Unordered class triples: C(171, 3). */
const TRIPLES = 818_805;
const HEADER_BYTES = 16;

/** Header, length and FNV-1a checksum of the engine's format; the engine checks the rest when it loads it. */
export function threeWayTableProblem(bytes: Uint8Array): string | null {
  const magic = String.fromCharCode(...bytes.subarray(0, 4));
  if (bytes.length < HEADER_BYTES + 4 || magic !== 'RF3W') return 'not a three-way table file';
  const end = HEADER_BYTES + 2 * TRIPLES;
  if (bytes.length !== end + 4) return 'truncated or oversized';
  return checksumProblem(bytes, end);
}

export const THREE_WAY_FORMAT: TableFormat = { cache: THREE_WAY_CACHE, problem: threeWayTableProblem };
