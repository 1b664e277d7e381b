import { useState } from 'react';

import { getEngineClient } from '@/engine/engine-instance';
import { VILLAIN_TEXT_MAX } from '@contract/limits';

/** Why a typed villain range was not kept: the engine cannot read it, or it is too long to save even written short. */
export type VillainTextError = { kind: 'unreadable'; message: string } | { kind: 'tooLong'; max: number };

/**
 * Checks a typed villain range with the engine before it is kept, so the saved workspace only ever holds text the
 * engine reads (the server also refuses anything but range characters) and that the server stores: the workspace
 * goes with every save of the range, and a text past VILLAIN_TEXT_MAX (a solver's export, combo by combo) would
 * fail the save and drop the chart's edit with it. Such a text is kept as the engine's shortest notation of the
 * same range when that fits, else refused. Resolves with the text to keep, or null.
 */
export function useVillainText() {
  const [error, setError] = useState<VillainTextError | null>(null);
  const check = async (text: string): Promise<string | null> => {
    if (!text) {
      setError(null);
      return text;
    }
    try {
      const engine = getEngineClient();
      const range = await engine.parseRange(text);
      const kept = text.length > VILLAIN_TEXT_MAX ? await engine.rangeToNotation(range) : text;
      if (kept.length > VILLAIN_TEXT_MAX) {
        setError({ kind: 'tooLong', max: VILLAIN_TEXT_MAX });
        return null;
      }
      setError(null);
      return kept;
    } catch (failure) {
      setError({ kind: 'unreadable', message: failure instanceof Error ? failure.message : String(failure) });
      return null;
    }
  };
  return { error, check };
}
