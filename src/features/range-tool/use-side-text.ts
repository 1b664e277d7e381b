import { useEffect, useState } from 'react';

import { getEngineClient } from '@/engine/engine-instance';
import { appStore } from '@/lib/store';
import { applyExclusions, classWeightsToRange } from '@contract/hands';

import { comboExclusionsAtom, rangePairsAtom } from './atoms';
import { classWeights, mergeImported } from './range-rules';
import { importTextRange, mergeImportedExclusions } from './text-import';
import { chartLocked, useHistoryCommands } from './use-range-editor';

/** Pause before the chart is turned into text again, so a drag across the grid asks the engine once. */
const NOTATION_SETTLE_MS = 120;

/**
 * One player's range as PokerStove text, both ways: the text follows the painted chart of the player's colours,
 * and text typed by the player is painted into the player's first colour (replacing that colour's hands), so the
 * text ranges and the chart are one state.
 */
export function useSideText(colors: readonly string[]) {
  const { commit } = useHistoryCommands();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const key = colors.join(',');

  // The chart is watched through the store, not read in render: a paint re-renders this field only when the text
  // it settles on has changed, long after the paint's equity is on screen.
  useEffect(() => {
    let controller: AbortController | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      controller?.abort();
      timer = setTimeout(async () => {
        const current = new AbortController();
        controller = current;
        try {
          const grid = classWeights(appStore.get(rangePairsAtom), key ? key.split(',') : []);
          const range = applyExclusions(classWeightsToRange(grid), appStore.get(comboExclusionsAtom));
          const notation = await getEngineClient().rangeToNotation(range, { signal: current.signal });
          if (!current.signal.aborted) setText(notation);
        } catch {
          // Superseded by a newer chart, or the engine is not up yet: the next change writes the text.
        }
      }, NOTATION_SETTLE_MS);
    };
    schedule();
    const stops = [appStore.sub(rangePairsAtom, schedule), appStore.sub(comboExclusionsAtom, schedule)];
    return () => {
      stops.forEach((stop) => stop());
      clearTimeout(timer);
      controller?.abort();
    };
  }, [key]);

  const apply = async (input: string) => {
    const color = colors[0];
    if (!color || chartLocked()) return;
    try {
      const range = await getEngineClient().parseRange(input);
      // Exact combos stay exact ("QsQd" is one combo, not QQ): the classes the text names only in part get the
      // rest of their combos left out, as the suit editor does.
      const imported = importTextRange(range, color);
      commit((current) => mergeImported(current, imported.pairs, color));
      appStore.set(comboExclusionsAtom, mergeImportedExclusions(appStore.get(comboExclusionsAtom), imported));
      setError(null);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  return { text, error, apply };
}
