// The three-way table's transport check: the engine's header, exact length and FNV-1a checksum, before the bytes are
// cached or sent to a worker.
import { describe, expect, it } from 'vitest';

import { threeWayTableProblem } from './three-way-table';

const TRIPLES = 818_805;

function tableFile(): Uint8Array {
  const body = 16 + 2 * TRIPLES;
  const bytes = new Uint8Array(body + 4);
  const view = new DataView(bytes.buffer);
  bytes.set([0x52, 0x46, 0x33, 0x57]); // RF3W
  view.setUint32(4, 1, true);
  view.setUint32(8, 16_384, true);
  view.setUint32(12, TRIPLES, true);
  for (let index = 16; index < body; index += 1) bytes[index] = (index * 13) % 85;
  let hash = 0x811c9dc5;
  for (let index = 0; index < body; index += 1) hash = Math.imul(hash ^ bytes[index]!, 0x01000193) >>> 0;
  view.setUint32(body, hash, true);
  return bytes;
}

describe('threeWayTableProblem', () => {
  it('accepts a well-formed file and names what is wrong with others', () => {
    const table = tableFile();
    expect(threeWayTableProblem(table)).toBeNull();
    expect(threeWayTableProblem(table.subarray(0, table.length - 1))).toBe('truncated or oversized');
    const flipped = table.slice();
    flipped[1000] = flipped[1000]! ^ 1;
    expect(threeWayTableProblem(flipped)).toBe('checksum mismatch');
    const other = table.slice();
    other[3] = 0x46; // RF3F
    expect(threeWayTableProblem(other)).toBe('not a three-way table file');
    expect(threeWayTableProblem(new Uint8Array(3))).toBe('not a three-way table file');
  });
});
