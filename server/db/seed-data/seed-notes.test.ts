// The seeded charts' names and notes state what the charts hold: checked here against a count of every one of the
// 1326 two-card combos (not the share code the notes are written with), in each of the four languages.
import { describe, expect, it } from 'vitest';

import { LANGUAGES } from '../../../contract/languages.ts';
import { localizePack, type PackContent, type TemplateNode } from '../../modules/shop/templates.ts';
import { ALL_IN, CALL, cashDefence, cashOpens, RAISE } from './cash-packs.ts';
import { FIGURES, headsUpAt } from './figures.ts';
import { pushFold } from './pushfold-pack.ts';

const RANKS = '23456789TJQKA';

/** The class of two cards given as rank (0..12) and suit (0..3). */
function classOf(r1: number, s1: number, r2: number, s2: number): string {
  const [high, low] = r1 >= r2 ? [r1, r2] : [r2, r1];
  if (high === low) return `${RANKS[high]}${RANKS[low]}`;
  return `${RANKS[high]}${RANKS[low]}${s1 === s2 ? 's' : 'o'}`;
}

/** Share (0..1) of all 1326 combos a chart plays, by enumerating the deck; of one colour when given. */
function enumeratedShare(node: TemplateNode, color?: string): number {
  let total = 0;
  let combos = 0;
  for (let a = 0; a < 52; a += 1) {
    for (let b = a + 1; b < 52; b += 1) {
      combos += 1;
      const cell = node.pairs?.[classOf(a >> 2, a & 3, b >> 2, b & 3)];
      const entries = cell ? (Array.isArray(cell) ? cell : cell.colors) : [];
      total += entries.filter((e) => !color || e.color === color).reduce((sum, e) => sum + e.weight / 100, 0);
    }
  }
  expect(combos).toBe(1326);
  return total / combos;
}

/** The text with decimal commas as points and no spaces, so "27,9 %" reads as "27.9%". */
const plain = (text: string) => text.replace(/(\d),(\d)/g, '$1.$2').replace(/[\s\u00a0\u202f]/g, '');
/** A share as the notes print it: rounded half up (as Intl does), `digits` decimals. */
const pctText = (share: number, digits: number) =>
  `${(Math.round(share * 100 * 10 ** digits + 1e-6) / 10 ** digits).toFixed(digits)}%`;

function ranges(pack: PackContent): TemplateNode[] {
  const all: TemplateNode[] = [];
  const visit = (nodes: TemplateNode[]) =>
    nodes.forEach((node) => (node.kind === 'range' ? all.push(node) : visit(node.children ?? [])));
  visit(pack.nodes);
  return all;
}

describe('seeded chart notes', () => {
  it('name every cash opening chart with its share and state it in the note, in every language', () => {
    for (const language of LANGUAGES) {
      for (const node of ranges(localizePack(cashOpens, language))) {
        const share = enumeratedShare(node);
        expect(plain(node.name)).toContain(pctText(share, 0).replace('%', '%)'));
        expect(plain(node.note ?? '')).toContain(pctText(share, 1));
      }
    }
    // The chart once named "~27%" held 27.9%: the name now says what it holds.
    const co = ranges(cashOpens).find((node) => node.name.startsWith('CO'))!;
    expect(co.name).toBe('CO open (28%)');
  });

  it('state the 3-bet and call shares of every defence chart', () => {
    for (const language of LANGUAGES) {
      for (const node of ranges(localizePack(cashDefence, language))) {
        expect(plain(node.note ?? '')).toContain(pctText(enumeratedShare(node, RAISE), 1));
        expect(plain(node.note ?? '')).toContain(pctText(enumeratedShare(node, CALL), 1));
      }
    }
  });

  it('give the push/fold charts the engine’s frequencies and state their share, combos and mixed hands', () => {
    const english = ranges(pushFold);
    expect(english.map((node) => node.name)).toEqual([
      '20bb',
      '15bb',
      '10bb',
      '5bb',
      '20bb',
      '15bb',
      '10bb',
      '5bb',
      'SB push 10bb',
      'BB call 10bb',
    ]);
    for (const language of LANGUAGES) {
      for (const node of ranges(localizePack(pushFold, language))) {
        const share = enumeratedShare(node);
        expect(plain(node.note ?? '')).toContain(pctText(share, 1));
      }
    }
    const push10 = english[2]!;
    expect(push10.pairs?.['43s']).toEqual([{ color: ALL_IN, weight: 71.1 }]);
    expect(push10.pairs?.['AA']).toEqual([{ color: ALL_IN, weight: 100 }]);
    expect(push10.pairs?.['72o']).toBeUndefined();
    expect(push10.note).toContain(`${Math.round(enumeratedShare(push10) * 1326)} of 1326 combos`);
    expect(push10.note).toContain('43s is pushed 71% of the time.');
    // The shares the old typed charts got wrong (their notes said about 30/38/55/75%): now the engine's.
    const pushShares = english.slice(0, 4).map((node) => Math.round(enumeratedShare(node) * 1000) / 10);
    expect(pushShares).toEqual([40.2, 45.7, 58.3, 71.5]);
    // The call chart holds the engine's call frequencies (to a tenth of a percent per class).
    const call10 = english[6]!;
    expect(call10.pairs?.['Q6s']).toEqual([{ color: CALL, weight: 40.3 }]);
    expect(Object.keys(call10.pairs ?? {}).length).toBe(headsUpAt(10).call.filter((f) => f > 0).length);
  });

  it('compare the bubble with chips and state the equity a call needs', () => {
    const [push, call] = ranges(pushFold).slice(8);
    const chips = ranges(pushFold);
    expect(plain(push!.note!)).toContain(pctText(enumeratedShare(chips[2]!), 1));
    expect(plain(call!.note!)).toContain(pctText(enumeratedShare(chips[6]!), 1));
    expect(plain(call!.note!)).toContain(pctText(FIGURES.bubble.call_needs, 1));
    expect(call!.note).toContain('instead of 45.0%');
  });

  it('translate every name, note and button label of every pack', () => {
    for (const pack of [cashOpens, cashDefence, pushFold]) {
      const visit = (nodes: TemplateNode[]) => {
        for (const node of nodes) {
          for (const language of ['ru-RU', 'zh-CN', 'es-ES'] as const) {
            const texts = node.translations?.[language];
            expect(texts?.name, `${node.name} in ${language}`).toBeTruthy();
            if (node.kind === 'range') {
              expect(texts?.note).toBeTruthy();
              expect(texts?.note).not.toBe(node.note);
              expect(texts?.labels).toHaveLength(node.buttons?.length ?? 0);
            }
          }
          visit(node.children ?? []);
        }
      };
      visit(pack.nodes);
    }
  });
});
