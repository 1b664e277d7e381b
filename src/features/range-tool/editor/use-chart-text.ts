import { getEngineClient } from '@/engine/engine-instance';
import { RangeTextError } from '@/engine/range-text-error';
import { i18n } from '@/lib/i18n';
import { appStore } from '@/lib/store';

import {
  buttonsAtom,
  comboExclusionsAtom,
  currentColorAtom,
  editVersionAtom,
  rangeHistoryAtom,
} from '../shared/atoms';
import {
  actionLines,
  actionsText,
  chartFromRanges,
  type ChartText,
  colorsRange,
  lineColors,
  type RangeStyle,
  type RangeTextEngine,
  wholeChartText,
} from '../shared/chart-text';
import { mergeImported } from '../shared/range-rules';
import { importTextRange, mergeImportedExclusions } from '../shared/text-import';
import { chartLocked, useHistoryCommands } from './use-range-editor';

/** What an export writes: the current colour, the whole chart as one range, or one line per colour. */
export type ExportScope = 'color' | 'chart' | 'actions';

const engine: RangeTextEngine = {
  parseRange: (text) => getEngineClient().parseRange(text),
  rangeToText: (weights, style) => getEngineClient().rangeToText(weights, style),
};

/** The open chart as its text formats read it. */
const openChart = (): ChartText => ({
  buttons: appStore.get(buttonsAtom),
  pairs: appStore.get(rangeHistoryAtom).present,
  exclusions: appStore.get(comboExclusionsAtom),
});

/** A refused line of a paste, pointing at its token in the whole paste and naming the line. */
function lineError(error: RangeTextError, offset: number, line: number): RangeTextError {
  const message = i18n.t('ranges:text.lineError', { line, message: error.message });
  return new RangeTextError(
    { code: error.code, token: error.token, index: error.index + offset, length: error.length, message },
    message,
  );
}

/**
 * The chart's text in and out, every range read and written by the engine: a range in any format into the current
 * colour; a paste of one line per action ("Raise: QQ+, AKs") as the whole chart, filling several colours at once;
 * and the current colour, the whole chart or one line per colour written in a style other tools read.
 */
export function useChartText() {
  const { commit } = useHistoryCommands();
  return {
    /** Any single-range format into the current colour; its other colours keep their share while they fit. */
    importIntoColor: async (text: string) => {
      if (chartLocked()) return;
      const range = await engine.parseRange(text);
      const color = appStore.get(currentColorAtom);
      // Exact combos stay exact, as in the players' text fields (text-import.ts).
      const imported = importTextRange(range, color);
      commit((pairs) => mergeImported(pairs, imported.pairs, color));
      appStore.set(comboExclusionsAtom, mergeImportedExclusions(appStore.get(comboExclusionsAtom), imported));
    },
    /**
     * One line per action as the whole chart: a labelled line fills the legend's colour of that name (a new colour
     * when there is none), an unlabelled one the legend's colours in order. Nothing changes when a line cannot be
     * read (a RangeTextError pointing into the paste) or a hand is given more than 100 % (an Error saying which).
     */
    importActions: async (paste: string) => {
      if (chartLocked()) return;
      const lines = actionLines(paste);
      if (lines.length === 0) return;
      const ranges = await Promise.all(
        lines.map(async (line) => {
          try {
            return await engine.parseRange(line.text);
          } catch (error) {
            throw error instanceof RangeTextError ? lineError(error, line.offset, line.line) : error;
          }
        }),
      );
      const { colors, buttons } = lineColors(lines, appStore.get(buttonsAtom), (place) =>
        i18n.t('ranges:buttons.newLabel', { number: place }),
      );
      const chart = chartFromRanges(ranges, colors);
      if (!chart.ok) {
        throw new Error(
          i18n.t('ranges:text.overfull', {
            hand: chart.overfull.hand,
            total: Math.round(chart.overfull.total * 100) / 100,
          }),
        );
      }
      if (buttons.length !== appStore.get(buttonsAtom).length) appStore.set(buttonsAtom, buttons);
      commit(() => chart.pairs);
      appStore.set(comboExclusionsAtom, chart.exclusions);
      appStore.set(editVersionAtom, (version) => version + 1);
    },
    exportText: async (scope: ExportScope, style: RangeStyle): Promise<string> => {
      const chart = openChart();
      if (scope === 'actions') return actionsText(chart, style, engine);
      if (scope === 'chart') return wholeChartText(chart, style, engine);
      return engine.rangeToText(colorsRange(chart, [appStore.get(currentColorAtom)]), style);
    },
  };
}
