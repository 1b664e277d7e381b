import { describe, expect, it } from 'vitest';

import { HAND_CLASSES } from '../../../contract/hands.ts';
import { cashDefence, cashOpens } from './cash-packs.ts';
import { handsOf } from './notation.ts';
import { pushFold } from './pushfold-pack.ts';

describe('range notation', () => {
  it('expands pairs, plus ranges and spans', () => {
    expect(handsOf('QQ+')).toEqual(['AA', 'KK', 'QQ']);
    expect(handsOf('99-77')).toEqual(['99', '88', '77']);
    expect(handsOf('K9s+')).toEqual(['KQs', 'KJs', 'KTs', 'K9s']);
    expect(handsOf('A5s-A3s')).toEqual(['A5s', 'A4s', 'A3s']);
    expect(handsOf('AK')).toEqual(['AKs', 'AKo']);
    expect(handsOf('22+')).toHaveLength(13);
  });

  it('rejects unreadable tokens', () => {
    expect(() => handsOf('AXs')).toThrow(/cannot read/);
  });

  it('seed packs use only real hand classes with weights summing to at most 100', () => {
    const valid = new Set(HAND_CLASSES);
    const visit = (nodes: (typeof cashOpens)['nodes']): number =>
      nodes.reduce((count, node) => {
        for (const [hand, cell] of Object.entries(node.pairs ?? {})) {
          expect(valid.has(hand), hand).toBe(true);
          const colors = Array.isArray(cell) ? cell : cell.colors;
          expect(colors.reduce((sum, entry) => sum + entry.weight, 0)).toBeLessThanOrEqual(100);
        }
        return count + (node.kind === 'range' ? 1 : 0) + visit(node.children ?? []);
      }, 0);
    expect(visit(cashOpens.nodes)).toBe(5);
    expect(visit(cashDefence.nodes)).toBe(6);
    expect(visit(pushFold.nodes)).toBe(10);
  });

  it('opening ranges widen from UTG to BTN', () => {
    const sizes = cashOpens.nodes.slice(0, 4).map((node) => Object.keys(node.pairs ?? {}).length);
    expect([...sizes].sort((a, b) => a - b)).toEqual(sizes);
  });
});
