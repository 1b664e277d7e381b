// A chart exported as text and imported again is the same chart, in every format, through the real engine's parser
// and printer (the wasm build the app runs): property tests over random charts of several colours, weights to two
// decimals of a percent and left-out combos; and the multi-action paste as other tools write it.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';

import { classCombos, HAND_CLASSES } from '../../contract/hands.ts';
import { createEngineApi, type EngineApi } from '../../src/engine/engine-api.ts';
import { loadEquityWasm } from '../../src/engine/node/load-wasm.ts';
import {
  actionLines,
  actionsText,
  chartFromRanges,
  type ChartText,
  colorsRange,
  lineColors,
  RANGE_STYLES,
  type RangeTextEngine,
  wholeChartText,
} from '../../src/features/range-tool/shared/chart-text.ts';
import { BUTTON_PALETTE, type RangePairs } from '../../src/features/range-tool/shared/range-rules.ts';

let api: EngineApi;
let engine: RangeTextEngine;

beforeAll(async () => {
  api = createEngineApi(await loadEquityWasm());
  engine = {
    parseRange: (text) => api.parseRange(text),
    rangeToText: (w, style) => api.rangeToText(w, style),
  };
});

const LABELS = ['Raise', 'Call', '3-bet 2.5x', 'All-in', 'Limp / call', 'Raise 3:1', 'Фолд', '加注'];

/** A random chart: 1 to 4 buttons, hands with entries in the legend's order summing to at most 100 %. */
const chartArbitrary = (maxButtons = 4) =>
  fc
    .uniqueArray(fc.integer({ min: 0, max: LABELS.length - 1 }), { minLength: 1, maxLength: maxButtons })
    .chain((labelIndices) => {
      const buttons = labelIndices.map((label, at) => ({
        color: BUTTON_PALETTE[at]!,
        label: LABELS[label]!,
      }));
      const cell = fc
        .array(fc.integer({ min: 1, max: 10_000 }), { minLength: buttons.length, maxLength: buttons.length })
        .chain((raw) =>
          fc.tuple(
            fc.constant(raw),
            fc.array(fc.boolean(), { minLength: buttons.length, maxLength: buttons.length }),
            fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
          ),
        );
      return fc.tuple(
        fc.constant(buttons),
        fc.dictionary(fc.constantFrom(...HAND_CLASSES), cell, { maxKeys: 60 }),
      );
    })
    .map(([buttons, cells]): ChartText => {
      const pairs: RangePairs = {};
      const exclusions: Record<string, string[]> = {};
      for (const [hand, [raw, used, out]] of Object.entries(cells)) {
        // Hundredths of a percent, scaled so the colours used fit in 100 % together.
        const chosen = buttons
          .map((button, at) => ({ button, raw: raw[at]!, on: used[at]! }))
          .filter((e) => e.on);
        if (chosen.length === 0) continue;
        const sum = chosen.reduce((total, entry) => total + entry.raw, 0);
        const scale = Math.min(1, 10_000 / sum);
        const entries = chosen
          .map((entry) => ({ color: entry.button.color, weight: Math.floor(entry.raw * scale) / 100 }))
          .filter((entry) => entry.weight > 0);
        if (entries.length === 0) continue;
        pairs[hand] = entries;
        const combos = classCombos(hand);
        const left = combos.filter((_, at) => out[at]);
        if (left.length > 0 && left.length < combos.length) exclusions[hand] = left;
      }
      return { buttons, pairs, exclusions };
    });

/** Entries in colour order, so charts compare whatever order their entries were painted in. */
const normalized = (pairs: RangePairs) =>
  Object.fromEntries(
    Object.entries(pairs).map(([hand, entries]) => [
      hand,
      [...entries].sort((a, b) => a.color.localeCompare(b.color)),
    ]),
  );

async function importPaste(paste: string, chart: ChartText) {
  const lines = actionLines(paste);
  const ranges = await Promise.all(lines.map((line) => engine.parseRange(line.text)));
  const { colors, buttons } = lineColors(lines, chart.buttons, (place) => `Colour ${place}`);
  return { buttons, imported: chartFromRanges(ranges, colors) };
}

