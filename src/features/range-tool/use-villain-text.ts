import { useState } from 'react';

import { getEngineClient } from '@/engine/engine-instance';

/**
 * Checks a typed villain range with the engine before it is kept, so the saved workspace only ever holds text the
 * engine reads (the server also refuses anything but range characters).
 */
export function useVillainText() {
  const [error, setError] = useState<string | null>(null);
  const check = async (text: string): Promise<boolean> => {
    if (!text) {
      setError(null);
      return true;
    }
    try {
      await getEngineClient().parseRange(text);
      setError(null);
      return true;
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      return false;
    }
  };
  return { error, check };
}
