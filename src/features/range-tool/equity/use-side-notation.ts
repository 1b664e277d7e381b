// A side's range as PokerStove text, for the players' text fields: what a typed side holds, or the engine's notation
// of what a chart or colour side plays now, so a player sees each range as text and can start typing from it.
import { useEffect, useState } from 'react';

import { getEngineClient } from '@/engine/engine-instance';
import { appStore } from '@/lib/store';
import type { EquitySide } from '@contract/categories';
import { sideSource } from '@contract/sides';

import { categoryIdAtom, comboExclusionsAtom, rangePairsAtom } from '../shared/atoms';
import { resolveSide } from './side-ranges';

/** Pause before the chart is turned into text again, so a drag across the grid asks the engine once. */
const NOTATION_SETTLE_MS = 120;
const NO_CARDS: ReadonlySet<number> = new Set();

/** The text of `side`: typed text as typed, hole cards run together ("AhKd"), a chart's range as notation. */
export function useSideNotation(side: EquitySide): string {
  const source = sideSource(side);
  const key = JSON.stringify(side);
  const [notation, setNotation] = useState({ key: '', text: '' });

  // The chart is watched through the store, not read in render: a paint re-renders this field only when the text
  // it settles on has changed, long after the paint's equity is on screen.
  useEffect(() => {
    if (source !== 'colors' && source !== 'chart') return;
    const value = JSON.parse(key) as EquitySide;
    let controller: AbortController | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      controller?.abort();
      timer = setTimeout(async () => {
        const current = new AbortController();
        controller = current;
        try {
          const engine = getEngineClient();
          const open = {
            categoryId: appStore.get(categoryIdAtom),
            pairs: appStore.get(rangePairsAtom),
            exclusions: appStore.get(comboExclusionsAtom),
          };
          const { range } = await resolveSide(value, open, NO_CARDS, engine, current.signal);
          const text = range ? await engine.rangeToNotation(range, { signal: current.signal }) : '';
          if (!current.signal.aborted) setNotation({ key, text });
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
  }, [key, source]);

  if (source === 'text') return side.text ?? '';
  if (source === 'cards') return (side.cards ?? []).join('');
  return notation.key === key ? notation.text : '';
}