describe('a chart exported as text and imported again', () => {
  it.each(RANGE_STYLES)('is the same chart, colour by colour, one line per action (%s)', async (style) => {
    await fc.assert(
      fc.asyncProperty(chartArbitrary(), async (chart) => {
        const paste = await actionsText(chart, style, engine);
        const { buttons, imported } = await importPaste(paste, chart);
        expect(buttons).toEqual(chart.buttons);
        expect(imported.ok).toBe(true);
        if (!imported.ok) return;
        expect(normalized(imported.pairs)).toEqual(normalized(chart.pairs));
        expect(imported.exclusions).toEqual(chart.exclusions);
      }),
      { numRuns: 40 },
    );
  });

  it.each(RANGE_STYLES)('gives back a one-colour chart from its single range (%s)', async (style) => {
    await fc.assert(
      fc.asyncProperty(chartArbitrary(1), async (chart) => {
        const text = await wholeChartText(chart, style, engine);
        const range = await engine.parseRange(text);
        expect(range).toEqual(colorsRange(chart, [chart.buttons[0]!.color]));
        const imported = chartFromRanges([range], [chart.buttons[0]!.color]);
        expect(imported).toEqual({ ok: true, pairs: chart.pairs, exclusions: chart.exclusions });
      }),
      { numRuns: 40 },
    );
  });
});

describe('a multi-action paste', () => {
  const chart: ChartText = {
    buttons: [
      { color: '#1847BE', label: 'Raise' },
      { color: '#C0392B', label: 'Call' },
    ],
    pairs: {},
    exclusions: {},
  };

  it('reads labels, weighted lists, bracket groups and unlabelled lines in the legend order', async () => {
    const paste = 'call: [50]AKs,AQs[/50]\nRaise: AA:1,AKs:0.5\n\n4-bet: KK\n';
    const lines = actionLines(paste);
    expect(lines.map((line) => [line.label, line.text, line.line])).toEqual([
      ['call', '[50]AKs,AQs[/50]', 1],
      ['Raise', 'AA:1,AKs:0.5', 2],
      ['4-bet', 'KK', 4],
    ]);
    expect(paste.slice(lines[2]!.offset, lines[2]!.offset + 2)).toBe('KK');
    const { buttons, imported } = await importPaste(paste, chart);
    expect(buttons.map((button) => button.label)).toEqual(['Raise', 'Call', '4-bet']);
    expect(imported).toEqual({
      ok: true,
      pairs: {
        AA: [{ color: '#1847BE', weight: 100 }],
        KK: [{ color: buttons[2]!.color, weight: 100 }],
        AKs: [
          { color: '#C0392B', weight: 50 },
          { color: '#1847BE', weight: 50 },
        ],
        AQs: [{ color: '#C0392B', weight: 50 }],
      },
      exclusions: {},
    });
    // Without labels, lines fill the legend's colours in order.
    const plain = await importPaste('QQ+\nJJ-99, AKo:0.25', chart);
    expect(plain.imported.ok && plain.imported.pairs.TT).toEqual([{ color: '#C0392B', weight: 100 }]);
    expect(plain.imported.ok && plain.imported.pairs.AKo).toEqual([{ color: '#C0392B', weight: 25 }]);
  });

  it('takes "KJo : 0.5", spans and top shares as ranges, not labels', () => {
    for (const line of ['KJo : 0.5', 'TT-88:0.5', 'AhKh:0.25', 'top 15%:0.5', 'random:0.1', 'QQ+:1']) {
      expect(actionLines(line)[0]).toMatchObject({ label: null, text: line, offset: 0 });
    }
  });

  it('refuses a hand the lines fill past 100 % and names it with its total', async () => {
    const { imported } = await importPaste('Raise: AA:0.75, KK\nCall: AA:0.5', chart);
    expect(imported).toEqual({ ok: false, overfull: { hand: 'AA', total: 125 } });
  });
});
