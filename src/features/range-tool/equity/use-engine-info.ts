import { useEffect } from 'react';

import { getEngineClient } from '@/engine/engine-instance';
import { atom, useAtomValue, useSetAtom } from '@/lib/store';

export type EngineInfo =
  { state: 'loading' } | { state: 'ready'; version: string } | { state: 'error'; message: string };

const engineInfoAtom = atom<EngineInfo>({ state: 'loading' });

/** Starts the engine workers once and exposes their state (loading, ready with the version, or failed). */
export function useEngineInfo(): EngineInfo {
  const setInfo = useSetAtom(engineInfoAtom);
  useEffect(() => {
    let cancelled = false;
    getEngineClient()
      .warm()
      .then((version) => !cancelled && setInfo({ state: 'ready', version }))
      .catch((error: Error) => !cancelled && setInfo({ state: 'error', message: error.message }));
    return () => {
      cancelled = true;
    };
  }, [setInfo]);
  return useAtomValue(engineInfoAtom);
}
